import { createApiClient } from '@opsdeck/api-client';
import { ApiClientProvider } from '@opsdeck/api-client/react';
import {
  type bindRoute,
  createExtensionView,
  createFeatureRegistry,
  type FeatureDefinition,
} from '@opsdeck/extensions';
import { ExtensionsProvider } from '@opsdeck/extensions/react';
import { createAuthorizer, createFeatureFlags } from '@opsdeck/rbac';
import { RbacProvider } from '@opsdeck/rbac/react';
import {
  OpsdeckThemeProvider,
  type ThemeMode,
  ToastProvider,
  UrlStateProvider,
  useReactRouterUrlState,
} from '@opsdeck/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider, type RouteObject } from 'react-router';

interface RenderPagesOptions {
  /** The server the pages' API client talks to (`…/api`). */
  baseUrl: string;
  /** The pages, as children of the layout the console gives them (URL state, a `main` landmark). */
  routes: RouteObject[];
  /** The features registered for links, slots and route access, as the console registers them. */
  features: readonly FeatureDefinition[];
  /** Bindings of the features' external routes (to stand-ins or real features). */
  bindings?: readonly ReturnType<typeof bindRoute>[];
  /** The signed-in user's role (`admin` unless given). */
  role?: string;
  /** The `*.disable` properties in force (`[{ name: 'logs.disable', value: 'true' }]`). */
  flags?: Parameters<typeof createFeatureFlags>[0];
  /** The theme mode (the provider's default unless given). */
  theme?: ThemeMode;
}

/**
 * Pages in a memory data router at `url` (so blockers and `router.state.location` work) with the
 * providers the console wraps them in: query client (no retries), API client, theme, toasts, the
 * role's authorizer and the features' extension view.
 */
export function renderPages(
  url: string,
  {
    baseUrl,
    routes,
    features,
    bindings = [],
    role = 'admin',
    flags = [],
    theme,
  }: RenderPagesOptions,
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const authorizer = createAuthorizer({ roles: [role] });
  const view = createExtensionView(createFeatureRegistry(features, { bindings }), {
    flags: createFeatureFlags(flags),
    authorizer,
  });
  const router = createMemoryRouter(
    [
      {
        element: (
          <UrlStateProvider binding={useReactRouterUrlState}>
            <main>
              <Outlet />
            </main>
          </UrlStateProvider>
        ),
        children: routes,
      },
    ],
    { initialEntries: [url] },
  );
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ApiClientProvider client={createApiClient({ baseUrl })}>
        <OpsdeckThemeProvider {...(theme ? { mode: theme } : {})}>
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
  return { ...result, router, queryClient };
}
