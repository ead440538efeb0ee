// @vitest-environment jsdom
import { authTestIds } from '@opsdeck/auth/testing';
import { useApiClient } from '@opsdeck/api-client/react';
import { Activity, Database } from '@opsdeck/ui';
import { uiTestIds } from '@opsdeck/ui/testing';
import { expectNoAxeViolations } from '@opsdeck/testing';
import { useQuery } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConsoleApp } from '../app/ConsoleApp.tsx';
import type { Console } from '../app/createConsole.ts';
import { defineFeature, sidebarOrder } from '@opsdeck/extensions';
import { startTestBackend, type TestBackend } from '../testing/backend.test.helper.ts';
import { standInClerk, type StandInOrganization } from '../testing/clerk.test.helper.ts';
import { testIds } from '../testIds.ts';
import { createHostedConsole } from './createHostedConsole.ts';

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
    routes: [{ path: 'probe', title: 'Probe', load: async () => ({ Component: FailingPage }) }],
  }),
];

// A page whose call fails on the organization backend (500 with `{error: 'database is down'}`).
function FailingPage() {
  const client = useApiClient();
  useQuery({ queryKey: ['probe'], queryFn: () => client.general.get('test/server-error') });
  return <h1>Probe page</h1>;
}

const ada = { id: 'user_1', fullName: 'Ada Lovelace', email: 'ada@example.org' };
const provisioningText = 'Please wait, instance provisioning in-progress ...';

