import { renderPages } from '@opsdeck/testing/react';
import { adminFeatures } from '../feature.ts';
import { JobHistoryPage } from '../JobHistory/JobHistoryPage.tsx';
import { UsersPage } from '../Users/UsersPage.tsx';
import { AgentsPage } from '../Agents/AgentsPage.tsx';
import { FeatureFlagsPage } from '../FeatureFlags/FeatureFlagsPage.tsx';
import { PermissionsPage } from '../Permissions/PermissionsPage.tsx';
import { EventQueuePage } from '../EventQueue/EventQueuePage.tsx';
import { AuditPage } from '../Audit/AuditPage.tsx';

/** The admin pages in a data router at `url`, against `baseUrl`. */
export function renderAdmin(
  url: string,
  { baseUrl, role = 'admin' }: { baseUrl: string; role?: string },
) {
  return renderPages(url, {
    baseUrl,
    role,
    features: adminFeatures,
    routes: [
      { path: '/settings/jobs', element: <JobHistoryPage /> },
      { path: '/settings/users', element: <UsersPage /> },
      { path: '/settings/agents', element: <AgentsPage /> },
      { path: '/settings/feature-flags', element: <FeatureFlagsPage /> },
      { path: '/settings/permissions', element: <PermissionsPage /> },
      { path: '/settings/event-queue-status', element: <EventQueuePage /> },
      { path: '/settings/audit', element: <AuditPage /> },
    ],
  });
}
