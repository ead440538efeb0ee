import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminIds } from '../testing/adminBackend.test.helper.ts';
import { withAdminBackend } from '../testing/adminPage.test.helper.ts';
import { renderAdmin } from '../testing/renderAdmin.test.helper.tsx';

const { backend, baseUrl } = withAdminBackend();
const rowOf = async (text: string) => {
  const table = await screen.findByRole('table', { name: 'Permissions' });
  return (await within(table).findByText(text)).closest('tr')!;
};

describe('the permissions page', () => {
  it('lists resource, subject, action, dates and creator; Add Permission for writers only', async () => {
    const { unmount } = renderAdmin('/settings/permissions', { baseUrl: baseUrl() });
    const deny = await rowOf('Val Viewer');
    expect(within(deny).getByText('playbooks')).toBeTruthy();
    expect(within(deny).getByText('deny')).toBeTruthy();
    expect(within(deny).getByText('Ada Admin')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add Permission' })).toBeTruthy();
    unmount();
    renderAdmin('/settings/permissions', { baseUrl: baseUrl(), role: 'viewer' });
    await rowOf('Val Viewer');
    expect(screen.queryByRole('button', { name: 'Add Permission' })).toBeNull();
  });

  it('adds a team’s deny on a global object and says so', async () => {
    const user = userEvent.setup();
    renderAdmin('/settings/permissions', { baseUrl: baseUrl() });
    await user.click(await screen.findByRole('button', { name: 'Add Permission' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Permission' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Team' }));
    await user.click(await screen.findByRole('option', { name: 'platform' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Global' }));
    await user.click(within(dialog).getByRole('combobox', { name: /^Object/ }));
    await user.click(await screen.findByRole('option', { name: 'connection' }));
    await user.click(within(dialog).getByRole('combobox', { name: /^Action/ }));
    await user.click(await screen.findByRole('option', { name: 'delete' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Deny' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Permission added')).toBeTruthy();
    const sent = backend().requests.find((r) => r.method === 'POST')!;
    expect(sent.body).toMatchObject({
      subject_type: 'team',
      subject: adminIds.team,
      team_id: adminIds.team,
      person_id: null,
      object: 'connection',
      config_id: null,
      action: 'delete',
      deny: true,
      source: 'UI',
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Add Permission' })).toBeNull(),
    );
  });

  it('opens a file-defined permission read-only, and deletes a UI one after confirming', async () => {
    const user = userEvent.setup();
    renderAdmin('/settings/permissions', { baseUrl: baseUrl() });
    await user.click(await rowOf('platform'));
    const readOnly = await screen.findByRole('dialog', { name: 'Edit Permission' });
    expect(within(readOnly).getByText(/defined in ConfigFile/)).toBeTruthy();
    expect(within(readOnly).queryByRole('button', { name: 'Update' })).toBeNull();
    expect(within(readOnly).queryByRole('button', { name: 'Delete' })).toBeNull();
    await user.click(within(readOnly).getByRole('button', { name: 'Done' }));
    await user.click(await rowOf('Val Viewer'));
    const editor = await screen.findByRole('dialog', { name: 'Edit Permission' });
    await user.click(within(editor).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Permission' });
    expect(
      within(confirm).getByText('Are you sure you want to delete the permission?'),
    ).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Permission deleted')).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Permissions' });
    await waitFor(() => expect(within(table).queryByText('Val Viewer')).toBeNull());
  });
});