let backend: TestBackend;
/** Every address the console fetched that is not the 127.0.0.1 backend: must stay empty. */
let outside: string[];
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(async () => {
  await backend.close();
});
beforeEach(() => {
  backend.state.roles = ['admin'];
  backend.reset();
  localStorage.clear();
  outside = [];
  // Nothing may reach the hosted SaaS from a test; the organization backend on 127.0.0.1 may be called.
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    if (!url.startsWith('http://127.0.0.1:')) {
      outside.push(url);
      return Promise.reject(new TypeError('no network in tests'));
    }
    return realFetch(input, init);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const organization = (
  id: string,
  name: string,
  publicMetadata: Record<string, unknown>,
): StandInOrganization => ({ id, name, publicMetadata });

// A key of the form the SDK accepts (no request is made with it).
let keys = 0;
const publishableKey = () => `pk_test_${btoa(`test-${++keys}.clerk.accounts.dev$`)}`;

async function renderHostedConsole(path: string, clerk: unknown): Promise<Console> {
  const app = createHostedConsole({
    features,
    publishableKey: publishableKey(),
    clerk: clerk as never,
    createRouter: (routes) => createMemoryRouter(routes, { initialEntries: [path] }),
  });
  // Inside act until the router has its first route: the hosted SDK mounts there, and its status
  // listener (an effect) must be in place before the stand-in finishes loading.
  await act(async () => {
    render(<ConsoleApp console={app} />);
    while (!app.router.state.initialized) await new Promise((resolve) => setTimeout(resolve, 5));
  });
  return app;
}

const path = (app: Console) =>
  app.router.state.location.pathname + app.router.state.location.search;
const mountedComponents = (stand: ReturnType<typeof standInClerk>) =>
  stand.mounted.map((entry) => entry.component);

describe('hosted console', () => {
  it('puts the organization switcher and user button where the user menu was, and calls the organization backend directly with a bearer token', async () => {
    const stand = standInClerk({
      user: ada,
      organizations: [
        organization('org_a', 'Acme', { backend_url: backend.apiBaseUrl, direct: true }),
      ],
      active: 'org_a',
    });
    await renderHostedConsole('/health', stand.clerk);

    expect(await screen.findByRole('heading', { name: 'Health page' })).toBeTruthy();
    const header = screen.getByTestId(testIds.header.root);
    expect(within(header).getByTestId(testIds.hosted.account)).toBeTruthy();
    expect(within(header).queryByTestId(testIds.userMenu.trigger)).toBeNull();
    await waitFor(() =>
      expect(mountedComponents(stand)).toEqual(
        expect.arrayContaining(['OrganizationSwitcher', 'UserButton']),
      ),
    );
    expect(
      stand.mounted.find((entry) => entry.component === 'OrganizationSwitcher')?.props,
    ).toMatchObject({
      afterSelectOrganizationUrl: '/organizations/orgs-switched',
      afterCreateOrganizationUrl: '/organizations/orgs-switched',
    });
    // The sidebar follows the roles the organization backend's whoami gave.
    expect(
      within(screen.getByTestId(testIds.sidebar.root)).getByRole('link', { name: 'Health' }),
    ).toBeTruthy();

    // Direct mode: the identity check and the shell's calls went to the organization backend, each
    // with a token from the Backend template.
    for (const call of ['GET /api/auth/whoami', 'GET /api/properties'])
      expect(backend.calls()).toContain(call);
    for (const request of backend.requests)
      expect(request.headers.authorization).toBe('Bearer jwt-for-Backend');
    expect(new Set(stand.templates)).toEqual(new Set(['Backend']));
    await act(async () => undefined);
    expect(outside).toEqual([]);
  });

  it('reads the provisioning message while the organization has no backend address, and shows no shell', async () => {
    const stand = standInClerk({
      user: ada,
      organizations: [organization('org_a', 'Acme', { direct: true })],
      active: 'org_a',
    });
    await renderHostedConsole('/health', stand.clerk);
    expect(await screen.findByText(provisioningText)).toBeTruthy();
    expect(screen.getByTestId(authTestIds.hosted.provisioning).getAttribute('role')).toBe('status');
    expect(screen.queryByTestId(testIds.shell.root)).toBeNull();
    expect(backend.calls()).toEqual([]);
  });

  it("reads the provisioning message while the organization backend's whoami answers 404", async () => {
    // A backend that is not there yet: its whoami answers 404 through the test backend's fallback.
    const stand = standInClerk({
      user: ada,
      organizations: [
        organization('org_a', 'Acme', {
          backend_url: `${backend.apiBaseUrl}/not-yet`,
          direct: 'true',
        }),
      ],
      active: 'org_a',
    });
    await renderHostedConsole('/health', stand.clerk);
    expect(await screen.findByText(provisioningText)).toBeTruthy();
    expect(backend.calls()).toEqual(['GET /api/not-yet/auth/whoami']);
  });

  it('shows the organization list without an active organization, and after a choice the shell of that organization', async () => {
    const stand = standInClerk({
      user: ada,
      organizations: [
        organization('org_a', 'Acme', { backend_url: `${backend.apiBaseUrl}/gone`, direct: true }),
        organization('org_b', 'Globex', { backend_url: backend.apiBaseUrl, direct: true }),
      ],
    });
    const app = await renderHostedConsole('/health', stand.clerk);
    const list = await screen.findByTestId(authTestIds.hosted.organizationList);
    expect(within(list).getByRole('button', { name: 'Acme' })).toBeTruthy();
    expect(screen.queryByTestId(testIds.shell.root)).toBeNull();

    await userEvent.click(within(list).getByRole('button', { name: 'Globex' }));
    expect(await screen.findByTestId(testIds.shell.root)).toBeTruthy();
    await waitFor(() => expect(path(app)).toBe('/health'));
    expect(await screen.findByRole('heading', { name: 'Health page' })).toBeTruthy();
    expect(backend.calls()).toContain('GET /api/auth/whoami');
    expect(backend.calls().some((request) => request.startsWith('GET /api/gone'))).toBe(false);
  });

  it('sends a signed-out visitor to the hosted sign-in with the page to come back to', async () => {
    const stand = standInClerk({ user: null, organizations: [] });
    const app = await renderHostedConsole('/health?tab=All', stand.clerk);
    expect(await screen.findByTestId(testIds.hosted.login)).toBeTruthy();
    expect(path(app)).toBe('/login?return_to=%2Fhealth%3Ftab%3DAll');
    await waitFor(() => expect(mountedComponents(stand)).toContain('SignIn'));
    expect(stand.mounted.find((entry) => entry.component === 'SignIn')?.props).toMatchObject({
      forceRedirectUrl: '/health?tab=All',
    });
    expect(backend.calls()).toEqual([]);
  });

  it("shows a failed call's server message as a toast", async () => {
    const stand = standInClerk({
      user: ada,
      organizations: [
        organization('org_a', 'Acme', { backend_url: backend.apiBaseUrl, direct: true }),
      ],
      active: 'org_a',
    });
    await renderHostedConsole('/probe', stand.clerk);
    expect(await screen.findByRole('heading', { name: 'Probe page' })).toBeTruthy();
    expect(
      await within(screen.getByTestId(uiTestIds.toast.region)).findByText('database is down'),
    ).toBeTruthy();
    expect(backend.calls()).toContain('GET /api/test/server-error');
  });

  it('sends a 401 from the organization backend through the state checker, which asks the hosted session, then to sign-in', async () => {
    // The backend refuses the token although the hosted session is good: the checker finds the
    // session, sends the user back once, and the second refusal goes to the hosted sign-in.
    backend.state.roles = null;
    const stand = standInClerk({
      user: ada,
      organizations: [
        organization('org_a', 'Acme', { backend_url: backend.apiBaseUrl, direct: true }),
      ],
      active: 'org_a',
    });
    const app = await renderHostedConsole('/health', stand.clerk);
    expect(await screen.findByTestId(testIds.hosted.login)).toBeTruthy();
    expect(path(app)).toBe('/login?return_to=%2Fhealth');
    expect(
      backend.calls().filter((request) => request === 'GET /api/auth/whoami').length,
    ).toBeGreaterThanOrEqual(2);
  });

  it('answers /organizations with the start page when an organization is active', async () => {
    const stand = standInClerk({
      user: ada,
      organizations: [
        organization('org_a', 'Acme', { backend_url: backend.apiBaseUrl, direct: true }),
      ],
      active: 'org_a',
    });
    const app = await renderHostedConsole('/organizations', stand.clerk);
    expect(await screen.findByRole('heading', { name: 'Health page' })).toBeTruthy();
    expect(path(app)).toBe('/health');
  });

  it('has no axe violations on the organization list, the provisioning notice and the hosted shell', async () => {
    // The WCAG 2.1 A/AA rules (the helper's default), as the browser suite runs them; jsdom draws nothing, so contrast is that suite's business.
    await renderHostedConsole(
      '/health',
      standInClerk({ user: ada, organizations: [organization('org_a', 'Acme', {})] }).clerk,
    );
    await screen.findByTestId(authTestIds.hosted.organizationList);
    await expectNoAxeViolations(document.body);
    cleanup();
    await renderHostedConsole(
      '/health',
      standInClerk({
        user: ada,
        organizations: [organization('org_a', 'Acme', {})],
        active: 'org_a',
      }).clerk,
    );
    await screen.findByText(provisioningText);
    await expectNoAxeViolations(document.body);
    cleanup();
    await renderHostedConsole(
      '/health',
      standInClerk({
        user: ada,
        organizations: [
          organization('org_a', 'Acme', { backend_url: backend.apiBaseUrl, direct: true }),
        ],
        active: 'org_a',
      }).clerk,
    );
    await screen.findByRole('heading', { name: 'Health page' });
    await expectNoAxeViolations(document.body);
  });

  it("forgets the previous person's data after a sign-out: the next one gets their own roles", async () => {
    const stand = standInClerk({
      user: ada,
      organizations: [
        organization('org_a', 'Acme', { backend_url: backend.apiBaseUrl, direct: true }),
      ],
      active: 'org_a',
    });
    const app = await renderHostedConsole('/health', stand.clerk);
    const nav = () =>
      within(screen.getByTestId(testIds.sidebar.root)).getByRole('navigation', { name: 'Main' });
    await screen.findByRole('heading', { name: 'Health page' });
    expect(within(nav()).getByRole('button', { name: 'Settings' })).toBeTruthy();

    // The user button signs out through the SDK; the gate sends the visitor to the hosted sign-in.
    await act(async () => {
      await (stand.clerk as { signOut(): Promise<void> }).signOut();
    });
    await screen.findByTestId(testIds.hosted.login);
    backend.state.roles = ['viewer'];
    const whoamis = () =>
      backend.calls().filter((request) => request === 'GET /api/auth/whoami').length;
    const before = whoamis();
    act(() =>
      stand.signIn({ id: 'user_2', fullName: 'Grace Hopper', email: 'grace@example.org' }, 'org_a'),
    );
    // The session resolves again (its identity check is one more whoami); then the sign-in returns.
    await waitFor(() => expect(whoamis()).toBeGreaterThan(before));
    await act(async () => {
      await app.router.navigate('/health');
    });
    await screen.findByRole('heading', { name: 'Health page' });
    // A viewer: no Settings, although the admin's whoami was still fresh in the cache.
    await waitFor(() =>
      expect(within(nav()).queryByRole('button', { name: 'Settings' })).toBeNull(),
    );
    expect(within(nav()).getByRole('link', { name: 'Health' })).toBeTruthy();
  });

  it("forgets the previous person's data when the hosted SDK switches to another signed-in session", async () => {
    const stand = standInClerk({
      user: ada,
      organizations: [
        organization('org_a', 'Acme', { backend_url: backend.apiBaseUrl, direct: true }),
      ],
      active: 'org_a',
    });
    await renderHostedConsole('/health', stand.clerk);
    const nav = () =>
      within(screen.getByTestId(testIds.sidebar.root)).getByRole('navigation', { name: 'Main' });
    await screen.findByRole('heading', { name: 'Health page' });
    expect(within(nav()).getByRole('button', { name: 'Settings' })).toBeTruthy();

    // A multi-session switch: another person becomes active with no signed-out moment between.
    backend.state.roles = ['viewer'];
    act(() =>
      stand.signIn({ id: 'user_2', fullName: 'Grace Hopper', email: 'grace@example.org' }, 'org_a'),
    );
    // The shell comes back (it waits for the new whoami) as a viewer's: Health, no Settings.
    await waitFor(() => {
      expect(within(nav()).getByRole('link', { name: 'Health' })).toBeTruthy();
      expect(within(nav()).queryByRole('button', { name: 'Settings' })).toBeNull();
    });
    expect(await screen.findByRole('heading', { name: 'Health page' })).toBeTruthy();
  });

  it('does not offer the Kratos pages', async () => {
    const stand = standInClerk({
      user: ada,
      organizations: [
        organization('org_a', 'Acme', { backend_url: backend.apiBaseUrl, direct: true }),
      ],
      active: 'org_a',
    });
    await renderHostedConsole('/registration', stand.clerk);
    expect(await screen.findByTestId(testIds.pages.notFound)).toBeTruthy();
    expect(screen.queryByTestId(authTestIds.page.registration)).toBeNull();
  });
});
