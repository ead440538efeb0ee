// One table's URL state, owned once: the TanStack table a view renders and the query a fetch reads
// come from the same place, so a server-paged pager and its request cannot disagree (console §9).
import {
  functionalUpdate,
  getCoreRowModel,
  getExpandedRowModel,
  getFilteredRowModel,
  getGroupedRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type ColumnFiltersState,
  type ExpandedState,
  type SortingState,
  type Table,
  type VisibilityState,
} from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { resolveTimeRange } from '../TimeRangePicker/mapper.ts';
import type { TimeRange } from '../TimeRangePicker/timeRange.ts';
import { leafColumns } from './leafColumns.ts';
import {
  browserStorage,
  DEFAULT_PAGE_SIZE,
  PAGE_SIZE_OPTIONS,
  readStoredPageSize,
} from './pageSize.ts';
import { clampPageIndex, pageCountOf } from './pagination.ts';
import { readPrefixedTimeRange } from './timeRangeUrl.ts';
import {
  readTableUrlState,
  type ColumnFilter,
  type ColumnSort,
  type SortOrder,
  type TableUrlState,
} from './urlState.ts';
import { useTableUrlState, type TableUrlStateControls } from './useTableUrlState.ts';

/** Exactly what a server fetch needs, read from the URL. */
export interface DataTableQuery {
  pageIndex: number;
  pageSize: number;
  sortBy: string | undefined;
  sortOrder: SortOrder | undefined;
  /** `{key}.filter` values by key; absent keys are unfiltered. See filterValues.ts for their forms. */
  filters: Record<string, string>;
  /** The table's time range, when a DataTableTimeRangeFilter (or the URL) set one. */
  timeRange?: TimeRange;
}

/**
 * - `server`: `data` is the page the server answered for `query` (sorted, filtered, paged there);
 *   `total` is its row count.
 * - `client`: `data` is every row; sorting, filtering and paging happen in the browser, under the
 *   same URL params, so a list can move to the server later without changing its URLs.
 */
export type DataTableMode = 'server' | 'client';

/**
 * - `pages`: a pager with page size and page number.
 * - `virtual`: one growing page; the page size doubles when the last row is reached.
 * - `none`: every row (client mode), for DataTableVirtualBody.
 */
export type DataTablePagination = 'pages' | 'virtual' | 'none';

/** The URL half: what names the table's params and what they default to. */
export interface DataTableUrlOptions {
  /** Names the table: the prefix of its URL params (`{id}.pageIndex`) and its remembered page size. */
  id: string;
  /** Spec §9: `created_at` descending unless the view says otherwise; `null` for no default sort. */
  defaultSort?: ColumnSort | null;
  pageSizes?: readonly number[];
  defaultPageSize?: number;
  /** Keys read from and written to `{id}.{key}.filter`: every filter part's key must be here. */
  filters?: readonly string[];
  /**
   * The filter key of the toolbar's search box (a filter key too). In client mode it searches every
   * column unless it is a column's id.
   */
  searchKey?: string;
  /** Columns hidden while the URL has no `{id}.hidden`. */
  defaultHidden?: readonly string[];
  /** Overrides the `{id}.` param prefix (the legacy `<DataTable>`'s `urlParamPrefix`, '' allowed). */
  urlPrefix?: string;
  /** Remember a picked page size in this browser under `id` (default true). */
  rememberPageSize?: boolean;
}

interface DataTableRowOptions<TData> {
  // Column value types differ per column; TanStack's own examples type the list this way.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns?: ColumnDef<TData, any>[];
  /** Keep this array stable (memoize it): a new array re-runs the row models. */
  data: readonly TData[];
  getRowId?: (row: TData, index: number) => string;
  /** Children of a row, for tree-shaped data; rows with children get an expand toggle. */
  getSubRows?: (row: TData) => TData[] | undefined;
  /** Column ids to group rows by (client mode; grouped rows expand and collapse). */
  grouping?: readonly string[];
  /** Expand every row at first. */
  defaultExpanded?: boolean;
  pagination?: DataTablePagination;
  /** Client mode: rows whose value in this column lies outside the URL's time range are left out. */
  timeRangeColumn?: string;
  /** The first load: the body shows skeleton rows. */
  isLoading?: boolean;
  /** A failed load: the body shows an error row (above the previous rows, if any are kept). */
  error?: unknown;
}

