import type { CheckGraphQuery, StatusHistoryQuery } from './health/checkCalls.ts';
import type { CheckSummaryQuery } from './health/summary.ts';

const root = ['opsdeck-api'] as const;

/**
 * TanStack Query 5 keys, nested so that invalidating a prefix (e.g. `apiQueryKeys.health.all()`)
 * refreshes everything below it.
 */
export const apiQueryKeys = {
  all: () => root,
  health: {
    all: () => [...root, 'health'] as const,
    summary: (query: CheckSummaryQuery = {}) => [...root, 'health', 'summary', query] as const,
    graph: (query: CheckGraphQuery) => [...root, 'health', 'graph', query] as const,
    checkDetails: (id: string) => [...root, 'health', 'check', id] as const,
    statusHistory: (query: StatusHistoryQuery) =>
      [...root, 'health', 'check', query.checkId, 'statuses', { ...query, start: String(query.start) }] as const,
  },
  auth: {
    whoami: () => [...root, 'auth', 'whoami'] as const,
  },
  about: () => [...root, 'about'] as const,
  properties: () => [...root, 'properties'] as const,
  db: {
    table: (table: string) => [...root, 'db', table] as const,
    /** `params` is the query string (or any serialisable description) of the request. */
    query: (table: string, params: unknown) => [...root, 'db', table, params] as const,
  },
} as const;
