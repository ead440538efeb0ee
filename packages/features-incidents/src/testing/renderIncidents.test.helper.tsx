import { healthSlots } from '@opsdeck/features-health/slots';
import { createApiClient } from '@opsdeck/api-client';
import { ApiClientProvider } from '@opsdeck/api-client/react';
import {
  bindRoute,
  contribute,
  createExtensionView,
  createFeatureRegistry,
  createRouteRef,
  defineFeature,
  type ExtensionView,
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
import { useEffect, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation, useParams, useSearchParams } from 'react-router';
import { incidentsFeature } from '../feature.ts';
import { IncidentPage } from '../IncidentPage/IncidentPage.tsx';
import { IncidentListPage } from '../ListPage/IncidentListPage.tsx';
import { NewIncidentButton } from '../ListPage/NewIncidentButton.tsx';
import { incidentExternalRoutes } from '../routes.ts';

/** The current location, so tests can assert what the URL holds. */
export const currentUrl = { pathname: '', search: '' };

function LocationProbe() {
  const location = useLocation();
  useEffect(() => {
    currentUrl.pathname = location.pathname;
    currentUrl.search = location.search;
  }, [location]);
  return null;
}

function HealthStandIn() {
  const [params] = useSearchParams();
  return <h1>Health check {params.get('checkId')}</h1>;
}

function ComponentStandIn() {
  return <h1>Component {useParams().id}</h1>;
}

const page = async () => ({ Component: () => null });

function SiblingAction() {
  return <button type="button">Sibling action</button>;
}
const healthPage = createRouteRef('health.page');
const componentPage = createRouteRef<{ id: string }>('topology.component');

// The incidents feature with stand-ins for the features the console binds its links to.
const registry = createFeatureRegistry(
  [
    incidentsFeature,
    defineFeature({
      name: 'health',
      resource: 'canaries',
      routes: [{ path: 'health', ref: healthPage, title: 'Health', load: page }],
      // Ungated, and loaded with the module of incidents' own buttons: once it is drawn, those
      // would have been drawn too (a test's positive sign before it says one is absent).
      contributions: [
        contribute(healthSlots.checkActions, {
          id: 'health.sibling',
          title: 'Sibling action',
          load: () => import('../contributions/attachActions.tsx').then(() => SiblingAction),
        }),
      ],
    }),
    defineFeature({
      name: 'topology',
      resource: 'topologies',
      routes: [{ path: 'topology/:id', ref: componentPage, title: 'Component', load: page }],
    }),
  ],
  {
    bindings: [
      bindRoute(incidentExternalRoutes.healthPage, healthPage),
      bindRoute(incidentExternalRoutes.componentPage, componentPage),
    ],
  },
);

/** What a console user with these roles sees of the extension points. */
export function extensionsFor(roles: string[], disabled: string[] = []): ExtensionView {
  return createExtensionView(registry, {
    flags: createFeatureFlags(disabled.map((name) => ({ name: `${name}.disable`, value: 'true' }))),
    authorizer: createAuthorizer({ roles }),
  });
}

/** Everything the console puts around a feature: query cache, api client, rbac, theme, toasts. */
export function renderInConsole(
  ui: ReactNode,
  {
    baseUrl,
    roles,
    url = '/',
    queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
  }: { baseUrl: string; roles: string[]; url?: string; queryClient?: QueryClient },
) {
  return render(
    <QueryClientProvider client={queryClient}>
      <ApiClientProvider client={createApiClient({ baseUrl })}>
        <RbacProvider authorizer={createAuthorizer({ roles })}>
          <OpsdeckThemeProvider>
            <ExtensionsProvider view={extensionsFor(roles)}>
              <ToastProvider>
                <MemoryRouter initialEntries={[url]}>
                  <UrlStateProvider binding={useReactRouterUrlState}>
                    <LocationProbe />
                    <Routes>
                      <Route
                        path="/incidents"
                        element={
                          <main>
                            <NewIncidentButton />
                            <IncidentListPage />
                          </main>
                        }
                      />
                      <Route
                        path="/incidents/:id"
                        element={
                          <main>
                            <IncidentPage />
                          </main>
                        }
                      />
                      <Route path="/health" element={<HealthStandIn />} />
                      <Route path="/topology/:id" element={<ComponentStandIn />} />
                      <Route path="*" element={<main>{ui}</main>} />
                    </Routes>
                  </UrlStateProvider>
                </MemoryRouter>
              </ToastProvider>
            </ExtensionsProvider>
          </OpsdeckThemeProvider>
        </RbacProvider>
      </ApiClientProvider>
    </QueryClientProvider>,
  );
}
