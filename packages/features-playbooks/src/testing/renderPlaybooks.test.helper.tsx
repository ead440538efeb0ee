import { createApiClient } from '@opsdeck/api-client';
import { ApiClientProvider, LiveUpdatesProvider } from '@opsdeck/api-client/react';
import { createExtensionView, createFeatureRegistry } from '@opsdeck/extensions';
import { ExtensionsProvider } from '@opsdeck/extensions/react';
import { createAuthorizer, createFeatureFlags } from '@opsdeck/rbac';
import { RbacProvider } from '@opsdeck/rbac/react';
import {
  OpsdeckThemeProvider,
  ToastProvider,
  type ThemeMode,
  UrlStateProvider,
  useReactRouterUrlState,
} from '@opsdeck/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { useEffect, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { PlaybookEditorPage } from '../EditorPage/PlaybookEditorPage.tsx';
import { playbooksFeature } from '../feature.ts';
import { PlaybooksIndexPage } from '../IndexPage/PlaybooksIndexPage.tsx';
import { PlaybookRunPage } from '../RunPage/PlaybookRunPage.tsx';
import { PlaybookRunsPage } from '../RunsPage/PlaybookRunsPage.tsx';

/** The current location, so tests can assert where a page navigated. */
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

export interface RenderOptions {
  baseUrl: string;
  roles?: string[];
  theme?: ThemeMode;
  /** Drawn at `/host` instead of a playbooks page (a slot contribution, the modal alone). */
  host?: ReactNode;
  /** The console receives the change stream (pages need not poll). */
  live?: boolean;
}

/** The playbooks routes in a memory router at `url`, with the providers the console gives them. */
export function renderPlaybooks(
  url: string,
  { baseUrl, roles = ['admin'], theme, host, live = false }: RenderOptions,
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const authorizer = createAuthorizer({ roles });
  // The feature's own routes, as the console registers them (its links to other features stay unbound).
  const view = createExtensionView(createFeatureRegistry([playbooksFeature]), {
    flags: createFeatureFlags([]),
    authorizer,
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <ApiClientProvider client={createApiClient({ baseUrl })}>
        <LiveUpdatesProvider mode={live ? 'live' : 'polling'}>
          <OpsdeckThemeProvider {...(theme ? { mode: theme } : {})}>
            <ToastProvider>
              <RbacProvider authorizer={authorizer}>
                <ExtensionsProvider view={view}>
                  <MemoryRouter initialEntries={[url]}>
                    <UrlStateProvider binding={useReactRouterUrlState}>
                      <LocationProbe />
                      <main>
                        <Routes>
                          <Route path="/host" element={host ?? null} />
                          <Route path="/playbooks" element={<PlaybooksIndexPage />} />
                          <Route path="/playbooks/runs" element={<PlaybookRunsPage />} />
                          <Route path="/playbooks/runs/:id" element={<PlaybookRunPage />} />
                          <Route path="/playbooks/new" element={<PlaybookEditorPage />} />
                          <Route path="/playbooks/:id" element={<PlaybookEditorPage />} />
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
