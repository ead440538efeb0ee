// @vitest-environment jsdom
import { topologyTestIds } from '@opsdeck/features-topology';
import { dbError, json, readJsonFixture, serverError } from '@opsdeck/testing';
import userEvent from '@testing-library/user-event';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConsoleApp } from '../app/ConsoleApp.tsx';
import { createConsole, type Console } from '../app/createConsole.ts';
import { consoleRoutes } from '../app/routes.tsx';
import { startTestBackend, type TestBackend } from '../testing/backend.test.helper.ts';
import { testIds } from '../testIds.ts';
import { consoleBindings, consoleFeatures } from './index.ts';

// The build's own feature list and bindings, as main.tsx passes them.
const clusterId = '018681fe-8156-4b91-d178-caf8b3c2818c';
const rootTree = readJsonFixture('mission-control/expectations/topology_root_tree.json');
const clusterTree = readJsonFixture(
  'mission-control/expectations/topology_cluster_component_tree.json',
);

let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.close());
beforeEach(() => {
  backend.state.roles = ['admin'];
  backend.state.properties = [];
  backend.state.propertiesDelay = 0;
  backend.on('GET /api/canary/api/topology', ({ query }) =>
    query.get('id') === clusterId ? clusterTree : rootTree,
  );
});
afterEach(() => {
  cleanup();
  backend.reset();
});

function renderConsole(path: string): Console {
  const app = createConsole({
    features: consoleFeatures,
    bindings: consoleBindings,
    routes: consoleRoutes,
    apiBaseUrl: backend.apiBaseUrl,
    kratosBasePath: backend.kratosBasePath,
    createRouter: (routes) => createMemoryRouter(routes, { initialEntries: [path] }),
  });
  render(<ConsoleApp console={app} />);
  return app;
}

