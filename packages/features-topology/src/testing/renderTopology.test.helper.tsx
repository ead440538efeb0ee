import { topologySlots, type ComponentRef } from '../slots.ts';
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
import { OpsdeckThemeProvider, UrlStateProvider, useReactRouterUrlState } from '@opsdeck/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { useEffect } from 'react';
import {
  MemoryRouter,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';
import { ComponentPage } from '../ComponentPage/ComponentPage.tsx';
import { topologyFeature } from '../feature.ts';
import { TopologyIndexPage } from '../IndexPage/TopologyIndexPage.tsx';
import { topologyExternalRoutes } from '../routes.ts';
import { TopologyViewPage } from '../ViewPage.tsx';

/** The current location, so tests can assert what the URL holds. */
export const currentUrl = { pathname: '', search: '' };

/** The memory router's Back, as the browser's button. */
export const routerHistory = { back: () => undefined as void };

function LocationProbe() {
  const location = useLocation();
  const navigate = useNavigate();
  routerHistory.back = () => void navigate(-1);
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

function CatalogStandIn() {
  return <h1>Config {useParams().id}</h1>;
}

// Stand-ins for the features the console binds topology's links to, and two that fill its
// component actions slot, as apps/console does with the real ones.
const page = async () => ({ Component: () => null });
const healthPage = createRouteRef('health.page');
const configPage = createRouteRef<{ id: string }>('catalog.item');
const incidentPage = createRouteRef<{ id: string }>('incidents.incident');

function AttachAsEvidence({ component }: { component: ComponentRef }) {
  return <button type="button">Attach {component.name} as Evidence</button>;
}
function Playbooks({ component }: { component: ComponentRef }) {
  return <button type="button">Playbooks for {component.name}</button>;
}

const registry = createFeatureRegistry(
  [
    topologyFeature,
    defineFeature({
      name: 'health',
      resource: 'canaries',
      routes: [{ path: 'health', ref: healthPage, title: 'Health', load: page }],
    }),
    defineFeature({
      name: 'catalog',
      resource: 'database',
      routes: [{ path: 'catalog/:id', ref: configPage, title: 'Config', load: page }],
    }),
    defineFeature({
      name: 'incidents',
      resource: 'incident',
      routes: [{ path: 'incidents/:id', ref: incidentPage, title: 'Incident', load: page }],
      contributions: [
        contribute(topologySlots.componentActions, {
          id: 'incidents.attachComponent',
          title: 'Attach as Evidence',
          access: { capability: 'incidents.attach' },
          load: async () => AttachAsEvidence,
        }),
      ],
    }),
    defineFeature({
      name: 'playbooks',
      resource: 'playbooks',
      routes: [{ path: 'playbooks', title: 'Playbooks', load: page }],
      contributions: [
        contribute(topologySlots.componentActions, {
          id: 'playbooks.componentActions',
          title: 'Playbooks',
          load: async () => Playbooks,
        }),
      ],
    }),
  ],
  {
    bindings: [
      bindRoute(topologyExternalRoutes.healthPage, healthPage),
      bindRoute(topologyExternalRoutes.configPage, configPage),
      bindRoute(topologyExternalRoutes.incidentPage, incidentPage),
    ],
  },
);

/** What a console user with these roles sees of the extension points. */
export function hostAppView(roles: string[]): ExtensionView {
  return createExtensionView(registry, {
    flags: createFeatureFlags([]),
    authorizer: createAuthorizer({ roles }),
  });
}

/** The topology routes in a memory router at `url`, as the console mounts them. */
export function renderTopology(
  url: string,
  { baseUrl, extensions }: { baseUrl: string; extensions?: ExtensionView },
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const routes = (
    <MemoryRouter initialEntries={[url]}>
      <UrlStateProvider binding={useReactRouterUrlState}>
        <LocationProbe />
        <main>
          <Routes>
            <Route path="/topology" element={<TopologyIndexPage />} />
            <Route path="/topology/:id" element={<ComponentPage />} />
            <Route path="/view/topology/:id" element={<TopologyViewPage />} />
            <Route path="/health" element={<HealthStandIn />} />
            <Route path="/catalog/:id" element={<CatalogStandIn />} />
          </Routes>
        </main>
      </UrlStateProvider>
    </MemoryRouter>
  );
  return render(
    <QueryClientProvider client={queryClient}>
      <ApiClientProvider client={createApiClient({ baseUrl })}>
        <OpsdeckThemeProvider>
          {extensions ? (
            <ExtensionsProvider view={extensions}>{routes}</ExtensionsProvider>
          ) : (
            routes
          )}
        </OpsdeckThemeProvider>
      </ApiClientProvider>
    </QueryClientProvider>,
  );
}
