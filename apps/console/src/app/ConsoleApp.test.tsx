// @vitest-environment jsdom
import { useApiClient } from '@opsdeck/api-client/react';
import { useCan } from '@opsdeck/rbac/react';
import { Activity, Database } from '@opsdeck/ui';
import { useQuery } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bindRoute,
  createExternalRouteRef,
  createRouteRef,
  defineFeature,
  sidebarOrder,
} from '@opsdeck/extensions';
import { useRouteLink, usePageTitle } from '@opsdeck/extensions/react';
import { Link, Outlet, useParams } from 'react-router';
import { json } from '@opsdeck/testing';
import { SIDEBAR_STORAGE_KEY } from '../navigation/collapse.ts';
import { lastLookedKey } from '../navigation/lastLooked.ts';
import { startTestBackend, type TestBackend } from '../testing/backend.test.helper.ts';
import { testIds } from '../testIds.ts';
import { ConsoleApp } from './ConsoleApp.tsx';
import { createConsole, type Console } from './createConsole.ts';
import { consoleRoutes } from './routes.tsx';

// Small pages registered through the same API the feature packages use.
function ProbePage({ call }: { call: string }) {
  const client = useApiClient();
  const { data } = useQuery({
    queryKey: ['probe', call],
    queryFn: () => client.general.get(`test/${call}`),
  });
  return <h1>Probe {data ? 'done' : 'waiting'}</h1>;
}

// Header actions run inside the shell's session: they can ask for rights like any page.
function NewThingButton() {
  return useCan('database', 'write') ? <button type="button">New thing</button> : null;
}

function BrokenPage(): never {
  throw new Error('kaboom');
}

const features = [
  defineFeature({
    name: 'health',
    resource: 'canaries',
    sidebar: { label: 'Health', icon: Activity, path: '/health', order: sidebarOrder.health },
    routes: [
      {
        path: 'health',
        title: 'Health',
        load: async () => ({ Component: () => <h1>Health page</h1> }),
      },
    ],
  }),
  defineFeature({
    name: 'settings.connections',
    resource: 'connections',
    sidebar: {
      label: 'Connections',
      icon: Database,
      path: '/settings/connections',
      section: 'settings',
    },
    routes: [
      {
        path: 'settings/connections',
        title: 'Connections',
        load: async () => ({ Component: () => <h1>Connections page</h1> }),
      },
    ],
  }),
  defineFeature({
    name: 'probe',
    resource: 'database',
    routes: [
      {
        path: 'probe/network',
        title: 'Probe',
        load: async () => ({ Component: () => <ProbePage call="network-error" /> }),
      },
      {
        path: 'probe/server',
        title: 'Probe',
        load: async () => ({ Component: () => <ProbePage call="server-error" /> }),
      },
      { path: 'probe/broken', title: 'Broken', load: async () => ({ Component: BrokenPage }) },
      {
        path: 'probe/actions',
        title: 'Probe actions',
        refreshable: true,
        headerActions: NewThingButton,
        load: async () => ({ Component: () => <ProbePage call="ok" /> }),
      },
    ],
  }),
];

// A detail page with sub-pages sharing its header, named after its record, that links into another
// feature through a bound external route; and a page drawn without the shell.
const recordRoutes = { record: createRouteRef<{ id: string }>('records.record') };
const recordExternal = { owner: createExternalRouteRef<{ id: string }>('records.owner') };
const teamRoutes = { team: createRouteRef<{ id: string }>('teams.team') };

function RecordPage() {
  const { id } = useParams();
  usePageTitle(`Record ${id}`);
  const owner = useRouteLink(recordExternal.owner);
  return (
    <section>
      <nav aria-label="Record pages">
        <Link to=".">Spec</Link> <Link to="changes">Changes</Link>
      </nav>
      {owner ? <Link to={owner({ id: 'platform' })}>Owner</Link> : <span>No owner link</span>}
      <Outlet />
    </section>
  );
}

function Changes() {
  const { id } = useParams();
  return <h1>Changes of {id}</h1>;
}

features.push(
  defineFeature({
    name: 'records',
    resource: 'database',
    routes: [
      {
        path: 'records/:id',
        ref: recordRoutes.record,
        title: 'Record',
        load: async () => ({ Component: RecordPage }),
        children: [
          { path: '', title: 'Record', load: async () => ({ Component: () => <h1>Spec</h1> }) },
          { path: 'changes', title: 'Changes', load: async () => ({ Component: Changes }) },
        ],
      },
      {
        path: 'view/records/:id',
        title: 'Record card',
        standalone: true,
        load: async () => ({ Component: () => <h1>Record card</h1> }),
      },
    ],
    externalRoutes: recordExternal,
  }),
  defineFeature({
    name: 'teams',
    resource: 'database',
    routes: [
      {
        path: 'teams/:id',
        ref: teamRoutes.team,
        title: 'Team',
        load: async () => ({ Component: () => <h1>Team page</h1> }),
      },
    ],
  }),
);
const bindings = [bindRoute(recordExternal.owner, teamRoutes.team)];

