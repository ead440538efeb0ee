import { catalogSlots } from '../slots.ts';
import { createApiClient } from '@opsdeck/api-client';
import { ApiClientProvider } from '@opsdeck/api-client/react';
import {
  bindRoute,
  contribute,
  createExtensionView,
  createFeatureRegistry,
  createRouteRef,
  defineFeature,
} from '@opsdeck/extensions';
import { ExtensionsProvider } from '@opsdeck/extensions/react';
import { createAuthorizer, createFeatureFlags } from '@opsdeck/rbac';
import {
  OpsdeckThemeProvider,
  ToastProvider,
  UrlStateProvider,
  useReactRouterUrlState,
} from '@opsdeck/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { useEffect } from 'react';
import { MemoryRouter, Route, Routes, useLocation, useParams, useSearchParams } from 'react-router';
import { CatalogChangesPage } from '../ChangesPage/CatalogChangesPage.tsx';
import { ConfigChangesPage } from '../ConfigPage/ConfigChangesPage.tsx';
import { ConfigChecksPage } from '../ConfigPage/ConfigChecksPage.tsx';
import type { ConfigRef } from '../ConfigPage/configContext.ts';
import { ConfigInsightsPage } from '../ConfigPage/ConfigInsightsPage.tsx';
import { ConfigLayout } from '../ConfigPage/ConfigLayout.tsx';
import { RelationshipsPage } from '../ConfigPage/RelationshipsPage.tsx';
import { PlaybooksTabPage, SlotTabPage } from '../ConfigPage/SlotTabPage.tsx';
import { SpecPage } from '../ConfigPage/SpecPage.tsx';
import { catalogFeature } from '../feature.ts';
import { CatalogInsightsPage } from '../InsightsPage/CatalogInsightsPage.tsx';
import { CatalogListPage } from '../ListPage/CatalogListPage.tsx';
import { catalogExternalRoutes } from '../routes.ts';
import { ScraperPage } from '../ScrapersPage/ScraperPage.tsx';
import { ScrapersPage } from '../ScrapersPage/ScrapersPage.tsx';

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

function AttachAsEvidence({ config }: { config: ConfigRef }) {
  return <button type="button">Attach {config.name} as Evidence</button>;
}
function PlaybooksForConfig({ config }: { config: ConfigRef }) {
  return <p>Playbooks that accept {config.name}</p>;
}

const page = async () => ({ Component: () => null });
const healthPage = createRouteRef('health.page');
const componentPage = createRouteRef<{ id: string }>('topology.component');
const scraperEditor = createRouteRef<{ id: string }>('settings.scrapers.editor');
const newScraper = createRouteRef('settings.scrapers.new');

/** The catalog with stand-ins for the features the console binds its links to and its slots. */
export function hostAppView(roles: string[], { withPlaybooks = false } = {}) {
  const registry = createFeatureRegistry(
    [
      catalogFeature,
      defineFeature({
        name: 'health',
        resource: 'canaries',
        routes: [{ path: 'health', ref: healthPage, title: 'Health', load: page }],
      }),
      defineFeature({
        name: 'topology',
        resource: 'topologies',
        routes: [{ path: 'topology/:id', ref: componentPage, title: 'Component', load: page }],
      }),
      defineFeature({
        name: 'settings.config_scrapers',
        resource: 'config_scrapers',
        routes: [
          {
            path: 'settings/config_scrapers/new',
            ref: newScraper,
            title: 'New scraper',
            access: { action: 'write' },
            load: page,
          },
          {
            path: 'settings/config_scrapers/:id',
            ref: scraperEditor,
            title: 'Scraper',
            load: page,
          },
        ],
      }),
      defineFeature({
        name: 'incidents',
        resource: 'incident',
        routes: [{ path: 'incidents', title: 'Incidents', load: page }],
        contributions: [
          contribute(catalogSlots.configActions, {
            id: 'incidents.attachConfig',
            title: 'Attach as Evidence',
            access: { capability: 'incidents.attach' },
            load: async () => AttachAsEvidence,
          }),
        ],
      }),
      ...(withPlaybooks
        ? [
            defineFeature({
              name: 'playbooks',
              resource: 'playbooks',
              routes: [{ path: 'playbooks', title: 'Playbooks', load: page }],
              contributions: [
                contribute(catalogSlots.configTabs, {
                  id: 'playbooks.configTab',
                  title: 'Playbooks',
                  path: 'playbooks',
                  load: async () => PlaybooksForConfig,
                }),
              ],
            }),
          ]
        : []),
    ],
    {
      bindings: [
        bindRoute(catalogExternalRoutes.healthPage, healthPage),
        bindRoute(catalogExternalRoutes.componentPage, componentPage),
        bindRoute(catalogExternalRoutes.scraperEditor, scraperEditor),
        bindRoute(catalogExternalRoutes.newScraper, newScraper),
      ],
    },
  );
  return createExtensionView(registry, {
    flags: createFeatureFlags([]),
    authorizer: createAuthorizer({ roles }),
  });
}

/** The catalog's routes in a memory router at `url`, nested as the console mounts them. */
export function renderCatalog(
  url: string,
  {
    baseUrl,
    extensions = hostAppView(['admin']),
    queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
  }: { baseUrl: string; extensions?: ReturnType<typeof hostAppView>; queryClient?: QueryClient },
) {
  return render(
    <QueryClientProvider client={queryClient}>
      <ApiClientProvider client={createApiClient({ baseUrl })}>
        <OpsdeckThemeProvider>
          <ToastProvider>
            <ExtensionsProvider view={extensions}>
              <MemoryRouter initialEntries={[url]}>
                <UrlStateProvider binding={useReactRouterUrlState}>
                  <LocationProbe />
                  <main>
                    <Routes>
                      <Route path="/catalog" element={<CatalogListPage />} />
                      <Route path="/catalog/changes" element={<CatalogChangesPage />} />
                      <Route path="/catalog/insights" element={<CatalogInsightsPage />} />
                      <Route path="/catalog/scrapers" element={<ScrapersPage />} />
                      <Route path="/catalog/scrapers/:id" element={<ScraperPage />} />
                      <Route path="/catalog/:id" element={<ConfigLayout />}>
                        <Route index element={<SpecPage />} />
                        <Route path="changes" element={<ConfigChangesPage />} />
                        <Route path="insights" element={<ConfigInsightsPage />} />
                        <Route path="relationships" element={<RelationshipsPage />} />
                        <Route path="playbooks" element={<PlaybooksTabPage />} />
                        <Route path="checks" element={<ConfigChecksPage />} />
                        <Route path=":tab" element={<SlotTabPage />} />
                      </Route>
                      <Route path="/health" element={<HealthStandIn />} />
                      <Route path="/topology/:id" element={<ComponentStandIn />} />
                    </Routes>
                  </main>
                </UrlStateProvider>
              </MemoryRouter>
            </ExtensionsProvider>
          </ToastProvider>
        </OpsdeckThemeProvider>
      </ApiClientProvider>
    </QueryClientProvider>,
  );
}
