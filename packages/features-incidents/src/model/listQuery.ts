import type { IncidentListQuery } from '@opsdeck/api-client/incidents';

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
  filters: incidentFilterKeys,
  searchKey: 'q',
} as const;

/** The part of ui's table query the list reads (ui's `DataTableQuery`, structurally). */
export interface TableQuery {
  pageIndex: number;
  pageSize: number;
  sortBy: string | undefined;
  sortOrder: 'asc' | 'desc' | undefined;
  filters: Record<string, string>;
}

/** The table's URL state as the api's list query; empty filters are left out. */
export function toIncidentListQuery(query: TableQuery): IncidentListQuery {
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
