import { createApiClient } from '@opsdeck/api-client';
import type { ExtensionView } from '@opsdeck/extensions';
import { ExtensionsProvider } from '@opsdeck/extensions/react';
import { ApiClientProvider } from '@opsdeck/api-client/react';
import { createAuthorizer, type Permission } from '@opsdeck/rbac';
import { RbacProvider } from '@opsdeck/rbac/react';
import { OpsdeckThemeProvider, UrlStateProvider, useReactRouterUrlState } from '@opsdeck/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { useEffect, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';

/** The current location, so tests can assert what the URL holds. */
export const currentUrl = { search: '', pathname: '' };

function LocationProbe() {
  const location = useLocation();
  // After commit, so a test never sees a URL whose render React has not finished.
  useEffect(() => {
    currentUrl.search = location.search;
    currentUrl.pathname = location.pathname;
  }, [location]);
  return null;
}

interface RenderOptions {
  baseUrl: string;
  roles?: string[];
  /** Permission rows as whoami returns them. */
  permissions?: Permission[];
  url?: string;
  /** The app's extension points as this user sees them; none bound by default (the embed's case). */
  extensions?: ExtensionView;
}

function Providers({ options, children }: { options: RenderOptions; children: ReactNode }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const client = createApiClient({ baseUrl: options.baseUrl });
  return (
    <QueryClientProvider client={queryClient}>
      <ApiClientProvider client={client}>
        <RbacProvider
          authorizer={createAuthorizer({
            roles: options.roles ?? ['viewer'],
            permissions: options.permissions,
          })}
        >
          <OpsdeckThemeProvider>
            {options.extensions ? (
              <ExtensionsProvider view={options.extensions}>{children}</ExtensionsProvider>
            ) : (
              children
            )}
          </OpsdeckThemeProvider>
        </RbacProvider>
      </ApiClientProvider>
    </QueryClientProvider>
  );
}

/** In a react-router app (the console's way), at `options.url` of a memory router. */
export function renderWithProviders(ui: ReactNode, options: RenderOptions) {
  return render(
    <Providers options={options}>
      <MemoryRouter initialEntries={[options.url ?? '/health']}>
        <LocationProbe />
        {/* The console gives every page this one binding. */}
        <UrlStateProvider binding={useReactRouterUrlState}>
          <Routes>
            <Route path="/health" element={ui} />
            <Route path="*" element={<p>elsewhere</p>} />
          </Routes>
        </UrlStateProvider>
      </MemoryRouter>
    </Providers>,
  );
}

/** Without a router (the embed's way): the document's own URL is set to `options.url` first. */
export function renderWithoutRouter(ui: ReactNode, options: RenderOptions) {
  window.history.replaceState(null, '', options.url ?? '/health');
  return render(<Providers options={options}>{ui}</Providers>);
}
