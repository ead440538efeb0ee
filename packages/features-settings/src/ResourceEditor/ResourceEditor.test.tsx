import { dbError, type FakeBackend } from '@opsdeck/testing';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ids, startSettingsBackend } from '../testing/settingsBackend.test.helper.ts';
import { renderSettings } from '../testing/renderSettings.test.helper.tsx';

let backend: FakeBackend;
beforeEach(async () => {
  backend = await startSettingsBackend();
});
afterEach(async () => {
  cleanup();
  await backend.close();
});

// The resource's and the check's Name, not Namespace.
const nameLabel = /^Name(?!space)/;
const baseUrl = () => `${backend.url}/api`;
const stored = async (table: string, id: string) => {
  const response = await fetch(`${backend.url}/api/db/${table}?id=eq.${id}`);
  return ((await response.json()) as Record<string, unknown>[])[0];
};

describe('the health check list', () => {
  it('lists the canaries, with Add for a writer and none for a viewer', async () => {
    const { unmount } = renderSettings('/settings/canaries', { baseUrl: baseUrl() });
    expect(await screen.findByRole('link', { name: 'payments-api' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add health check' })).toBeTruthy();
    unmount();
    renderSettings('/settings/canaries', { baseUrl: baseUrl(), role: 'viewer' });
    expect(await screen.findByRole('link', { name: 'payments-api' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Add health check' })).toBeNull();
  });
});

describe('a new health check', () => {
  it('starts on the type grid; HTTP opens its guided form, which saves one http check', async () => {
    const user = userEvent.setup();
    const { router } = renderSettings('/settings/canaries/new', { baseUrl: baseUrl() });
    const grid = await screen.findByRole('region', { name: 'Health check types' });
    const labels = within(grid)
      .getAllByRole('button')
      .map((card) => card.textContent);
    expect(labels).toHaveLength(31);
    expect(labels).toEqual([...labels].sort((a, b) => a!.localeCompare(b!)));
    await user.type(screen.getByRole('textbox', { name: nameLabel }), 'web');
    await user.click(within(grid).getByRole('button', { name: 'HTTP' }));
    expect(screen.getByRole('link', { name: /HTTP documentation/ })).toBeTruthy();
    // The check's name followed the resource's; it keeps following while the two are equal.
    const names = screen.getAllByRole('textbox', { name: nameLabel });
    expect((names[1] as HTMLInputElement).value).toBe('web');
    await user.type(names[0]!, '-api');
    expect((names[1] as HTMLInputElement).value).toBe('web-api');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This field is required')).toBeTruthy();
    // Pasted: each typed character re-renders the whole guided form, 30 of them took most of
    // this test's time on a loaded machine.
    await user.click(screen.getByRole('textbox', { name: /^URL/ }));
    await user.paste('http://127.0.0.1:8080/health');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/settings/canaries/new'));
    const id = router.state.location.pathname.split('/').pop()!;
    expect(await stored('canaries', id)).toMatchObject({
      name: 'web-api',
      namespace: 'default',
      source: 'UI',
      spec: {
        schedule: '@every 5m',
        http: [{ name: 'web-api', url: 'http://127.0.0.1:8080/health' }],
      },
    });
    // The guided form is the heaviest page of the package: room for a loaded machine.
  }, 60_000);

  it("a server refusal keeps every typed value and shows the server's message", async () => {
    backend.on('POST /api/db/canaries', dbError(403, 'canaries: the write needs canaries:write'));
    const user = userEvent.setup();
    renderSettings('/settings/canaries/new', { baseUrl: baseUrl() });
    await screen.findByRole('region', { name: 'Health check types' });
    await user.type(screen.getByRole('textbox', { name: nameLabel }), 'tcp-db');
    await user.click(screen.getByRole('button', { name: 'TCP' }));
    await user.type(screen.getByRole('textbox', { name: /^Endpoint/ }), 'db:5432');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'canaries: the write needs canaries:write',
    );
    expect((screen.getAllByRole('textbox', { name: nameLabel })[0] as HTMLInputElement).value).toBe(
      'tcp-db',
    );
    expect((screen.getByRole('textbox', { name: /^Endpoint/ }) as HTMLInputElement).value).toBe(
      'db:5432',
    );
  });
});

describe('an existing health check', () => {
  it('keeps its name and says Update', async () => {
    const user = userEvent.setup();
    const { router } = renderSettings(`/settings/canaries/${ids.canary}`, { baseUrl: baseUrl() });
    const name = await screen.findAllByRole('textbox', { name: nameLabel });
    expect((name[0] as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Job History' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/canaries'));
  });

  it('deletes softly after confirming', async () => {
    const user = userEvent.setup();
    const { router } = renderSettings(`/settings/canaries/${ids.canary}`, { baseUrl: baseUrl() });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete resource' });
    expect(within(dialog).getByText('Are you sure you want to delete this resource?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/canaries'));
    expect(await stored('canaries', ids.canary)).toMatchObject({ deleted_at: expect.any(String) });
  });

  it('one from a resource file is read-only: no Update, no Delete', async () => {
    renderSettings(`/settings/canaries/${ids.fileCanary}`, { baseUrl: baseUrl() });
    expect((await screen.findByText(/Read-only: defined by/)).textContent).toMatch(/ConfigFile/);
    expect(screen.queryByRole('button', { name: 'Update' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('an id that names no record is Not found', async () => {
    renderSettings('/settings/canaries/not-an-id', { baseUrl: baseUrl() });
    expect(await screen.findByRole('heading', { name: 'Not found' })).toBeTruthy();
  });

  it('lists its jobs', async () => {
    const user = userEvent.setup();
    renderSettings(`/settings/canaries/${ids.canary}`, { baseUrl: baseUrl() });
    await user.click(await screen.findByRole('tab', { name: 'Job History' }));
    expect(await screen.findByRole('cell', { name: 'SUCCESS' })).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: /resource/i })).toBeNull();
  });
});

describe('a team', () => {
  it('adds a member from the people not in it, and removes one', async () => {
    const user = userEvent.setup();
    renderSettings(`/settings/teams/${ids.team}`, { baseUrl: baseUrl() });
    await user.click(await screen.findByRole('tab', { name: 'Members' }));
    expect(await screen.findByText('Ada Admin')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add Members' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add users to the team' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Users' }));
    expect(screen.queryByRole('option', { name: /Ada Admin/ })).toBeNull();
    await user.click(await screen.findByRole('option', { name: /Val Viewer/ }));
    await user.keyboard('{Escape}');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Val Viewer added to the team successfully')).toBeTruthy();
    expect(await screen.findByText('viewer@local')).toBeTruthy();

    // The row's menu is named for the member but shows no 'Actions for …' text.
    expect(screen.queryByText(/Actions for/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Actions for Val Viewer' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove user' }));
    expect(await screen.findByText('Val Viewer removed from team successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('viewer@local')).toBeNull());
  });
});

describe('a changed form', () => {
  it('asks before leaving, and stays when asked to', async () => {
    const user = userEvent.setup();
    const { router } = renderSettings('/settings/teams/new', { baseUrl: baseUrl() });
    await user.type(await screen.findByRole('textbox', { name: nameLabel }), 'sre');
    void router.navigate('/settings/teams');
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/settings/teams/new');
    expect((screen.getByRole('textbox', { name: nameLabel }) as HTMLInputElement).value).toBe(
      'sre',
    );
  });
});

describe('a new catalog scraper', () => {
  it('starts on the grid of the 11 scraper types; Kubernetes opens its form and saves', async () => {
    const user = userEvent.setup();
    const { router } = renderSettings('/settings/config_scrapers/new', { baseUrl: baseUrl() });
    const grid = await screen.findByRole('region', { name: 'Catalog scraper types' });
    expect(within(grid).getAllByRole('button')).toHaveLength(11);
    await user.type(screen.getByRole('textbox', { name: nameLabel }), 'cluster');
    await user.click(within(grid).getByRole('button', { name: 'Kubernetes' }));
    await user.type(screen.getByRole('textbox', { name: /^Cluster name/ }), 'local');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(router.state.location.pathname).not.toBe('/settings/config_scrapers/new'),
    );
    const id = router.state.location.pathname.split('/').pop()!;
    expect(await stored('config_scrapers', id)).toMatchObject({
      name: 'cluster',
      source: 'UI',
      spec: { schedule: '@every 30m', kubernetes: [{ name: 'cluster', clusterName: 'local' }] },
    });
  });
});