export type UseDataTableOptions<TData> = DataTableUrlOptions &
  DataTableRowOptions<TData> &
  (
    | { mode?: 'server'; /** Rows across all pages, from the server's count. */ total: number }
    | { mode: 'client'; total?: undefined }
  );

export interface DataTableUrlControls extends Pick<
  TableUrlStateControls,
  'state' | 'update' | 'choosePageSize' | 'setFilter' | 'timeRange' | 'setTimeRange'
> {
  query: DataTableQuery;
  filterKeys: readonly string[];
  searchKey: string | undefined;
}

/** What every part takes: the table, the query, and the writers of the URL state. */
export interface DataTableState<TData> extends DataTableUrlControls {
  table: Table<TData>;
  mode: DataTableMode;
  pagination: DataTablePagination;
  pageCount: number;
  pageSizes: readonly number[];
  /** Rows across all pages: the server's count, or the rows left after client-side filters. */
  total: number;
  isLoading: boolean;
  error: unknown;
  /**
   * One page of a query with its total, when the table knows how to ask (`useServerList` sets
   * it): DataTableCsvExport then exports every page of the query, not the one shown.
   */
  exportPage?: (query: DataTableQuery) => Promise<{ rows: readonly TData[]; total?: number }>;
}

const NONE: readonly string[] = [];
const NO_COLUMNS: never[] = [];
const NO_GROUPING: string[] = [];
const DEFAULT_SORT: ColumnSort = { id: 'created_at', desc: true };
// Module constants, not inline literals: TanStack memoizes on option identity.
const DEFAULT_COLUMN = { enableColumnFilter: false } as const;

/** The filter params a table reads: its filters, and its search box's key when it has one. */
function filterKeysOf(filters: readonly string[], searchKey: string | undefined): string[] {
  return searchKey && !filters.includes(searchKey) ? [...filters, searchKey] : [...filters];
}

/** The fetch's view of a table's URL state. */
function queryOf(
  state: TableUrlState & { pageSize: number },
  timeRange: TimeRange | undefined,
): DataTableQuery {
  const [sort] = state.sorting;
  return {
    pageIndex: state.pageIndex,
    pageSize: state.pageSize,
    sortBy: sort?.id,
    sortOrder: sort ? (sort.desc ? 'desc' : 'asc') : undefined,
    filters: Object.fromEntries(state.columnFilters.map((f) => [f.id, f.value])),
    ...(timeRange ? { timeRange } : {}),
  };
}

/**
 * What `useDataTableQuery` reads from `params` for the same options, outside React: a route's
 * prefetch starts the page's first request under the key the page then asks for.
 */
export function readDataTableQuery(
  params: URLSearchParams,
  options: DataTableUrlOptions,
): DataTableQuery {
  const { prefix, defaultSort, pageSizes, defaultPageSize, filters, searchKey, tableId } =
    resolveUrlOptions(options);
  const state = readTableUrlState(params, {
    prefix,
    defaultSort,
    filterKeys: filterKeysOf(filters, searchKey),
  });
  const pageSize =
    state.pageSize ??
    (tableId ? readStoredPageSize(browserStorage(), tableId, pageSizes) : undefined) ??
    defaultPageSize;
  return queryOf({ ...state, pageSize }, readPrefixedTimeRange(params, prefix));
}

/** A table's URL options with their defaults, as both readers of its URL state apply them. */
function resolveUrlOptions({
  id,
  defaultSort = DEFAULT_SORT,
  pageSizes = PAGE_SIZE_OPTIONS,
  defaultPageSize = DEFAULT_PAGE_SIZE,
  filters = NONE,
  searchKey,
  urlPrefix,
  rememberPageSize = true,
}: DataTableUrlOptions) {
  return {
    prefix: urlPrefix ?? `${id}.`,
    defaultSort: defaultSort ?? undefined,
    pageSizes,
    defaultPageSize,
    filters,
    searchKey,
    tableId: rememberPageSize ? id : undefined,
  };
}

/**
 * The URL half of a table: what a fetch needs, before any rows exist. Give it the same options
 * object as `useDataTable` (one constant per table) and the two read the very same state.
 */
