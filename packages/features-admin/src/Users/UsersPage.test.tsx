import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { withAdminBackend } from '../testing/adminPage.test.helper.ts';
import { renderAdmin } from '../testing/renderAdmin.test.helper.tsx';

const { backend, baseUrl } = withAdminBackend();
const rowOf = async (text: string) => {
  const table = await screen.findByRole('table', { name: 'Users' });
  return (await within(table).findByText(text)).closest('tr')!;
};

describe('the users page', () => {
  it('lists people with email, roles, last login and state; a viewer gets no admin controls', async () => {
    const { unmount } = renderAdmin('/settings/users', { baseUrl: baseUrl() });
    const viewer = await rowOf('Val Viewer');
    expect(within(viewer).getByText('viewer@local')).toBeTruthy();
    expect(within(viewer).getByText('Never')).toBeTruthy();
    expect(within(viewer).getByText('active')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Invite user' })).toBeTruthy();
    unmount();
    renderAdmin('/settings/users', { baseUrl: baseUrl(), role: 'viewer' });
    const row = await rowOf('Val Viewer');
    expect(within(row).getByText('viewer')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Invite user' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Deactivate/ })).toBeNull();
  });

  it('shows an editor the people read-only (the role matrix lets editors read identities, not write them)', async () => {
    renderAdmin('/settings/users', { baseUrl: baseUrl(), role: 'editor' });
    const row = await rowOf('Val Viewer');
    expect(within(row).getByText('viewer')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Invite user' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Role of Val Viewer' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Deactivate/ })).toBeNull();
  });

  it('opens Invite user from ?invite=user (the palette’s action) for admins only', async () => {
    const user = userEvent.setup();
    const { unmount } = renderAdmin('/settings/users?invite=user', { baseUrl: baseUrl() });
    await screen.findByRole('dialog', { name: 'Invite user' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Invite user' })).toBeNull());
    unmount();
    renderAdmin('/settings/users?invite=user', { baseUrl: baseUrl(), role: 'viewer' });
    await screen.findByRole('table', { name: 'Users' });
    expect(screen.queryByRole('dialog', { name: 'Invite user' })).toBeNull();
  });

  it('invites a user with a role and shows the one-time link', async () => {
    const user = userEvent.setup();
    renderAdmin('/settings/users', { baseUrl: baseUrl() });
    await user.click(await screen.findByRole('button', { name: 'Invite user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite user' });
    await user.type(within(dialog).getByLabelText('First name'), 'Rae');
    await user.type(within(dialog).getByLabelText('Last name'), 'Responder');
    await user.type(within(dialog).getByLabelText(/^Email/), 'rae@local');
    await user.click(within(dialog).getByRole('combobox', { name: /^Role/ }));
    await user.click(await screen.findByRole('option', { name: 'responder' }));
    await user.click(within(dialog).getByRole('button', { name: 'Invite' }));
    expect(await within(dialog).findByText(/invite\?token=stand-in-token/)).toBeTruthy();
    const sent = backend().requests.find((r) => r.path === '/api/auth/invite_user')!;
    expect(sent.body).toEqual({
      firstName: 'Rae',
      lastName: 'Responder',
      email: 'rae@local',
      role: 'responder',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(await rowOf('Rae Responder')).toBeTruthy();
  });

  it('shows the server’s refusal of an invitation in the form', async () => {
    const user = userEvent.setup();
    renderAdmin('/settings/users', { baseUrl: baseUrl() });
    await user.click(await screen.findByRole('button', { name: 'Invite user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite user' });
    await user.type(within(dialog).getByLabelText(/^Email/), 'viewer@local');
    await user.click(within(dialog).getByRole('button', { name: 'Invite' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'viewer@local already has an account',
    );
  });

  it('names the 200-character limit of a name, and sends nothing past it', async () => {
    const user = userEvent.setup();
    renderAdmin('/settings/users', { baseUrl: baseUrl() });
    await user.click(await screen.findByRole('button', { name: 'Invite user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite user' });
    await user.click(within(dialog).getByLabelText('First name'));
    await user.paste('n'.repeat(201));
    await user.type(within(dialog).getByLabelText(/^Email/), 'long@local');
    await user.click(within(dialog).getByRole('button', { name: 'Invite' }));
    expect(await within(dialog).findByText('At most 200 characters')).toBeTruthy();
    expect(within(dialog).queryByText(/invitation for/)).toBeNull();
  });

  it('changes a role and deactivates after confirming', async () => {
    const user = userEvent.setup();
    renderAdmin('/settings/users', { baseUrl: baseUrl() });
    const viewer = await rowOf('Val Viewer');
    await user.click(within(viewer).getByRole('combobox', { name: 'Role of Val Viewer' }));
    await user.click(await screen.findByRole('option', { name: 'editor' }));
    await waitFor(() => {
      const update = backend().requests.find((r) => r.path === '/api/people/update');
      expect(update?.body).toEqual({ id: expect.any(String), role: 'editor' });
    });
    const deactivate = within(viewer).getByRole('button', { name: 'Deactivate Val Viewer' });
    // The person's name is the button's accessible name only, not text repeated in every row.
    expect(deactivate.textContent).toBe('Deactivate');
    expect(screen.queryByText(/Deactivate Val Viewer/)).toBeNull();
    await user.click(deactivate);
    const confirm = await screen.findByRole('dialog', { name: 'Deactivate Val Viewer?' });
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    await waitFor(async () => {
      expect(within(await rowOf('Val Viewer')).getByText('inactive')).toBeTruthy();
    });
    expect(backend().requests.some((r) => r.method === 'DELETE')).toBe(true);
  });
});
