import { createApiClient } from '@opsdeck/api-client';
import { ApiClientProvider } from '@opsdeck/api-client/react';
import {
  bindRoute,
  createExtensionView,
  createFeatureRegistry,
  createRouteRef,
  defineFeature,
} from '@opsdeck/extensions';
import { ExtensionsProvider } from '@opsdeck/extensions/react';
import { createAuthorizer, createFeatureFlags } from '@opsdeck/rbac';
import { RbacProvider } from '@opsdeck/rbac/react';
import {
  OpsdeckThemeProvider,
  ToastProvider,
  UrlStateProvider,
  useReactRouterUrlState,
} from '@opsdeck/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { ConnectionEditPage } from '../ConnectionForm/ConnectionEditPage.tsx';
import { ConnectionListPage } from '../ConnectionList/ConnectionListPage.tsx';
import { connectionsFeature, integrationsFeature } from '../feature.ts';
import { IntegrationRedirect } from '../Integrations/IntegrationRedirect.tsx';
import { IntegrationsListPage } from '../Integrations/IntegrationsListPage.tsx';
import { connectionsExternalRoutes } from '../routes.ts';

function Shell({ children }: { children: ReactNode }) {
  return (
    <UrlStateProvider binding={useReactRouterUrlState}>
      <main>{children}</main>
    </UrlStateProvider>
  );
}

// Stand-ins of the pages the external routes lead to (the settings editors, the logs page).
const editorRefs = {
  scraper: createRouteRef<{ id: string }>('test.scraperEditor'),
  topology: createRouteRef<{ id: string }>('test.topologyEditor'),
  logBackend: createRouteRef<{ id: string }>('test.logBackendEditor'),
  logs: createRouteRef('test.logs'),
};
const page = () => Promise.resolve({ Component: () => null });
const editorsFeature = defineFeature({
  name: 'test.editors',
  resource: 'integrations',
  routes: [
    { path: 'settings/config_scrapers/:id', ref: editorRefs.scraper, title: 'x', load: page },
    { path: 'settings/topologies/:id', ref: editorRefs.topology, title: 'x', load: page },
    { path: 'settings/log-backends/:id', ref: editorRefs.logBackend, title: 'x', load: page },
  ],
});
const logsFeature = defineFeature({
  name: 'logs',
  resource: 'logging_backends',
  routes: [{ path: 'logs', ref: editorRefs.logs, title: 'Logs', load: page }],
});

/** The connections and integrations pages in a data router at `url`. */
export function renderConnections(
  url: string,
  {
    baseUrl,
    role = 'admin',
    logs = true,
  }: { baseUrl: string; role?: string; /** Whether the logs feature is on. */ logs?: boolean },
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const authorizer = createAuthorizer({ roles: [role] });
  const view = createExtensionView(
    createFeatureRegistry([connectionsFeature, integrationsFeature, editorsFeature, logsFeature], {
      bindings: [
        bindRoute(connectionsExternalRoutes.scraperEditor, editorRefs.scraper),
        bindRoute(connectionsExternalRoutes.topologyEditor, editorRefs.topology),
        bindRoute(connectionsExternalRoutes.logBackendEditor, editorRefs.logBackend),
        bindRoute(connectionsExternalRoutes.logsPage, editorRefs.logs),
      ],
    }),
    {
      flags: createFeatureFlags(logs ? [] : [{ name: 'logs.disable', value: 'true' }]),
      authorizer,
    },
  );
  const router = createMemoryRouter(
    [
      {
        element: (
          <Shell>
            <Outlet />
          </Shell>
        ),
        children: [
          { path: '/settings/connections', element: <ConnectionListPage /> },
          { path: '/settings/connections/:id', element: <ConnectionEditPage /> },
          { path: '/settings/integrations', element: <IntegrationsListPage /> },
          { path: '/settings/integrations/:type/:id', element: <IntegrationRedirect /> },
          { path: '/settings/:table/:id', element: <p>Editor</p> },
        ],
      },
    ],
    { initialEntries: [url] },
  );
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ApiClientProvider client={createApiClient({ baseUrl })}>
        <OpsdeckThemeProvider>
          <ToastProvider>
            <RbacProvider authorizer={authorizer}>
              <ExtensionsProvider view={view}>
                <RouterProvider router={router} />
              </ExtensionsProvider>
            </RbacProvider>
          </ToastProvider>
        </OpsdeckThemeProvider>
      </ApiClientProvider>
    </QueryClientProvider>,
  );
  return { ...result, router };
}
