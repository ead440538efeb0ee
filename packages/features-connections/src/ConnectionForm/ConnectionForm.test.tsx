import { dbError } from '@opsdeck/testing';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ids,
  startConnectionsBackend,
  STORED_PASSWORD,
} from '../testing/connectionsBackend.test.helper.ts';
import { renderConnections } from '../testing/renderConnections.test.helper.tsx';

let backend: Awaited<ReturnType<typeof startConnectionsBackend>>;
beforeEach(async () => {
  backend = await startConnectionsBackend();
});
afterEach(async () => {
  cleanup();
  await backend.close();
});

const baseUrl = () => `${backend.url}/api`;
const nameLabel = /^Name(?!space)/;
const group = (name: RegExp) => screen.getByRole('group', { name });
const valueOf = (element: HTMLElement) => (element as HTMLInputElement).value;

describe('the connection list', () => {
  it('lists live connections with their type; New only for those who may write', async () => {
    const { unmount } = renderConnections('/settings/connections', { baseUrl: baseUrl() });
    const row = (await screen.findByRole('link', { name: 'opsdeck-api' })).closest('tr')!;
    expect(within(row).getByText('HTTP')).toBeTruthy();
    expect(within(row).getByText('mission-control')).toBeTruthy();
    expect(within(row).getByText('Ada Admin')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New connection' })).toBeTruthy();
    unmount();
    // settings §6: editors read connections, only admins write them.
    renderConnections('/settings/connections', { baseUrl: baseUrl(), role: 'editor' });
    expect(await screen.findByRole('link', { name: 'ops-slack' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'New connection' })).toBeNull();
  });

  it('a new connection is refused to an editor', async () => {
    renderConnections('/settings/connections/new', { baseUrl: baseUrl(), role: 'editor' });
    expect(await screen.findByText(/not authori[sz]ed|permission/i)).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Connection types' })).toBeNull();
  });
});

describe('a new connection', () => {
  it('picks a type from cards (jmeter hidden), shows its fields, requires them, and saves', async () => {
    const user = userEvent.setup();
    const { router } = renderConnections('/settings/connections/new', { baseUrl: baseUrl() });
    const types = await screen.findByRole('list', { name: 'Connection types' });
    const labels = within(types)
      .getAllByRole('button')
      .map((card) => card.textContent);
    expect(labels).toContain('HTTP');
    expect(labels).toContain('Slack');
    expect(labels.some((label) => /jmeter/i.test(label ?? ''))).toBe(false);
    expect(labels).toEqual([...labels].sort((a, b) => a!.localeCompare(b!)));
    await user.click(within(types).getByRole('button', { name: 'HTTP' }));

    // The namespace's default; the type's own fields.
    expect(valueOf(screen.getByRole('textbox', { name: /^Namespace/ }))).toBe('default');
    expect(group(/^Password/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText('This field is required')).length).toBeGreaterThan(0);
    expect(backend.requestsTo('POST /api/db/connections')).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: nameLabel }), 'self');
    await user.type(screen.getByRole('textbox', { name: /^URL/ }), 'http://127.0.0.1:8080/health');
    await user.type(within(group(/^Password/)).getByLabelText(/^Value/), 's3cret');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/connections'));
    expect(backend.last().body).toMatchObject({
      name: 'self',
      namespace: 'default',
      type: 'http',
      url: 'http://127.0.0.1:8080/health',
      password: 's3cret',
    });
  });

  it('a secret read from a secret is written as its reference', async () => {
    const user = userEvent.setup();
    renderConnections('/settings/connections/new', { baseUrl: baseUrl() });
    const types = await screen.findByRole('list', { name: 'Connection types' });
    await user.click(within(types).getByRole('button', { name: 'HTTP' }));
    await user.type(screen.getByRole('textbox', { name: nameLabel }), 'by-ref');
    await user.type(screen.getByRole('textbox', { name: /^URL/ }), 'http://127.0.0.1:1/x');
    const password = group(/^Password/);
    await user.click(within(password).getByRole('radio', { name: 'Secret' }));
    await user.type(within(password).getByLabelText(/^Secret name/), 'web');
    await user.type(within(password).getByLabelText(/^Key/), 'password');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(backend.requestsTo('POST /api/db/connections')).toHaveLength(1));
    expect(backend.last().body).toMatchObject({ password: 'secret://web/password' });
  });

  it("a server refusal keeps every typed value and shows the server's message", async () => {
    backend.on('POST /api/db/connections', dbError(403, 'connections: the write needs admin'));
    const user = userEvent.setup();
    renderConnections('/settings/connections/new', { baseUrl: baseUrl() });
    const types = await screen.findByRole('list', { name: 'Connection types' });
    await user.click(within(types).getByRole('button', { name: 'HTTP' }));
    await user.type(screen.getByRole('textbox', { name: nameLabel }), 'kept');
    await user.type(screen.getByRole('textbox', { name: /^URL/ }), 'http://127.0.0.1:1/x');
    await user.type(within(group(/^Password/)).getByLabelText(/^Value/), 'typed');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/the write needs admin/);
    expect(valueOf(screen.getByRole('textbox', { name: nameLabel }))).toBe('kept');
    expect(valueOf(screen.getByRole('textbox', { name: /^URL/ }))).toBe('http://127.0.0.1:1/x');
    expect(valueOf(within(group(/^Password/)).getByLabelText(/^Value/))).toBe('typed');
  });
});

