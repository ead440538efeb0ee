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

describe('a draft', () => {
  beforeEach(() => sessionStorage.clear());

  it('survives a reload, says so, and is gone once saved', async () => {
    const user = userEvent.setup();
    const first = renderSettings('/settings/teams/new', { baseUrl: baseUrl() });
    await user.type(await screen.findByRole('textbox', { name: nameLabel }), 'sre');
    // A reload: the page goes and comes back in the same tab.
    first.unmount();
    const { router } = renderSettings('/settings/teams/new', { baseUrl: baseUrl() });
    const box = await screen.findByRole('textbox', { name: nameLabel });
    expect((box as HTMLInputElement).value).toBe('sre');
    expect(screen.getByRole('status').textContent).toMatch(/^Restored your unsaved changes/);
    // Still a change to ask about before leaving.
    void router.navigate('/settings/teams');
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/settings/teams/new'));
    cleanup();
    renderSettings('/settings/teams/new', { baseUrl: baseUrl() });
    expect(
      ((await screen.findByRole('textbox', { name: nameLabel })) as HTMLInputElement).value,
    ).toBe('');
    expect(screen.queryByText(/Restored your unsaved changes/)).toBeNull();
  });

  it("keeps a record's edited spec per record, and Discard drops it", async () => {
    const user = userEvent.setup();
    const first = renderSettings(`/settings/canaries/${ids.canary}`, { baseUrl: baseUrl() });
    const threshold = await screen.findByLabelText(/^Threshold \(ms\)/);
    await user.clear(threshold);
    await user.type(threshold, '2500');
    first.unmount();
    // Another record has no draft; opening one unchanged makes none.
    const other = renderSettings(`/settings/canaries/${ids.fileCanary}`, { baseUrl: baseUrl() });
    await screen.findByText(/Read-only: defined by/);
    expect(screen.queryByText(/Restored your unsaved changes/)).toBeNull();
    other.unmount();

    renderSettings(`/settings/canaries/${ids.canary}`, { baseUrl: baseUrl() });
    expect(((await screen.findByLabelText(/^Threshold \(ms\)/)) as HTMLInputElement).value).toBe(
      '2500',
    );
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    await waitFor(() =>
      expect((screen.getByLabelText(/^Threshold \(ms\)/) as HTMLInputElement).value).not.toBe(
        '2500',
      ),
    );
    expect(screen.queryByText(/Restored your unsaved changes/)).toBeNull();
    cleanup();
    renderSettings(`/settings/canaries/${ids.canary}`, { baseUrl: baseUrl() });
    expect(
      ((await screen.findByLabelText(/^Threshold \(ms\)/)) as HTMLInputElement).value,
    ).not.toBe('2500');
    expect(screen.queryByText(/Restored your unsaved changes/)).toBeNull();
  }, 60_000);

  it('opening a record and leaving it unchanged leaves no draft', async () => {
    const first = renderSettings(`/settings/canaries/${ids.canary}`, { baseUrl: baseUrl() });
    await screen.findByLabelText(/^Threshold \(ms\)/);
    first.unmount();
    expect(sessionStorage.length).toBe(0);
  });
});

describe('a topology', () => {
  it('a new one is built in the guided form: its type and a component', async () => {
    const user = userEvent.setup();
    const { router } = renderSettings('/settings/topologies/new', { baseUrl: baseUrl() });
    await user.type(await screen.findByRole('textbox', { name: nameLabel }), 'shop');
    expect(screen.getByRole('tab', { name: 'Form', selected: true })).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: /^Type/ }), 'App');
    await user.click(screen.getByRole('button', { name: 'Add Component' }));
    const names = screen.getAllByRole('textbox', { name: nameLabel });
    await user.type(names[1]!, 'api');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/integrations'));
    const response = await fetch(`${backend.url}/api/db/topologies?name=eq.shop`);
    const [row] = (await response.json()) as { spec: unknown }[];
    expect(row!.spec).toEqual({
      schedule: '@every 10m',
      type: 'App',
      components: [{ name: 'api' }],
    });
  }, 60_000);

  it('an existing one opens in the form and saves what it does not show unchanged', async () => {
    const spec = {
      schedule: '@every 20m',
      id: { javascript: 'properties.id' },
      components: [
        {
          name: 'dns',
          lookup: { http: [{ name: 'dns', url: 'http://127.0.0.1:8080' }] },
          forEach: { components: [{ name: 'child' }] },
        },
      ],
      properties: [{ name: 'zone', text: 'eu' }],
    };
    const created = await fetch(`${backend.url}/api/db/topologies`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', prefer: 'return=representation' },
      body: JSON.stringify({ name: 'dns', namespace: 'default', spec, source: 'UI' }),
    });
    const { id } = ((await created.json()) as { id: string }[])[0]!;
    const user = userEvent.setup();
    const { router } = renderSettings(`/settings/topologies/${id}`, { baseUrl: baseUrl() });
    const names = await screen.findAllByRole('textbox', { name: nameLabel });
    // The record's name, the component's, the property's.
    expect(names.map((box) => (box as HTMLInputElement).value)).toEqual(['dns', 'dns', 'zone']);
    await user.clear(names[1]!);
    await user.type(names[1]!, 'resolver');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/integrations'));
    expect((await stored('topologies', id))!.spec).toEqual({
      ...spec,
      components: [{ ...spec.components[0], name: 'resolver' }],
    });
  }, 60_000);
});

