import { createApiClient } from '@opsdeck/api-client';
import { ApiClientProvider } from '@opsdeck/api-client/react';
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
import { useEffect } from 'react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { logsFeature } from '../feature.ts';
import { LogsPage } from '../LogsPage/LogsPage.tsx';

/** The current location, and a way Back, so tests can assert what a choice wrote to the URL. */
export const router = { search: '', back: () => {} };

function LocationProbe() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    router.search = location.search;
    router.back = () => void navigate(-1);
  }, [location, navigate]);
  return null;
}

/** `/logs` in a memory router at `url`, with the providers the console gives it. */
export function renderLogs(url: string, { baseUrl }: { baseUrl: string }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const authorizer = createAuthorizer({ roles: ['admin'] });
  const view = createExtensionView(createFeatureRegistry([logsFeature]), {
    flags: createFeatureFlags([]),
    authorizer,
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <ApiClientProvider client={createApiClient({ baseUrl })}>
        <OpsdeckThemeProvider>
          <ToastProvider>
            <RbacProvider authorizer={authorizer}>
              <ExtensionsProvider view={view}>
                <MemoryRouter initialEntries={[url]}>
                  <UrlStateProvider binding={useReactRouterUrlState}>
                    <LocationProbe />
                    <main>
                      <Routes>
                        <Route path="/logs" element={<LogsPage />} />
                      </Routes>
                    </main>
                  </UrlStateProvider>
                </MemoryRouter>
              </ExtensionsProvider>
            </RbacProvider>
          </ToastProvider>
        </OpsdeckThemeProvider>
      </ApiClientProvider>
    </QueryClientProvider>,
  );
}