export function useDataTableQuery(options: DataTableUrlOptions): DataTableUrlControls {
  const { prefix, defaultSort, pageSizes, defaultPageSize, filters, searchKey, tableId } =
    resolveUrlOptions(options);
  const filtersKey = [...filters, searchKey ?? ''].join('\u0000');
  const filterKeys = useMemo(
    () => filterKeysOf(filters, searchKey),
    // Callers often pass a fresh array each render; its content is the key.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [filtersKey],
  );
  const { state, update, choosePageSize, setFilter, timeRange, setTimeRange } = useTableUrlState({
    prefix,
    defaultSort,
    filterKeys,
    tableId,
    pageSizeOptions: pageSizes,
    defaultPageSize,
  });

  const query = useMemo(() => queryOf(state, timeRange), [state, timeRange]);

  return {
    state,
    query,
    update,
    choosePageSize,
    setFilter,
    timeRange,
    setTimeRange,
    filterKeys,
    searchKey,
  };
}

function cellValue<TData>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  def: ColumnDef<TData, any> | undefined,
  row: TData,
  index: number,
): unknown {
  if (!def) return undefined;
  if ('accessorFn' in def && def.accessorFn) return def.accessorFn(row, index);
  if ('accessorKey' in def && def.accessorKey !== undefined) {
    let value: unknown = row;
    for (const part of String(def.accessorKey).split('.')) {
      value = (value as Record<string, unknown> | undefined)?.[part];
    }
    return value;
  }
  return undefined;
}

function timeOf(value: unknown): number {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'number') return value;
  return typeof value === 'string' ? Date.parse(value) : Number.NaN;
}

function sameIds(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id) => b.includes(id));
}

/**
 * A table over its URL state: pass the same options as `useDataTableQuery` plus columns and rows,
 * and give the result to the parts (toolbar, filters, body, pager, CSV export).
 */