describe('Back to the type grid', () => {
  it('a new health check has it; an existing one, whatever its type, does not', async () => {
    const user = userEvent.setup();
    renderSettings('/settings/canaries/new', { baseUrl: baseUrl() });
    const grid = await screen.findByRole('region', { name: 'Health check types' });
    await user.click(within(grid).getByRole('button', { name: 'TCP' }));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('region', { name: 'Health check types' })).toBeTruthy();
    cleanup();

    // A guided (one http check) canary, and one of several types that opens as code.
    const created = await fetch(`${backend.url}/api/db/canaries`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', prefer: 'return=representation' },
      body: JSON.stringify({
        name: 'multi',
        namespace: 'default',
        source: 'UI',
        spec: {
          http: [{ name: 'a', url: 'http://127.0.0.1:8080' }],
          tcp: [{ name: 'b', endpoint: '127.0.0.1:9' }],
        },
      }),
    });
    const { id: multi } = ((await created.json()) as { id: string }[])[0]!;
    for (const id of [ids.canary, multi]) {
      renderSettings(`/settings/canaries/${id}`, { baseUrl: baseUrl() });
      await screen.findByRole('button', { name: 'Update' });
      expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
      expect(screen.queryByRole('region', { name: 'Health check types' })).toBeNull();
      cleanup();
    }
  }, 60_000);
});

describe('a reader', () => {
  it('a responder sees the list without Add, and a record read-only', async () => {
    renderSettings('/settings/canaries', { baseUrl: baseUrl(), role: 'responder' });
    expect(await screen.findByRole('link', { name: 'payments-api' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Add health check' })).toBeNull();
    cleanup();

    renderSettings(`/settings/canaries/${ids.canary}`, { baseUrl: baseUrl(), role: 'responder' });
    expect((await screen.findByTestId('settings-view-only')).textContent).toBe(
      'You can view this record but not change it (needs canaries: write)',
    );
    expect(screen.queryByRole('button', { name: 'Update' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    const boxes = screen.getAllByRole('textbox');
    expect(boxes.length).toBeGreaterThan(2);
    // Disabled itself or by its fieldset; a code editor (or its loading stand-in) read-only.
    const locked = (box: HTMLElement) =>
      box.matches(':disabled, [readonly], [aria-readonly="true"]');
    expect(boxes.filter((box) => !locked(box)).map((box) => box.outerHTML.slice(0, 120))).toEqual(
      [],
    );
    expect(locked(screen.getByLabelText(/^Threshold \(ms\)/))).toBe(true);
  });

  it('a responder may not add one; a guest sees neither list nor record', async () => {
    renderSettings('/settings/canaries/new', { baseUrl: baseUrl(), role: 'responder' });
    expect(await screen.findByRole('heading', { name: 'Unauthorized' })).toBeTruthy();
    cleanup();
    renderSettings('/settings/canaries', { baseUrl: baseUrl(), role: 'guest' });
    expect(await screen.findByRole('heading', { name: 'Unauthorized' })).toBeTruthy();
    cleanup();
    renderSettings(`/settings/canaries/${ids.canary}`, { baseUrl: baseUrl(), role: 'guest' });
    expect(await screen.findByRole('heading', { name: 'Unauthorized' })).toBeTruthy();
  });
});