describe('an existing connection', () => {
  it('saved without retyping the password keeps the stored one, never shown', async () => {
    const user = userEvent.setup();
    renderConnections(`/settings/connections/${ids.http}`, { baseUrl: baseUrl() });
    const url = await screen.findByRole('textbox', { name: /^URL/ });
    expect(document.body.textContent).not.toContain(STORED_PASSWORD);
    // settings §4: an existing connection keeps its name and namespace.
    expect(screen.queryByRole('textbox', { name: nameLabel })).toBeNull();
    expect(screen.getByText('opsdeck-api in namespace mission-control')).toBeTruthy();
    const password = within(group(/^Password/)).getByLabelText(/^Value/);
    expect(valueOf(password)).not.toContain(STORED_PASSWORD);
    await user.clear(url);
    await user.type(url, 'http://127.0.0.1:8080/ready');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(backend.requestsTo('PATCH /api/db/connections')).toHaveLength(1));
    expect(backend.stored(ids.http)).toMatchObject({
      name: 'opsdeck-api',
      namespace: 'mission-control',
      url: 'http://127.0.0.1:8080/ready',
      password: STORED_PASSWORD,
    });
  });

  it("a notification connection's url is read back into its fields and rebuilt on save", async () => {
    const user = userEvent.setup();
    renderConnections(`/settings/connections/${ids.slack}`, { baseUrl: baseUrl() });
    const channel = await screen.findByRole('textbox', { name: /^Channel/ });
    expect(valueOf(channel)).toBe('alerts');
    const token = group(/^Bot token/);
    expect(within(token).getByRole('radio', { name: 'Secret' })).toHaveProperty('checked', true);
    expect(valueOf(within(token).getByLabelText(/^Secret name/))).toBe('slack');
    await user.clear(channel);
    await user.type(channel, 'ops');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(backend.requestsTo('PATCH /api/db/connections')).toHaveLength(1));
    expect(backend.stored(ids.slack)).toMatchObject({
      url: 'slack://$(password)@ops?botname=opsdeck',
      password: 'secret://slack/bot-token',
      properties: { channel: 'ops' },
    });
  });

  it('Test connection shows the answer inline, a failure with its text', async () => {
    const user = userEvent.setup();
    const { unmount } = renderConnections(`/settings/connections/${ids.http}`, {
      baseUrl: baseUrl(),
    });
    await user.click(await screen.findByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText('Test passed: ok')).toBeTruthy();
    expect(backend.requestsTo('POST /api/connection/test/:id')[0]?.url).toBe(
      `/api/connection/test/${ids.http}`,
    );
    unmount();
    renderConnections(`/settings/connections/${ids.fromFile}`, { baseUrl: baseUrl() });
    await user.click(await screen.findByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText(/Test failed: .*ECONNREFUSED/)).toBeTruthy();
  });

  it('a connection from a file is read-only', async () => {
    renderConnections(`/settings/connections/${ids.fromFile}`, { baseUrl: baseUrl() });
    expect(await screen.findByText(/Read-only: defined by a file/)).toBeTruthy();
    // A disabled fieldset disables every control in it.
    expect(screen.getByRole('textbox', { name: /^URL/ }).matches(':disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Update' }).matches(':disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('Delete asks first, then removes it softly', async () => {
    const user = userEvent.setup();
    const { router } = renderConnections(`/settings/connections/${ids.http}`, {
      baseUrl: baseUrl(),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(backend.requestsTo('PATCH /api/db/connections')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/connections'));
    expect(backend.stored(ids.http)?.deleted_at).toBeTruthy();
  });

  it('an unknown id is Not found', async () => {
    renderConnections('/settings/connections/0191b000-0000-7000-8000-0000000000ff', {
      baseUrl: baseUrl(),
    });
    expect(await screen.findByRole('link', { name: 'All connections' })).toBeTruthy();
  });
});