export function useDataTable<TData>(options: UseDataTableOptions<TData>): DataTableState<TData> {
  const {
    columns = NO_COLUMNS,
    data,
    getRowId,
    getSubRows,
    grouping,
    defaultExpanded = false,
    pagination: paginationMode = 'pages',
    timeRangeColumn,
    isLoading = false,
    error,
    mode = 'server',
    defaultHidden = NONE,
    ...urlOptions
  } = options;
  const controls = useDataTableQuery(urlOptions);
  const { state, update, choosePageSize, timeRange, searchKey } = controls;
  const manual = mode === 'server';
  const pageSizes = urlOptions.pageSizes ?? PAGE_SIZE_OPTIONS;
  const [expanded, setExpanded] = useState<ExpandedState>(defaultExpanded ? true : {});

  const leaves = useMemo(() => leafColumns(columns), [columns]);
  const columnIds = useMemo(() => new Set(leaves.map((leaf) => leaf.id)), [leaves]);

  // Client mode: the time range narrows the rows before TanStack sees them.
  const timeDef = timeRangeColumn
    ? leaves.find((leaf) => leaf.id === timeRangeColumn)?.def
    : undefined;
  const rows = useMemo(() => {
    if (manual || !timeRange || !timeDef) return data as TData[];
    const resolved = resolveTimeRange(timeRange);
    if (!resolved) return data as TData[];
    const from = resolved.from.toMillis();
    const to = resolved.to.toMillis();
    return data.filter((row, index) => {
      const time = timeOf(cellValue(timeDef, row, index));
      return time >= from && time <= to;
    });
  }, [manual, timeRange, timeDef, data]);

  // What TanStack gets: in server mode the URL's state as is; in client mode only what it can
  // apply (known columns), the search key as its global filter.
  const sorting = useMemo<SortingState>(
    () => (manual ? state.sorting : state.sorting.filter((sort) => columnIds.has(sort.id))),
    [manual, state.sorting, columnIds],
  );
  const columnFilters = useMemo<ColumnFiltersState>(
    () => (manual ? state.columnFilters : state.columnFilters.filter((f) => columnIds.has(f.id))),
    [manual, state.columnFilters, columnIds],
  );
  const globalFilter =
    !manual && searchKey && !columnIds.has(searchKey)
      ? (state.columnFilters.find((f) => f.id === searchKey)?.value ?? '')
      : '';

  // Keyed on the ids, not the array: the URL state is read afresh on every URL change (a page
  // turn), and a new visibility object would make TanStack recompute every row's cells.
  const hiddenKey = (state.hiddenColumns ?? defaultHidden).join('\u0000');
  const columnVisibility = useMemo<VisibilityState>(
    () =>
      Object.fromEntries(
        hiddenKey === '' ? [] : hiddenKey.split('\u0000').map((id) => [id, false]),
      ),
    [hiddenKey],
  );

  // Virtual pagination shows one page that grows, so it stays on the first; client mode clamps a
  // page index that points past the rows (a shared link to page 9 of a list that shrank).
  const pageIndex = paginationMode === 'pages' ? state.pageIndex : 0;
  const paginationState = useMemo(
    () => ({ pageIndex, pageSize: state.pageSize }),
    [pageIndex, state.pageSize],
  );
  const paged = paginationMode !== 'none';

  const table = useReactTable({
    data: rows,
    columns,
    getRowId,
    getSubRows,
    // Header filter boxes exist only where a column asks for one (`enableColumnFilter: true`).
    defaultColumn: DEFAULT_COLUMN,
    state: {
      sorting,
      columnFilters,
      globalFilter,
      pagination: paginationState,
      columnVisibility,
      grouping: (grouping as string[] | undefined) ?? NO_GROUPING,
      expanded,
    },
    manualSorting: manual,
    manualFiltering: manual,
    manualPagination: manual,
    pageCount: manual ? pageCountOf(options.total ?? 0, state.pageSize) : undefined,
    rowCount: manual ? options.total : undefined,
    enableMultiSort: false,
    // With a default sort, "no sort" would silently mean the default again; cycle asc/desc only.
    enableSortingRemoval: urlOptions.defaultSort === null,
    autoResetPageIndex: false,
    autoResetExpanded: false,
    onSortingChange: (updater) => update({ sorting: functionalUpdate(updater, sorting) }),
    onColumnFiltersChange: (updater) => {
      const next = functionalUpdate(updater, columnFilters);
      // Filters TanStack does not see (server-only keys, the search) stay as they are.
      const unseen = state.columnFilters.filter((f) => !columnFilters.some((c) => c.id === f.id));
      update({
        columnFilters: [
          ...unseen,
          ...next.map((f): ColumnFilter => ({ id: f.id, value: String(f.value ?? '') })),
        ],
      });
    },
    onPaginationChange: (updater) => {
      const next = functionalUpdate(updater, paginationState);
      if (next.pageSize !== paginationState.pageSize) choosePageSize(next.pageSize);
      else update({ pageIndex: next.pageIndex });
    },
    onColumnVisibilityChange: (updater) => {
      const next = functionalUpdate(updater, columnVisibility);
      const nextHidden = Object.keys(next).filter((id) => next[id] === false);
      // Back to the defaults drops the param, so a plain link shows the table as designed.
      update({ hiddenColumns: sameIds(nextHidden, defaultHidden) ? undefined : nextHidden });
    },
    onExpandedChange: setExpanded,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: manual ? undefined : getSortedRowModel(),
    getFilteredRowModel: manual ? undefined : getFilteredRowModel(),
    getGroupedRowModel: grouping?.length ? getGroupedRowModel() : undefined,
    getExpandedRowModel: getExpandedRowModel(),
    getPaginationRowModel: paged && !manual ? getPaginationRowModel() : undefined,
  });

  const total = manual ? (options.total ?? 0) : table.getPrePaginationRowModel().rows.length;
  const pageCount = pageCountOf(total, state.pageSize);
  const shownPageIndex =
    !manual && paginationMode === 'pages' ? clampPageIndex(pageIndex, pageCount) : pageIndex;
  if (shownPageIndex !== pageIndex) {
    // The page count is known only once the rows are filtered; show the last page for this render
    // (the URL keeps the link's page, so widening the filter again returns to it).
    table.setOptions((prev) => ({
      ...prev,
      state: { ...prev.state, pagination: { pageIndex: shownPageIndex, pageSize: state.pageSize } },
    }));
  }
  const query = useMemo(
    () =>
      shownPageIndex === controls.query.pageIndex
        ? controls.query
        : { ...controls.query, pageIndex: shownPageIndex },
    [controls.query, shownPageIndex],
  );

  return {
    ...controls,
    query,
    table,
    mode,
    pagination: paginationMode,
    pageCount,
    pageSizes,
    total,
    isLoading,
    error,
  };
}