describe('the console build', () => {
  it('lands / on the Dashboard, first in the sidebar, with the topology cards', async () => {
    const app = renderConsole('/');
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/topology'));
    expect((await screen.findAllByTestId(topologyTestIds.card)).length).toBe(4);
    const nav = within(screen.getByTestId(testIds.sidebar.root)).getByRole('navigation', {
      name: 'Main',
    });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Dashboard', 'Health', 'Incidents', 'Catalog', 'Logs', 'Playbooks']);
  });

  it('draws /view/topology/{id} without the shell, before the feature flags answer', async () => {
    backend.state.propertiesDelay = 5_000;
    renderConsole(`/view/topology/${clusterId}`);
    const card = await screen.findByTestId(topologyTestIds.card);
    expect(within(card).getAllByRole('link')[0]!.textContent).toBe('cluster');
    expect(screen.queryByTestId(testIds.sidebar.root)).toBeNull();
    expect(screen.getByTestId(testIds.shell.standalone)).toBeTruthy();
  });

  it.each([
    ['/incidents/not-a-uuid', 'All incidents', '/incidents'],
    ['/catalog/garbage', 'All configs', '/catalog'],
    ['/catalog/scrapers/garbage', 'All scrapers', '/catalog/scrapers'],
    ['/playbooks/garbage', 'All playbooks', '/playbooks'],
    ['/playbooks/runs/garbage', 'All runs', '/playbooks/runs'],
    ['/topology/garbage', 'All components', '/topology'],
  ])(
    'answers %s with "Not found" and a way back, without asking for it',
    async (path, back, to) => {
      renderConsole(path);
      expect(
        await screen.findByRole('heading', { name: 'Not found' }, { timeout: 15_000 }),
      ).toBeTruthy();
      expect(screen.getByRole('link', { name: back }).getAttribute('href')).toBe(to);
      expect(document.body.textContent).not.toMatch(/invalid input syntax|Something went wrong/);
      const asked = backend.calls().filter((call) => /garbage|not-a-uuid/.test(call));
      expect(asked).toEqual([]);
    },
  );

  it('shows the rest of /playbooks when one row is malformed, and says what it left out', async () => {
    const playbook = (id: string, name: string, actions: unknown) => ({
      id,
      name,
      title: name,
      spec: { actions },
      source: 'UI',
      created_at: '2026-11-01T10:00:00Z',
      updated_at: '2026-11-01T10:00:00Z',
    });
    backend.on('GET /api/db/playbooks', [
      playbook('0b9e1c1e-1111-4a1a-8a1a-000000000001', 'restart-pod', [{ name: 'restart' }]),
      playbook('0b9e1c1e-1111-4a1a-8a1a-000000000002', 'broken-one', 'not a list'),
    ]);
    renderConsole('/playbooks');
    expect(await screen.findByText('restart-pod', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByText('broken-one')).toBeNull();
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain('1 of 2 rows of playbooks could not be read');
    expect(notice.textContent).toContain('1.spec.actions');
    expect(document.body.textContent).not.toContain('Something went wrong');
  });

  it('says "Not found" in the check modal for a malformed checkId, with no error toasts', async () => {
    // What apps/server answers for a checkId that is no uuid.
    const syntax = 'invalid input syntax for type uuid: "garbage"';
    backend.on('GET /api/db/checks', dbError(400, syntax, { code: '22P02' }));
    backend.on('GET /api/db/check_statuses', dbError(400, syntax, { code: '22P02' }));
    backend.on('GET /api/canary/api/graph', serverError(400, 'check must be a check id'));
    renderConsole('/health?checkId=garbage');
    expect(
      await screen.findByText(/No check has this address/, {}, { timeout: 15_000 }),
    ).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The modal's own failures make no toast (the health page's other requests may, on this stand-in).
    const toasts = screen.queryAllByRole('alert').map((alert) => alert.textContent ?? '');
    expect(toasts.filter((text) => /uuid|check id/.test(text))).toEqual([]);
  });

  it('opens the incident New incident (in the header) created', async () => {
    const created = '5a1d0c2b-7e6f-4a3b-9c8d-0e1f2a3b4c5d';
    backend.on('POST /api/db/incidents', ({ body }) =>
      json([{ ...(body as object), id: created, incident_id: 'INC-9' }], { status: 201 }),
    );
    backend.on('POST /api/db/hypotheses', ({ body }) =>
      json([{ ...(body as object), id: '5a1d0c2b-7e6f-4a3b-9c8d-0e1f2a3b4c5e' }], { status: 201 }),
    );
    const app = renderConsole('/incidents');
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'New incident' }, { timeout: 15_000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'New incident' });
    await user.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'Login broken');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe(`/incidents/${created}`));
  });
  it('draws /notifications in the build, the bell links there, and a viewer may not add a silence', async () => {
    backend.on(
      'GET /api/db/notification_send_history_summary',
      json(
        [
          {
            id: '0190b000-0000-7000-8000-00000000a002',
            status: 'error',
            source_event: 'check.failed',
            resource_id: clusterId,
            resource: { id: clusterId, name: 'cluster', type: 'KubernetesCluster' },
            resource_kind: 'component',
            resource_type: 'KubernetesCluster',
            created_at: new Date().toISOString(),
          },
        ],
        { headers: { 'Content-Range': '0-0/1' } },
      ),
    );
    backend.on('GET /api/db/notifications_summary', []);
    renderConsole('/notifications');
    const table = await screen.findByRole('table', { name: 'Notifications' }, { timeout: 15_000 });
    // The component links to its page through the build's binding.
    expect((await within(table).findByRole('link', { name: 'cluster' })).getAttribute('href')).toBe(
      `/topology/${clusterId}`,
    );
    const header = screen.getByTestId(testIds.header.root);
    expect(within(header).getByTestId(testIds.header.title).textContent).toBe('Notifications');
    expect(within(header).getByRole('link', { name: 'Notifications' }).getAttribute('href')).toBe(
      '/notifications',
    );
    cleanup();

    backend.state.roles = ['viewer'];
    renderConsole('/notifications/silences/add');
    expect(
      await screen.findByRole('heading', { name: 'Unauthorized' }, { timeout: 15_000 }),
    ).toBeTruthy();
  });

  // Screen readers and axe's page-has-heading-one: the shell header's title is the page's one h1.
  it.each([
    ['/settings/users', 'Users'],
    ['/settings/agents', 'Agents'],
    ['/settings/jobs', 'Job History'],
    ['/settings/audit', 'Audit Trail'],
    ['/settings/connections', 'Connections'],
    ['/settings/canaries', 'Health Checks'],
    ['/notifications/rules', 'Notification rules'],
  ])('gives %s exactly one h1, naming the page', async (path, title) => {
    renderConsole(path);
    const heading = await screen.findByRole('heading', { level: 1 }, { timeout: 15_000 });
    expect(heading.textContent).toBe(title);
    // Once the page has drawn, still only that one.
    await screen.findByRole('main');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([title]);
  });
});