let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(async () => {
  await backend.close();
});
beforeEach(() => {
  backend.state.roles = ['admin'];
  backend.state.properties = [];
  backend.state.whoamiDelay = 0;
  backend.state.propertiesDelay = 0;
  backend.state.whoamiRefusals = 0;
  localStorage.clear();
});
afterEach(() => cleanup());

function renderConsole(path: string): Console {
  const app = createConsole({
    features,
    bindings,
    routes: consoleRoutes,
    apiBaseUrl: backend.apiBaseUrl,
    kratosBasePath: backend.kratosBasePath,
    createRouter: (routes) => createMemoryRouter(routes, { initialEntries: [path] }),
  });
  render(<ConsoleApp console={app} />);
  return app;
}

const sidebar = () => screen.getByTestId(testIds.sidebar.root);

/** jsdom has no real window to resize: set the width and tell the page, as a browser would. */
function resizeWindow(width: number) {
  act(() => {
    window.innerWidth = width;
    window.dispatchEvent(new Event('resize'));
  });
}
const path = (app: Console) =>
  app.router.state.location.pathname + app.router.state.location.search;

/** The page has one h1 (the header's title, or the error page's own when the header has none). */
function expectOneH1() {
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
}

describe('console shell', () => {
  it('gives an admin Health and a Settings submenu, and opens a settings page', async () => {
    renderConsole('/settings/connections');
    expect(await screen.findByRole('heading', { name: 'Connections page' })).toBeTruthy();
    const nav = within(sidebar()).getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Health' }).getAttribute('href')).toBe('/health');
    // The submenu starts open on one of its own pages.
    expect(
      within(nav).getByRole('button', { name: 'Settings' }).getAttribute('aria-expanded'),
    ).toBe('true');
    expect(within(nav).getByRole('link', { name: 'Connections' })).toBeTruthy();
  });

  it('hides Settings from a viewer and answers a settings address with the unauthorized page', async () => {
    backend.state.roles = ['viewer'];
    renderConsole('/settings/connections');
    expect(await screen.findByText('You do not have permission to access this page')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Unauthorized' })).toBeTruthy();
    expectOneH1();
    const nav = within(sidebar()).getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Health' })).toBeTruthy();
    expect(within(nav).queryByRole('button', { name: 'Settings' })).toBeNull();
  });

  it('closes every settings address to a viewer, even one this build has no page for', async () => {
    backend.state.roles = ['viewer'];
    renderConsole('/settings/users');
    expect(await screen.findByRole('heading', { name: 'Unauthorized' })).toBeTruthy();
    cleanup();
    backend.state.roles = ['admin'];
    renderConsole('/settings/users');
    expect(
      await screen.findByRole('heading', { name: 'Settings is not available yet' }),
    ).toBeTruthy();
  });

  it('answers a bad id below a page it has with Page not found, not "not available yet"', async () => {
    renderConsole('/settings/connections/not-a-uuid');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expectOneH1();
    expect(screen.queryByText(/not available yet/)).toBeNull();
  });

  it('draws the profile inside the console shell, one <main>, titled by the page', async () => {
    renderConsole('/profile-settings');
    const profile = await screen.findByTestId('auth-settings-page');
    expect(within(sidebar()).getByRole('link', { name: 'Health' })).toBeTruthy();
    expect(document.querySelectorAll('main')).toHaveLength(1);
    expect(document.querySelector('main')!.contains(profile)).toBe(true);
    await waitFor(() => expect(document.title).toContain('Your Profile'));
  });

  it('drops a disabled feature from the sidebar and says it is turned off on its address', async () => {
    backend.state.properties = [{ name: 'health.disable', value: 'true' }];
    renderConsole('/health');
    expect(await screen.findByRole('heading', { name: 'Health is turned off' })).toBeTruthy();
    expect(within(sidebar()).queryByRole('link', { name: 'Health' })).toBeNull();
  });

  it('shows a loader in the sidebar while there is no user', async () => {
    backend.state.whoamiDelay = 600;
    renderConsole('/health');
    expect(await screen.findByTestId(testIds.sidebar.loader)).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Health page' })).toBeTruthy();
    expect(screen.queryByTestId(testIds.sidebar.loader)).toBeNull();
  });

  it('sends a 401 to the state checker, which sends a signed-out user to login with return_to', async () => {
    backend.state.roles = null;
    const app = renderConsole('/health?search=dns');
    await waitFor(() => expect(path(app)).toBe('/login?return_to=%2Fhealth%3Fsearch%3Ddns'));
    expect(await screen.findByRole('heading', { name: 'Sign In to your account' })).toBeTruthy();
    expect(backend.calls()).toContain('GET /api/.ory/sessions/whoami');
  });

  it('sends a signed-in user back from the state checker to the page that got the 401', async () => {
    backend.state.whoamiRefusals = 1;
    const app = renderConsole('/health?search=dns');
    // The page may draw before the refused call comes back: the round trip through the state
    // checker ends where it began.
    await waitFor(() => expect(backend.calls()).toContain('GET /api/.ory/sessions/whoami'));
    await waitFor(() => expect(path(app)).toBe('/health?search=dns'));
    expect(await screen.findByRole('heading', { name: 'Health page' })).toBeTruthy();
  });

  it('goes to login instead of looping when the API keeps refusing a session Kratos accepts', async () => {
    backend.state.whoamiRefusals = -1;
    const app = renderConsole('/health');
    // Not a plain login, which would pass the valid session straight back to the refusing page.
    await waitFor(() => expect(path(app)).toBe('/login?refresh=true&return_to=%2Fhealth'));
  });

  it('lands / on the first page the sidebar offers while the Dashboard does not exist', async () => {
    const app = renderConsole('/');
    expect(await screen.findByRole('heading', { name: 'Health page' })).toBeTruthy();
    expect(path(app)).toBe('/health');
  });

  it('says plainly that an area of the product is not in this build', async () => {
    renderConsole('/topology');
    expect(
      await screen.findByRole('heading', { name: 'Dashboard is not available yet' }),
    ).toBeTruthy();
    // The header's title agrees with the body: the area's name, never "Not found".
    await waitFor(() =>
      expect(screen.getByTestId(testIds.header.title).textContent).toBe('Dashboard'),
    );
    expect(
      within(screen.getByRole('navigation', { name: 'Available pages' })).getByRole('link', {
        name: 'Health',
      }),
    ).toBeTruthy();
    cleanup();
    renderConsole('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it('redirects /configs to /catalog', async () => {
    const app = renderConsole('/configs');
    await waitFor(() => expect(path(app)).toBe('/catalog'));
  });

  it('shows the network error as a toast', async () => {
    renderConsole('/probe/network');
    expect(
      await screen.findByText('Network Error. Please try again.', {}, { timeout: 15_000 }),
    ).toBeTruthy();
  });

  it("shows a server's error message as a toast", async () => {
    renderConsole('/probe/server');
    const toast = await screen.findByRole('alert');
    expect(toast.textContent).toContain('database is down');
  });

  it('catches a page that throws in the error boundary and keeps the shell', async () => {
    const quiet = console.error;
    console.error = () => undefined;
    try {
      renderConsole('/probe/broken');
      expect(
        await screen.findByRole('heading', { name: 'Sorry.. there was an error' }),
      ).toBeTruthy();
      expectOneH1();
      expect(within(sidebar()).getByRole('link', { name: 'Health' })).toBeTruthy();
    } finally {
      console.error = quiet;
    }
  });

  it('remembers a collapsed sidebar across a reload', async () => {
    const user = userEvent.setup();
    renderConsole('/health');
    await screen.findByRole('heading', { name: 'Health page' });
    await user.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    expect(sidebar().getAttribute('data-collapsed')).toBe('true');
    expect(localStorage.getItem(SIDEBAR_STORAGE_KEY)).toBe('true');
    cleanup();
    renderConsole('/health');
    await screen.findByRole('heading', { name: 'Health page' });
    expect(sidebar().getAttribute('data-collapsed')).toBe('true');
    // Collapsed, the items keep their names for assistive technology.
    expect(within(sidebar()).getByRole('link', { name: 'Health' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Expand sidebar' }));
    expect(localStorage.getItem(SIDEBAR_STORAGE_KEY)).toBe('false');
  });

  it('starts folded under 1024 px, opens over the page and folds on an outside click or Escape, leaving the remembered choice alone', async () => {
    const user = userEvent.setup();
    const width = window.innerWidth;
    try {
      resizeWindow(800);
      renderConsole('/health');
      await screen.findByRole('heading', { name: 'Health page' });
      expect(sidebar().getAttribute('data-collapsed')).toBe('true');
      expect(sidebar().getAttribute('data-layout')).toBe('rail');
      const expandButton = screen.getByRole('button', { name: 'Expand sidebar' });
      await user.click(expandButton);
      expect(sidebar().getAttribute('data-collapsed')).toBe('false');
      await user.click(within(sidebar()).getByRole('navigation', { name: 'Main' }));
      expect(sidebar().getAttribute('data-collapsed')).toBe('false');
      await user.click(screen.getByRole('heading', { name: 'Health page' }));
      expect(sidebar().getAttribute('data-collapsed')).toBe('true');
      await user.click(expandButton);
      await user.keyboard('{Escape}');
      expect(sidebar().getAttribute('data-collapsed')).toBe('true');
      expect(document.activeElement).toBe(expandButton);
      expect(localStorage.getItem(SIDEBAR_STORAGE_KEY)).toBeNull();
      // Widened past 1024 px the sidebar docks and shows open again, as remembered.
      resizeWindow(1280);
      expect(sidebar().getAttribute('data-layout')).toBe('docked');
      expect(sidebar().getAttribute('data-collapsed')).toBe('false');
    } finally {
      resizeWindow(width);
    }
  });

  it('on a phone hides the sidebar and opens it as a drawer from the header, closed by Escape or by going to a page', async () => {
    const user = userEvent.setup();
    const width = window.innerWidth;
    try {
      resizeWindow(390);
      renderConsole('/settings/connections');
      await screen.findByRole('heading', { name: 'Connections page' });
      expect(sidebar().getAttribute('data-collapsed')).toBe('true');
      expect(sidebar().getAttribute('data-layout')).toBe('drawer');
      const menu = within(screen.getByTestId(testIds.header.root)).getByRole('button', {
        name: 'Open navigation',
      });
      await user.click(menu);
      const drawer = screen.getByRole('dialog', { name: 'Navigation' });
      expect(drawer).toBe(sidebar());
      // Focus moves into the drawer and the page behind it is out of reach meanwhile.
      expect(document.activeElement).toBe(within(drawer).getByRole('link', { name: 'Health' }));
      expect(screen.getByTestId(testIds.shell.main).closest('[inert]')).not.toBeNull();
      await user.keyboard('{Escape}');
      expect(sidebar().getAttribute('data-collapsed')).toBe('true');
      expect(screen.getByTestId(testIds.shell.main).closest('[inert]')).toBeNull();
      expect(document.activeElement).toBe(menu);
      await user.click(menu);
      await user.click(
        within(screen.getByRole('dialog', { name: 'Navigation' })).getByRole('link', {
          name: 'Health',
        }),
      );
      await screen.findByRole('heading', { name: 'Health page' });
      expect(sidebar().getAttribute('data-collapsed')).toBe('true');
      expect(localStorage.getItem(SIDEBAR_STORAGE_KEY)).toBeNull();
    } finally {
      resizeWindow(width);
    }
  });

  it("puts a route's title, actions and refresh in the sticky header", async () => {
    const user = userEvent.setup();
    renderConsole('/probe/actions');
    expect(await screen.findByRole('heading', { name: 'Probe done' })).toBeTruthy();
    const header = screen.getByTestId(testIds.header.root);
    expect(within(header).getByTestId(testIds.header.title).textContent).toBe('Probe actions');
    expect(within(header).getByRole('button', { name: 'New thing' })).toBeTruthy();
    expect(within(header).getByRole('link', { name: 'Notifications' }).getAttribute('href')).toBe(
      '/notifications',
    );
    const calls = () => backend.calls().filter((request) => request === 'GET /api/test/ok').length;
    const before = calls();
    await user.click(within(header).getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(calls()).toBe(before + 1));
    expect(document.title).toBe('Probe actions | Opsdeck');
    cleanup();
    backend.state.roles = ['viewer'];
    renderConsole('/probe/actions');
    await screen.findByRole('heading', { name: 'Probe done' });
    expect(screen.queryByRole('button', { name: 'New thing' })).toBeNull();
  });

  it('draws sub-pages in their detail page under one header named after the record', async () => {
    const user = userEvent.setup();
    renderConsole('/records/7');
    expect(await screen.findByRole('heading', { name: 'Spec' })).toBeTruthy();
    const title = () => screen.getByTestId(testIds.header.title).textContent;
    await waitFor(() => expect(title()).toBe('Record 7'));
    await user.click(screen.getByRole('link', { name: 'Changes' }));
    expect(await screen.findByRole('heading', { name: 'Changes of 7' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Record pages' })).toBeTruthy();
    expect(title()).toBe('Record 7');
    expect(document.title).toBe('Record 7 | Opsdeck');
  });

  it('links into another feature through a binding, and not when that feature is switched off', async () => {
    const user = userEvent.setup();
    renderConsole('/records/7');
    await user.click(await screen.findByRole('link', { name: 'Owner' }));
    expect(await screen.findByRole('heading', { name: 'Team page' })).toBeTruthy();
    cleanup();
    backend.state.properties = [{ name: 'teams.disable', value: 'true' }];
    renderConsole('/records/7');
    expect(await screen.findByText('No owner link')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Owner' })).toBeNull();
  });

  it('draws a standalone page without the shell before the feature flags arrive', async () => {
    backend.state.propertiesDelay = 5_000;
    renderConsole('/view/records/7');
    expect(await screen.findByRole('heading', { name: 'Record card' })).toBeTruthy();
    expect(screen.queryByTestId(testIds.shell.root)).toBeNull();
    cleanup();
    backend.state.propertiesDelay = 0;
    backend.state.roles = ['guest'];
    renderConsole('/view/records/7');
    expect(await screen.findByTestId(testIds.pages.unauthorized)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Record card' })).toBeNull();
  });

  it('greets the user, shows both versions and opens the kubeconfig modal', async () => {
    const user = userEvent.setup();
    renderConsole('/health');
    await screen.findByRole('heading', { name: 'Health page' });
    await user.click(screen.getByTestId(testIds.userMenu.trigger));
    const panel = screen.getByTestId(testIds.userMenu.panel);
    expect(within(panel).getByText('Hi Ada Admin')).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'Your Profile' }).getAttribute('href')).toBe(
      '/profile-settings',
    );
    await waitFor(() =>
      expect(screen.getByTestId(testIds.userMenu.versions).textContent).toBe(
        'Frontendv1.0.836Backendv9.9.9',
      ),
    );
    await user.click(within(panel).getByRole('button', { name: 'Download kubeconfig' }));
    const dialog = await screen.findByRole('dialog', { name: 'Download and install kubeconfig' });
    expect(within(dialog).getByText(/kubectl .*get canaries/)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Copy kubectl command' })).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: /Learn more/ })).toBeTruthy();
  });
});

describe('the notifications bell (console §2)', () => {
  const userId = '6d3c0ad2-3b0e-4d7a-9d59-1f2b0c7e9a10';
  const asked = () =>
    backend.requests.filter((request) =>
      request.url.startsWith('/api/db/notification_send_history'),
    );

  it('counts failed sends since the user last looked; opening /notifications marks them seen', async () => {
    const remove = backend.on(
      'GET /api/db/notification_send_history',
      json([{ id: 'a' }], { headers: { 'Content-Range': '0-0/3' } }),
    );
    try {
      const app = renderConsole('/health');
      const bell = await screen.findByRole('link', {
        name: 'Notifications: 3 failed sends since you last looked',
      });
      expect(within(bell).getByTestId(testIds.header.bellCount).textContent).toBe('3');
      const first = asked().at(-1)!;
      expect(first.query.get('status')).toBe('eq.error');
      // Never looked: the last day's failures.
      const since = Date.parse(first.query.get('created_at')!.replace(/^gt\."?|"$/g, ''));
      expect(Math.abs(Date.now() - 24 * 3_600_000 - since)).toBeLessThan(60_000);

      await act(() => app.router.navigate('/notifications'));
      await waitFor(() =>
        expect(screen.getByTestId(testIds.header.bell).getAttribute('aria-label')).toBe(
          'Notifications',
        ),
      );
      const looked = localStorage.getItem(lastLookedKey(userId));
      expect(Math.abs(Date.now() - Date.parse(looked!))).toBeLessThan(60_000);

      // Back elsewhere, it counts from the moment the user left the page.
      await act(() => app.router.navigate('/health'));
      await waitFor(() => {
        const latest = asked()
          .at(-1)!
          .query.get('created_at')!
          .replace(/^gt\."?|"$/g, '');
        expect(Date.parse(latest)).toBeGreaterThanOrEqual(Date.parse(looked!));
      });
    } finally {
      remove();
    }
  });

  it('asks nothing for a user who may not read notifications and shows no count', async () => {
    backend.state.roles = ['guest'];
    const before = asked().length;
    renderConsole('/health');
    await screen.findByTestId(testIds.header.bell);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(asked()).toHaveLength(before);
    expect(screen.getByTestId(testIds.header.bell).getAttribute('aria-label')).toBe(
      'Notifications',
    );
  });
});
