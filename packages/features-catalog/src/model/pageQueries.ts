import {
  configPageQuery,
  configSummaryQuery,
  type ConfigListQuery,
} from '@opsdeck/api-client/catalog';
import { parseRouteSearch, type RoutePrefetchContext } from '@opsdeck/extensions';
import { readDataTableQuery, type DataTableQuery } from '@opsdeck/ui/data-table';
import { catalogRoutes } from '../routes.ts';
import {
  configListQueryOf,
  configSummaryQueryOf,
  listFilterKeys,
  showsGroups,
} from './listQuery.ts';

// The list page's first request in one place: the page asks for it, and its route's prefetch
// starts the very same request (same query key) while the page's chunk is still loading.

/**
 * One options object for the fetch's and the table's reads of the URL: the catalog's list owns
 * the page's plain params (`type.filter`, `sortBy`, `pageIndex`...), as the reference UI's do.
 */
export const listTable = {
  id: 'catalog',
  urlPrefix: '',
  defaultSort: { id: 'type', desc: false },
  filters: listFilterKeys,
  searchKey: 'search',
  defaultHidden: ['updated_at'],
};

/**
 * The configs request of the table's URL state. The filters other features' links are typed by
 * are read with the route's schema: a value it refuses (a hand-edited health) is dropped rather
 * than asked for.
 */
export function catalogListRequest(query: DataTableQuery, search: URLSearchParams) {
  const linked = parseRouteSearch(catalogRoutes.list, search);
  const filters: Record<string, string> = { ...query.filters };
  for (const key of ['type', 'health', 'search'] as const) {
    const value = linked[`${key}.filter`];
    if (value === undefined) delete filters[key];
    else filters[key] = value;
  }
  return configListQueryOf({ ...query, filters });
}

/**
 * Starts `/catalog`'s first request for the URL being opened: the groups by type while nothing
 * narrows the list (the bare URL), a page of rows otherwise.
 */
export function prefetchCatalogList({ search, apiClient, prefetchQuery }: RoutePrefetchContext) {
  const request: ConfigListQuery = catalogListRequest(
    readDataTableQuery(search, listTable),
    search,
  );
  if (showsGroups(request, search.get('groupBy'))) {
    prefetchQuery(configSummaryQuery(apiClient, configSummaryQueryOf(request)));
  } else {
    prefetchQuery(configPageQuery(apiClient, request));
  }
}
