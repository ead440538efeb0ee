// @vitest-environment jsdom
import { useApiClient } from '@opsdeck/api-client/react';
import { defineFeature, type RouteModule } from '@opsdeck/extensions';
import { useQuery } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, useParams } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../testing/backend.test.helper.ts';
import { ConsoleApp } from './ConsoleApp.tsx';
import { createConsole } from './createConsole.ts';
import { consoleRoutes } from './routes.tsx';

// A page whose chunk arrives only when the test says, and whose first request its route prefetches.
let releaseChunk: (module: RouteModule) => void = () => undefined;
const recordQuery = (client: ReturnType<typeof useApiClient>, id: string, call: string) => ({
  queryKey: ['record', id, call] as const,
  queryFn: () => client.general.get<{ ok: boolean }>(`test/${call}`),
});

function RecordPage() {
  const { id = '', call = '' } = useParams();
  const { data } = useQuery(recordQuery(useApiClient(), id, call));
  return <h1>Record {data ? 'loaded' : 'waiting'}</h1>;
}

const features = [
  defineFeature({
    name: 'records',
    resource: 'database',
    routes: [
      {
        path: 'records/:id/:call',
        title: 'Record',
        load: () => new Promise<RouteModule>((resolve) => (releaseChunk = resolve)),
        prefetch: ({ params, apiClient, prefetchQuery }) =>
          prefetchQuery(recordQuery(apiClient, params.id ?? '', params.call ?? '')),
      },
      {
        path: 'secrets/:call',
        title: 'Secrets',
        access: { resource: 'database', action: 'write' },
        load: async () => ({ Component: () => <h1>Secrets</h1> }),
        prefetch: ({ params, apiClient, prefetchQuery }) =>
          prefetchQuery(recordQuery(apiClient, 'secret', params.call ?? '')),
      },
    ],
  }),
];

let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.close());
beforeEach(() => {
  backend.state.roles = ['admin'];
  backend.state.properties = [];
});
afterEach(() => {
  cleanup();
  backend.reset();
});

function renderConsole(path: string) {
  let router: ReturnType<typeof createMemoryRouter> | undefined;
  const app = createConsole({
    features,
    routes: consoleRoutes,
    apiBaseUrl: backend.apiBaseUrl,
    kratosBasePath: backend.kratosBasePath,
    createRouter: (routes) => (router = createMemoryRouter(routes, { initialEntries: [path] })),
  });
  render(<ConsoleApp console={app} />);
  return router!;
}

describe('route prefetch', () => {
  it("asks for the session and the page's data while the page's chunk is still loading", async () => {
    renderConsole('/records/r1/ok');
    await waitFor(() =>
      expect(backend.calls()).toEqual(
        expect.arrayContaining(['GET /api/auth/whoami', 'GET /api/properties', 'GET /api/test/ok']),
      ),
    );
    releaseChunk({ Component: RecordPage });
    expect(await screen.findByRole('heading', { name: 'Record loaded' })).toBeTruthy();
    // The page found the prefetched reply: the data was asked for once.
    expect(backend.calls().filter((call) => call === 'GET /api/test/ok')).toHaveLength(1);
  });

  it('keeps a failed prefetch quiet when the page is refused', async () => {
    backend.state.roles = ['viewer'];
    renderConsole('/secrets/server-error');
    expect(await screen.findByText('You do not have permission to access this page')).toBeTruthy();
    expect(backend.calls()).toContain('GET /api/test/server-error');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('still reports the error once the page shows it', async () => {
    renderConsole('/records/r2/server-error');
    await waitFor(() => expect(backend.calls()).toContain('GET /api/test/server-error'));
    releaseChunk({ Component: RecordPage });
    expect((await screen.findByRole('alert')).textContent).toContain('database is down');
  });

  it('runs no loader again when only the query changes, so a keystroke renders the page once (issue 40)', async () => {
    const router = renderConsole('/records/r3/ok');
    releaseChunk({ Component: RecordPage });
    await screen.findByRole('heading', { name: 'Record loaded' });
    const states: string[] = [];
    const unsubscribe = router.subscribe((state) => states.push(state.navigation.state));
    // What the loaders ask for (the shell's own requests come and go on their own).
    const loaderCalls = () =>
      backend.calls().filter((call) => /whoami|\/api\/properties|\/api\/test\//.test(call)).length;
    const before = loaderCalls();
    await act(() => router.navigate('/records/r3/ok?search=api'));
    await act(() => router.navigate('/records/r3/ok?search=api-h'));
    expect(router.state.location.search).toBe('?search=api-h');
    expect(states).not.toContain('loading');
    expect(loaderCalls()).toBe(before);
    // Another address still runs the loaders: its page's request and the session's.
    await act(() => router.navigate('/records/r4/ok'));
    await waitFor(() => expect(loaderCalls()).toBeGreaterThan(before));
    expect(states).toContain('loading');
    unsubscribe();
  });
});
