// One recipe for a server-paged list (console §9): the URL read once, the page's rows kept while
// the next page or filter loads, the count asked apart, the next filter's page asked for before the
// URL is read back, and every page of the query for the CSV export. Catalog, incidents and playbook
// runs build their lists on it; a new list page gives it its request mapping and query options.
import {
  keepPreviousData,
  hashKey,
  useQuery,
  useQueryClient,
  type QueryKey,
  type UseQueryOptions,
} from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import {
  knownTotal,
  pageOf,
  queryWithFilter,
  type ServerPage,
  type ServerPageAnswer,
} from './serverList.ts';
import {
  useDataTable,
  useDataTableQuery,
  type DataTableQuery,
  type DataTableState,
  type DataTableUrlOptions,
  type UseDataTableOptions,
} from './useDataTable.tsx';

/** Query options as a domain's `queryOptions` factory returns them. */
export type ServerListQueryOptions<TAnswer, TKey extends QueryKey = QueryKey> = UseQueryOptions<
  TAnswer,
  Error,
  TAnswer,
  TKey
>;

export type UseServerListOptions<
  TData,
  TRequest,
  TAnswer extends ServerPageAnswer<TData>,
  TPageKey extends QueryKey = QueryKey,
  TCountKey extends QueryKey = QueryKey,
> = DataTableUrlOptions &
  Pick<
    UseDataTableOptions<TData>,
    'columns' | 'getRowId' | 'getSubRows' | 'defaultExpanded' | 'pagination' | 'defaultHidden'
  > & {
    /** The api request of the table's URL state; pure (a relative time range resolves here). */
    request: (query: DataTableQuery) => TRequest;
    /** One page: the domain's query options (keyed by the request). */
    page: (request: TRequest) => ServerListQueryOptions<TAnswer, TPageKey>;
    /**
     * The count alone, when the page does not carry it. It is asked once the page's rows are on
     * screen, so counting (which may read every matching row; the catalog's `count=estimated`
     * is exact up to the server's 10,000 max rows and the planner's estimate above) never delays
     * the rows nor competes with drawing them; a new page or order of the same filters finds its
     * count in the cache when the options key it by the filters alone.
     */
    count?: (request: TRequest) => ServerListQueryOptions<number, TCountKey>;
    /**
     * One page for the CSV export, which reads every page of the query this way (500 rows a
     * request, up to the export's cap, saying so when it stops): a page with its total.
     */
    exportPage: (request: TRequest) => Promise<ServerPage<TData>>;
    /** Whether the list asks for rows for this request (false: another view stands in). */
    enabled?: (request: TRequest) => boolean;
    /** Polling of the page, given its answer (e.g. while a run on it moves). */
    refetchInterval?: (answer: TAnswer | undefined) => number | false;
  };

export interface ServerListState<TData, TRequest> {
  /** The table; its `setFilter` asks for the next filter's rows at once. */
  dataTable: DataTableState<TData>;
  /** The request of the URL's state. */
  request: TRequest;
  /** The total as far as known (the count, or the end of a short page), undefined before. */
  total: number | undefined;
  /** Whether a request failed (the table says why). */
  failed: boolean;
}

const noRows: never[] = [];

/**
 * True once the browser has painted since `key` last changed: a frame's callback runs before its
 * paint, a task queued from it after.
 */
export function usePaintedSince(key: string | undefined): boolean {
  const [painted, setPainted] = useState<string>();
  useEffect(() => {
    if (key === undefined) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(key), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [key]);
  return key !== undefined && painted === key;
}

/** A server-paged list over its URL state; give `dataTable` to the parts. */
export function useServerList<
  TData,
  TRequest,
  TAnswer extends ServerPageAnswer<TData>,
  TPageKey extends QueryKey = QueryKey,
  TCountKey extends QueryKey = QueryKey,
>(
  options: UseServerListOptions<TData, TRequest, TAnswer, TPageKey, TCountKey>,
): ServerListState<TData, TRequest> {
  const {
    request: requestOf,
    page,
    count,
    exportPage,
    enabled: enabledFor,
    refetchInterval,
    columns,
    getRowId,
    getSubRows,
    defaultExpanded,
    pagination,
    defaultHidden,
    ...urlOptions
  } = options;
  const queryClient = useQueryClient();
  const { query } = useDataTableQuery(urlOptions);
  // Resolved once per change of the URL's table state, not at every render (a relative time
  // range would otherwise make a new request, and a new key, each time). Keyed on the state's
  // content: `requestOf` is often an inline function.
  const queryKey = JSON.stringify(query);
  const request = useMemo(() => requestOf(query), [queryKey]);
  const enabled = enabledFor ? enabledFor(request) : true;

  const pageOptions: ServerListQueryOptions<TAnswer, TPageKey> = {
    ...page(request),
    placeholderData: keepPreviousData,
    enabled,
  };
  if (refetchInterval) pageOptions.refetchInterval = (q) => refetchInterval(q.state.data);
  const list = useQuery(pageOptions);
  const answer = list.data ? pageOf<TData>(list.data) : undefined;
  const rows = (answer?.rows ?? noRows) as TData[];
  const rowsCurrent = list.isSuccess && !list.isPlaceholderData;

  // Typed by its own key in the domain; here only its answer matters.
  const countOptions = count?.(request) as ServerListQueryOptions<number> | undefined;
  const rowsShown = usePaintedSince(
    countOptions && enabled && rowsCurrent ? hashKey(countOptions.queryKey) : undefined,
  );
  const counted = useQuery<number, Error, number, QueryKey>({
    ...(countOptions ?? { queryKey: ['opsdeck.serverList.noCount'], queryFn: () => 0 }),
    placeholderData: keepPreviousData,
    enabled: countOptions !== undefined && rowsShown,
  });

  const total = countOptions
    ? knownTotal({
        pageIndex: query.pageIndex,
        pageSize: query.pageSize,
        rows: rows.length,
        rowsCurrent,
        count: counted.data,
        countCurrent: counted.isSuccess && !counted.isPlaceholderData,
      })
    : answer?.total;

  const dataTable = useDataTable<TData>({
    ...urlOptions,
    columns,
    getRowId,
    getSubRows,
    defaultExpanded,
    pagination,
    defaultHidden,
    data: rows,
    // Until the count answers, the pager knows at least the rows up to this page.
    total: total ?? query.pageIndex * query.pageSize + rows.length,
    isLoading: enabled && list.isPending,
    error: list.data ? undefined : (list.error ?? undefined),
  });

  const { setFilter } = dataTable;
  const listTable: DataTableState<TData> = {
    ...dataTable,
    // The rows of the next URL are asked for at once, not a render, a commit and an effect later
    // when the page reads the URL back (the same key: the page finds the request under way or its
    // answer in the cache).
    setFilter: (key: string, value: string) => {
      const next = requestOf(queryWithFilter(query, key, value));
      if (!enabledFor || enabledFor(next)) void queryClient.prefetchQuery(page(next));
      setFilter(key, value);
    },
    // What DataTableCsvExport reads every page of the query through.
    exportPage: (exported: DataTableQuery) => exportPage(requestOf(exported)),
  };

  return {
    dataTable: listTable,
    request,
    total,
    failed: list.isError || counted.isError,
  };
}
