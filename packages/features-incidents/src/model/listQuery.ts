import type { IncidentListQuery } from '@opsdeck/api-client/incidents';
import type { DataTableQuery } from '@opsdeck/ui/data-table';

// The list's URL (ui's one table scheme: `incidents.status.filter=open`, `incidents.sortBy=title`,
// `incidents.pageIndex=2`…) and the request it makes. Plain data and a pure mapping, tested
// without a DOM.

/** The filter keys the list's URL carries, search included. */
export const incidentFilterKeys = [
  'status',
  'severity',
  'type',
  'commander',
  'component',
  'q',
] as const;

export const incidentTable = {
  id: 'incidents',
  // The table's default (console §9), said here too so the route's prefetch reads the same URL.
  defaultSort: { id: 'created_at', desc: true },
  filters: incidentFilterKeys,
  searchKey: 'q',
} as const;

/** The table's URL state as the api's list query; empty filters are left out. */
export function toIncidentListQuery(query: DataTableQuery): IncidentListQuery {
  const filter = (key: (typeof incidentFilterKeys)[number]) => {
    const value = query.filters[key]?.trim();
    return value ? value : undefined;
  };
  return {
    pageIndex: query.pageIndex,
    pageSize: query.pageSize,
    sortBy: query.sortBy,
    sortOrder: query.sortOrder,
    search: filter('q'),
    status: filter('status'),
    severity: filter('severity'),
    type: filter('type'),
    commander: filter('commander'),
    component: filter('component'),
  };
}
