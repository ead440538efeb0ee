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
import type { ReactNode } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { adminFeatures } from '../feature.ts';
import { JobHistoryPage } from '../JobHistory/JobHistoryPage.tsx';
import { UsersPage } from '../Users/UsersPage.tsx';
import { AgentsPage } from '../Agents/AgentsPage.tsx';
import { FeatureFlagsPage } from '../FeatureFlags/FeatureFlagsPage.tsx';
import { PermissionsPage } from '../Permissions/PermissionsPage.tsx';
import { EventQueuePage } from '../EventQueue/EventQueuePage.tsx';
import { AuditPage } from '../Audit/AuditPage.tsx';

function Shell({ children }: { children: ReactNode }) {
  return (
    <UrlStateProvider binding={useReactRouterUrlState}>
      <main>{children}</main>
    </UrlStateProvider>
  );
}

/** The admin pages in a data router at `url`, against `baseUrl`. */
export function renderAdmin(
  url: string,
  { baseUrl, role = 'admin' }: { baseUrl: string; role?: string },
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const authorizer = createAuthorizer({ roles: [role] });
  const view = createExtensionView(createFeatureRegistry(adminFeatures), {
    flags: createFeatureFlags([]),
    authorizer,
  });
  const router = createMemoryRouter(
    [
      {
        element: (
          <Shell>
            <Outlet />
          </Shell>
        ),
        children: [
          { path: '/settings/jobs', element: <JobHistoryPage /> },
          { path: '/settings/users', element: <UsersPage /> },
          { path: '/settings/agents', element: <AgentsPage /> },
          { path: '/settings/feature-flags', element: <FeatureFlagsPage /> },
          { path: '/settings/permissions', element: <PermissionsPage /> },
          { path: '/settings/event-queue-status', element: <EventQueuePage /> },
          { path: '/settings/audit', element: <AuditPage /> },
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
