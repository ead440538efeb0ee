// @vitest-environment jsdom
import { topologyTestIds } from '@opsdeck/features-topology';
import { readJsonFixture } from '@opsdeck/testing';
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
    ).toEqual(['Dashboard', 'Health', 'Incidents', 'Catalog', 'Playbooks']);
  });

  it('draws /view/topology/{id} without the shell, before the feature flags answer', async () => {
    backend.state.propertiesDelay = 5_000;
    renderConsole(`/view/topology/${clusterId}`);
    const card = await screen.findByTestId(topologyTestIds.card);
    expect(within(card).getAllByRole('link')[0]!.textContent).toBe('cluster');
    expect(screen.queryByTestId(testIds.sidebar.root)).toBeNull();
    expect(screen.getByTestId(testIds.shell.standalone)).toBeTruthy();
  });
});
