import { incidentListQuery } from '@opsdeck/api-client/incidents';
import type { RoutePrefetchContext } from '@opsdeck/extensions';
import {
  browserStorage,
  DEFAULT_PAGE_SIZE,
  PAGE_SIZE_OPTIONS,
  readStoredPageSize,
  readTableUrlState,
  type DataTableQuery,
} from '@opsdeck/ui/data-table';
import { incidentTable, toIncidentListQuery } from './listQuery.ts';

/** The list's table query as the page reads it from `search` before it renders (useDataTableQuery's). */
export function incidentTableQueryOf(search: URLSearchParams): DataTableQuery {
  const state = readTableUrlState(search, {
    prefix: `${incidentTable.id}.`,
    defaultSort: incidentTable.defaultSort,
    filterKeys: incidentTable.filters,
  });
  const [sort] = state.sorting;
  return {
    pageIndex: state.pageIndex,
    pageSize:
      state.pageSize ??
      readStoredPageSize(browserStorage(), incidentTable.id, PAGE_SIZE_OPTIONS) ??
      DEFAULT_PAGE_SIZE,
    sortBy: sort?.id,
    sortOrder: sort ? (sort.desc ? 'desc' : 'asc') : undefined,
    filters: Object.fromEntries(state.columnFilters.map((filter) => [filter.id, filter.value])),
  };
}

/**
 * Starts `/incidents`' first request (a page of `incident_summary` with its exact count) for the
 * URL being opened, under the key the page's list then reads, while the page's chunks load.
 */
export function prefetchIncidentList({ search, apiClient, prefetchQuery }: RoutePrefetchContext) {
  prefetchQuery(incidentListQuery(apiClient, toIncidentListQuery(incidentTableQueryOf(search))));
}
