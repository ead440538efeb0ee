import type { TableInvalidations } from '../changes.ts';
import { apiKeyRoot } from '../keys.ts';
import type { AuditQuery } from './audit.ts';
import type { EventQueueQuery } from './eventQueue.ts';
import type { JobHistoryQuery } from './jobs.ts';
import type { PermissionsQuery, PermissionTargetKind } from './permissions.ts';

/**
 * Keys of the administrator's pages, under `['opsdeck-api', 'admin']`: one branch per page's data,
 * so a write to one table refreshes that page alone.
 */
export const adminKeys = {
  all: () => [apiKeyRoot, 'admin'] as const,
  jobs: () => [...adminKeys.all(), 'jobs'] as const,
  jobList: (query: JobHistoryQuery) => [...adminKeys.jobs(), 'list', query] as const,
  jobNames: () => [...adminKeys.jobs(), 'names'] as const,
  users: () => [...adminKeys.all(), 'users'] as const,
  permissions: () => [...adminKeys.all(), 'permissions'] as const,
  properties: () => [...adminKeys.all(), 'properties'] as const,
  agents: () => [...adminKeys.all(), 'agents'] as const,
  permissionList: (query: PermissionsQuery) => [...adminKeys.permissions(), 'list', query] as const,
  permissionTargets: (kind: PermissionTargetKind, search: string) =>
    [...adminKeys.all(), 'permission-targets', kind, search] as const,
  eventQueue: () => [...adminKeys.all(), 'event-queue'] as const,
  eventQueueList: (query: EventQueueQuery) => [...adminKeys.eventQueue(), 'list', query] as const,
  failedEvents: (name: string) => [...adminKeys.eventQueue(), 'failed', name] as const,
  audit: () => [...adminKeys.all(), 'audit'] as const,
  auditList: (query: AuditQuery) => [...adminKeys.audit(), 'list', query] as const,
};

/** The tables whose writes make the admin queries stale. */
// The job history names each job's resource and agent; the permissions name their subject and
// target (a config's row is written on every scrape and is left to the page's refresh).
export const adminInvalidations: TableInvalidations = {
  job_history: [adminKeys.jobs()],
  people: [adminKeys.users(), adminKeys.permissions()],
  identities: [adminKeys.users()],
  permissions: [adminKeys.permissions()],
  properties: [adminKeys.properties()],
  agents: [adminKeys.agents(), adminKeys.jobs()],
  event_queue: [adminKeys.eventQueue()],
  audit_log: [adminKeys.audit()],
  ...Object.fromEntries(
    ['canaries', 'config_scrapers', 'playbooks', 'topologies'].map((table) => [
      table,
      [adminKeys.jobs(), adminKeys.permissions()],
    ]),
  ),
  ...Object.fromEntries(
    ['teams', 'components', 'connections', 'notifications'].map((table) => [
      table,
      [adminKeys.permissions()],
    ]),
  ),
};
