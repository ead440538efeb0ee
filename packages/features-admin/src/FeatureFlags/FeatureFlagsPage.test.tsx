import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { withAdminBackend } from '../testing/adminPage.test.helper.ts';
import { renderAdmin } from '../testing/renderAdmin.test.helper.tsx';

const { backend, baseUrl } = withAdminBackend();
const table = () => screen.findByRole('table', { name: 'Feature flags' });

describe('the feature flags page', () => {
  it('lists the flags with their creator; a viewer gets no Add', async () => {
    const { unmount } = renderAdmin('/settings/feature-flags', { baseUrl: baseUrl() });
    const row = (await within(await table()).findByText('settings.jobs.disable')).closest('tr')!;
    expect(within(row).getByText('false')).toBeTruthy();
    expect(within(row).getByText('Ada Admin')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add feature flag' })).toBeTruthy();
    unmount();
    renderAdmin('/settings/feature-flags', { baseUrl: baseUrl(), role: 'viewer' });
    await within(await table()).findByText('settings.jobs.disable');
    expect(screen.queryByRole('button', { name: 'Add feature flag' })).toBeNull();
  });

  it('adds a flag and sets an existing one’s value', async () => {
    const user = userEvent.setup();
    renderAdmin('/settings/feature-flags', { baseUrl: baseUrl() });
    await user.click(await screen.findByRole('button', { name: 'Add feature flag' }));
    let dialog = await screen.findByRole('dialog', { name: 'Add feature flag' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'settings.users.disable');
    await user.type(within(dialog).getByLabelText('Value'), 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await within(await table()).findByText('settings.users.disable');
    await user.click(within(await table()).getByText('settings.jobs.disable'));
    dialog = await screen.findByRole('dialog', { name: 'Edit settings.jobs.disable' });
    const value = within(dialog).getByLabelText('Value');
    await user.clear(value);
    await user.type(value, 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      const patch = backend().requests.find((r) => r.method === 'PATCH');
      expect(patch?.query.get('name')).toBe('eq.settings.jobs.disable');
      expect(patch?.body).toEqual({ value: 'true' });
    });
  });
});
