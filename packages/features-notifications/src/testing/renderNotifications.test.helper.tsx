import { createApiClient } from '@opsdeck/api-client';
import { ApiClientProvider, LiveUpdatesProvider } from '@opsdeck/api-client/react';
import { createExtensionView, createFeatureRegistry } from '@opsdeck/extensions';
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
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { AddSilencePage } from '../AddSilencePage/AddSilencePage.tsx';
import { notificationsFeature } from '../feature.ts';
import { NotificationHistoryPage } from '../HistoryPage/NotificationHistoryPage.tsx';
import { RulesPage } from '../RulesPage/RulesPage.tsx';
import { SilencesPage } from '../SilencesPage/SilencesPage.tsx';
import { NotificationTracePage } from '../TracePage/NotificationTracePage.tsx';

/** The current location, so tests can assert where a page navigated. */
export const currentUrl = { pathname: '', search: '' };

function LocationProbe() {
  const location = useLocation();
  useEffect(() => {
    currentUrl.pathname = location.pathname;
    currentUrl.search = location.search;
  }, [location]);
  return null;
}

export interface RenderOptions {
  baseUrl: string;
  roles?: string[];
  /** Another page to draw at `/health` (a contribution in its host's place). */
  health?: ReactNode;
}

/** The notifications routes in a memory router at `url`, with the providers the console gives them. */
export function renderNotifications(
  url: string,
  { baseUrl, roles = ['admin'], health }: RenderOptions,
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const authorizer = createAuthorizer({ roles });
  const view = createExtensionView(createFeatureRegistry([notificationsFeature]), {
    flags: createFeatureFlags([]),
    authorizer,
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <ApiClientProvider client={createApiClient({ baseUrl })}>
        <LiveUpdatesProvider mode="polling">
          <OpsdeckThemeProvider>
            <ToastProvider>
              <RbacProvider authorizer={authorizer}>
                <ExtensionsProvider view={view}>
                  <MemoryRouter initialEntries={[url]}>
                    <UrlStateProvider binding={useReactRouterUrlState}>
                      <LocationProbe />
                      <main>
                        <Routes>
                          <Route path="/notifications" element={<NotificationHistoryPage />} />
                          <Route path="/notifications/rules" element={<RulesPage />} />
                          <Route path="/notifications/silences" element={<SilencesPage />} />
                          <Route path="/notifications/silences/add" element={<AddSilencePage />} />
                          <Route path="/notifications/trace" element={<NotificationTracePage />} />
                          {health ? <Route path="/health" element={health} /> : null}
                        </Routes>
                      </main>
                    </UrlStateProvider>
                  </MemoryRouter>
                </ExtensionsProvider>
              </RbacProvider>
            </ToastProvider>
          </OpsdeckThemeProvider>
        </LiveUpdatesProvider>
      </ApiClientProvider>
    </QueryClientProvider>,
  );
}
