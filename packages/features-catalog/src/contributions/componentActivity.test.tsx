import { createApiClient } from '@opsdeck/api-client';
import { ApiClientProvider } from '@opsdeck/api-client/react';
import { createExtensionView, createFeatureRegistry } from '@opsdeck/extensions';
import { ExtensionsProvider } from '@opsdeck/extensions/react';
import { createAuthorizer, createFeatureFlags } from '@opsdeck/rbac';
import { createFakeBackend, expectNoAxeViolations, type FakeBackend } from '@opsdeck/testing';
import { OpsdeckThemeProvider, UrlStateProvider, useReactRouterUrlState } from '@opsdeck/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { catalogFeature } from '../feature.ts';
import { ComponentConfigChanges, ComponentConfigInsights } from './componentActivity.tsx';

// The catalog's own tab routes, as the console registers them, so a row links to its config's tab.
const extensions = createExtensionView(createFeatureRegistry([catalogFeature]), {
  flags: createFeatureFlags([]),
  authorizer: createAuthorizer({ roles: ['viewer'] }),
});

const component = { id: 'c0ffee00-0000-4000-8000-000000000001', name: 'payments' };
const config = { id: 'c0ffee00-0000-4000-8000-0000000000aa', name: 'payments-api' };

let backend: FakeBackend;
let failing = false;
beforeAll(async () => {
  backend = await createFakeBackend({
    'GET /api/db/config_component_relationships': [
      { config_id: config.id, configs: { ...config, type: 'Kubernetes::Deployment' } },
    ],
    'GET /api/db/rpc/lookup_changes_by_component': () =>
      failing
        ? new Response(JSON.stringify({ error: 'database is down' }), { status: 500 })
        : [
            {
              id: 'ch-1',
              config_id: config.id,
              change_type: 'ScalingReplicaSet',
              severity: 'high',
              summary: 'Scaled up to 4 replicas',
              created_at: new Date(Date.now() - 3_600_000).toISOString(),
            },
          ],
    'GET /api/db/rpc/lookup_analysis_by_component': [],
  });
});
afterAll(() => backend.close());
afterEach(() => {
  cleanup();
  backend.reset();
  failing = false;
});

function renderPanel(children: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <ApiClientProvider client={createApiClient({ baseUrl: `${backend.url}/api` })}>
        <OpsdeckThemeProvider>
          <ExtensionsProvider view={extensions}>
            <MemoryRouter>
              <UrlStateProvider binding={useReactRouterUrlState}>
                <main>{children}</main>
              </UrlStateProvider>
            </MemoryRouter>
          </ExtensionsProvider>
        </OpsdeckThemeProvider>
      </ApiClientProvider>
    </QueryClientProvider>,
  );
}

describe("a topology component's config activity", () => {
  it("lists the linked configs' newest changes, each opening its config's changes", async () => {
    const { container } = renderPanel(<ComponentConfigChanges component={component} />);
    const link = await screen.findByRole('link', { name: 'payments-api' });
    expect(link.getAttribute('href')).toBe(`/catalog/${config.id}/changes`);
    const row = link.closest('li')!;
    expect(within(row).getByText('Scaled up to 4 replicas')).toBeTruthy();
    expect(within(row).getByText('high')).toBeTruthy();
    expect(within(row).getByText('1h ago')).toBeTruthy();
    // The newest few, asked of the server rather than cut in the browser.
    const asked = backend.requests.find((request) =>
      request.url.includes('lookup_changes_by_component'),
    );
    const query = new URL(asked!.url, backend.url).searchParams;
    expect(query.get('id')).toBe(component.id);
    expect(query.get('order')).toBe('created_at.desc');
    expect(query.get('limit')).toBe('10');
    await expectNoAxeViolations(container);
  });

  it('says so when there is nothing, and shows a failed read in words', async () => {
    renderPanel(<ComponentConfigInsights component={component} />);
    expect(await screen.findByText('No open config insights')).toBeTruthy();
    cleanup();
    failing = true;
    renderPanel(<ComponentConfigChanges component={component} />);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Could not load the config changes',
    );
  });
});
