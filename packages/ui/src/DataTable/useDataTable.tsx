// One table's URL state, owned once: the TanStack table a view renders and the query a fetch reads
// come from the same place, so a server-paged pager and its request cannot disagree (console §9).
import {
  functionalUpdate,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type Table,
} from '@tanstack/react-table';
import { useCallback, useMemo } from 'react';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from './pageSize';
import { Pager } from './Pager';
import { pageCountOf } from './pagination';
import type { ColumnSort, SortOrder } from './urlState';
import { useTableUrlState, type TableUrlStateControls } from './useTableUrlState';

/** Exactly what a server fetch needs, read from the URL. */
export interface DataTableQuery {
  pageIndex: number;
  pageSize: number;
  sortBy: string | undefined;
  sortOrder: SortOrder | undefined;
  /** `{key}.filter` values by key; absent keys are unfiltered. */
  filters: Record<string, string>;
}

export interface UseDataTableOptions<TData> {
  /** Names the table: the prefix of its URL params (`{id}.pageIndex`) and its remembered page size. */
  id: string;
  // Column value types differ per column; TanStack's own examples type the list this way.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns?: ColumnDef<TData, any>[];
  /** The current page of rows, as the server answered. */
  data: readonly TData[];
  /** Rows across all pages, from the server's count. */
  total: number;
  /** Spec §9: `created_at` descending unless the view says otherwise. */
  defaultSort?: ColumnSort;
  pageSizes?: readonly number[];
  defaultPageSize?: number;
  /** Keys read from and written to `{key}.filter`. */
  filters?: readonly string[];
  getRowId?: (row: TData, index: number) => string;
}

export interface DataTableState<TData> extends Pick<
  TableUrlStateControls,
  'update' | 'choosePageSize'
> {
  table: Table<TData>;
  query: DataTableQuery;
  pageCount: number;
  pageSizes: readonly number[];
  total: number;
  /** Sets one filter and returns to the first page. */
  setFilter: (key: string, value: string) => void;
}

const NO_FILTERS: readonly string[] = [];
const NO_COLUMNS: never[] = [];
const DEFAULT_SORT: ColumnSort = { id: 'created_at', desc: true };

export type DataTableUrlOptions = Pick<
  UseDataTableOptions<unknown>,
  'id' | 'defaultSort' | 'pageSizes' | 'defaultPageSize' | 'filters'
>;

export interface DataTableUrlControls extends Pick<
  TableUrlStateControls,
  'state' | 'update' | 'choosePageSize'
> {
  query: DataTableQuery;
  /** Sets one filter and returns to the first page. */
  setFilter: (key: string, value: string) => void;
}

/**
 * The URL half of a table: what a fetch needs, before any rows exist. Give it the same options
 * object as `useDataTable` (one constant per table) and the two read the very same state.
 */
export function useDataTableQuery({
  id,
  defaultSort = DEFAULT_SORT,
  pageSizes = PAGE_SIZE_OPTIONS,
  defaultPageSize = DEFAULT_PAGE_SIZE,
  filters = NO_FILTERS,
}: DataTableUrlOptions): DataTableUrlControls {
  const { state, update, choosePageSize } = useTableUrlState({
    prefix: `${id}.`,
    defaultSort,
    filterKeys: filters,
    tableId: id,
    pageSizeOptions: pageSizes,
    defaultPageSize,
  });

  const query = useMemo<DataTableQuery>(() => {
    const [sort] = state.sorting;
    return {
      pageIndex: state.pageIndex,
      pageSize: state.pageSize,
      sortBy: sort?.id,
      sortOrder: sort ? (sort.desc ? 'desc' : 'asc') : undefined,
      filters: Object.fromEntries(state.columnFilters.map((f) => [f.id, f.value])),
    };
  }, [state]);

  const setFilter = useCallback(
    (key: string, value: string) =>
      update({
        columnFilters: [
          ...state.columnFilters.filter((f) => f.id !== key),
          ...(value === '' ? [] : [{ id: key, value }]),
        ],
      }),
    [update, state.columnFilters],
  );

  return { state, query, update, choosePageSize, setFilter };
}

export function useDataTable<TData>({
  columns = NO_COLUMNS,
  data,
  total,
  getRowId,
  ...urlOptions
}: UseDataTableOptions<TData>): DataTableState<TData> {
  const { state, query, update, choosePageSize, setFilter } = useDataTableQuery(urlOptions);
  const pageSizes = urlOptions.pageSizes ?? PAGE_SIZE_OPTIONS;
  const pageCount = pageCountOf(total, state.pageSize);
  const pagination = useMemo(
    () => ({ pageIndex: state.pageIndex, pageSize: state.pageSize }),
    [state.pageIndex, state.pageSize],
  );

  const table = useReactTable({
    data: data as TData[],
    columns,
    getRowId,
    state: { sorting: state.sorting, columnFilters: state.columnFilters, pagination },
    manualSorting: true,
    manualFiltering: true,
    manualPagination: true,
    pageCount,
    rowCount: total,
    enableMultiSort: false,
    enableSortingRemoval: false,
    autoResetPageIndex: false,
    onSortingChange: (updater) => update({ sorting: functionalUpdate(updater, state.sorting) }),
    onColumnFiltersChange: (updater) =>
      update({
        columnFilters: functionalUpdate(updater, state.columnFilters).map((f) => ({
          id: f.id,
          value: String(f.value ?? ''),
        })),
      }),
    onPaginationChange: (updater) => {
      const next = functionalUpdate(updater, pagination);
      if (next.pageSize !== pagination.pageSize) choosePageSize(next.pageSize);
      else update({ pageIndex: next.pageIndex });
    },
    getCoreRowModel: getCoreRowModel(),
  });

  return { table, query, pageCount, pageSizes, total, update, choosePageSize, setFilter };
}

/** The pager of a `useDataTable` table: its page and size are the URL's, so the fetch follows. */
export function DataTablePager<TData>({
  dataTable,
  label,
}: {
  dataTable: DataTableState<TData>;
  label: string;
}) {
  const { query, pageCount, pageSizes, total, update, choosePageSize } = dataTable;
  return (
    <Pager
      label={label}
      pageIndex={query.pageIndex}
      pageCount={pageCount}
      pageSize={query.pageSize}
      pageSizeOptions={pageSizes}
      totalRows={total}
      onPageIndexChange={(pageIndex) => update({ pageIndex })}
      onPageSizeChange={choosePageSize}
    />
  );
}
