import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { withAdminBackend } from '../testing/adminPage.test.helper.ts';
import { renderAdmin } from '../testing/renderAdmin.test.helper.tsx';

const { baseUrl } = withAdminBackend();
const table = () => screen.findByRole('table', { name: 'Agents' });

describe('the agents page', () => {
  it('registers an agent and shows its token once in the install command', async () => {
    const user = userEvent.setup();
    renderAdmin('/settings/agents', { baseUrl: baseUrl() });
    await within(await table()).findByText('eu-west');
    await user.click(screen.getByRole('button', { name: 'Register agent' }));
    const dialog = await screen.findByRole('dialog', { name: 'Register agent' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'us-east');
    await user.click(within(dialog).getByRole('button', { name: 'Register' }));
    const command = await within(dialog).findByText(/helm install/);
    expect(command.textContent).toContain(`--set upstream.password='stand-in-token'`);
    expect(command.textContent).toContain(`--set upstream.username='agent-0123456789abcdef'`);
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await within(await table()).findByText('us-east');
  });

  it('names the 200-character limit of a name, and sends nothing past it', async () => {
    const user = userEvent.setup();
    renderAdmin('/settings/agents', { baseUrl: baseUrl() });
    await within(await table()).findByText('eu-west');
    await user.click(screen.getByRole('button', { name: 'Register agent' }));
    const dialog = await screen.findByRole('dialog', { name: 'Register agent' });
    await user.click(within(dialog).getByLabelText(/^Name/));
    await user.paste('a'.repeat(201));
    await user.click(within(dialog).getByRole('button', { name: 'Register' }));
    expect(await within(dialog).findByText('At most 200 characters')).toBeTruthy();
    expect(within(dialog).queryByText(/helm install/)).toBeNull();
  });

  it('deletes an agent after confirming; a viewer gets neither control', async () => {
    const user = userEvent.setup();
    const { unmount } = renderAdmin('/settings/agents', { baseUrl: baseUrl() });
    await within(await table()).findByText('eu-west');
    await user.click(screen.getByRole('button', { name: 'Delete eu-west' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete eu-west?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(async () => expect(within(await table()).queryByText('eu-west')).toBeNull());
    unmount();
    renderAdmin('/settings/agents', { baseUrl: baseUrl(), role: 'viewer' });
    await table();
    expect(screen.queryByRole('button', { name: 'Register agent' })).toBeNull();
  });
});
