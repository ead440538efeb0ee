import type { TableInvalidations } from '../changes.ts';
import { apiKeyRoot } from '../keys.ts';
import type { CheckGraphQuery, StatusHistoryQuery } from './checkCalls.ts';
import type { CheckSummaryQuery } from './summary.ts';

/**
 * Keys of the health queries, all under `['opsdeck-api', 'health']` and nested so that invalidating
 * a prefix (e.g. `healthKeys.check(id)`) refreshes everything below it.
 */
export const healthKeys = {
  all: () => [apiKeyRoot, 'health'] as const,
  summary: (query: CheckSummaryQuery = {}) => [...healthKeys.all(), 'summary', query] as const,
  graphs: () => [...healthKeys.all(), 'graph'] as const,
  graph: (query: CheckGraphQuery) => [...healthKeys.graphs(), query] as const,
  /** The check's details, and the prefix of its status history. */
  check: (id: string) => [...healthKeys.all(), 'check', id] as const,
  statusHistory: (query: StatusHistoryQuery) =>
    [
      ...healthKeys.check(query.checkId),
      'statuses',
      { ...query, start: String(query.start) },
    ] as const,
  /** Every row strip's recent results. */
  recentStatuses: () => [...healthKeys.all(), 'recent-statuses'] as const,
  // The ids as one string: react-query hashes the key on every render, element by element.
  recentStatusesOf: (checkIds: readonly string[], asOf: number) =>
    [...healthKeys.recentStatuses(), checkIds.join(','), asOf] as const,
};

/**
 * The tables whose writes make health queries stale: the checks themselves. A check result
 * (`check_statuses`, hundreds a minute) is recorded with its check's new status and last run, so the
 * `checks` event that follows refreshes the rows, the strips and an open check's history.
 */
export const healthInvalidations: TableInvalidations = {
  canaries: [healthKeys.all()],
  checks: [healthKeys.all()],
};
