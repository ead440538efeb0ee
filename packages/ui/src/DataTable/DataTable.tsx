import { useMemo, type ReactNode } from 'react';
import type { ColumnDef, VisibilityState } from '@tanstack/react-table';
import { DataTableBody } from './DataTableBody.tsx';
import { DataTableColumnToggle } from './DataTableColumnToggle.tsx';
import { DataTableCsvExport } from './DataTableCsvExport.tsx';
import { DataTablePager } from './DataTablePager.tsx';
import { DataTableRoot, DataTableToolbar } from './DataTableToolbar.tsx';
import { DataTableVirtualBody } from './DataTableVirtualBody.tsx';
import { leafColumns } from './leafColumns.ts';
import { DEFAULT_PAGE_SIZE, pageSizeOptionsFor, type TableVariant } from './pageSize.ts';
import type { ColumnSort } from './urlState.ts';
import { useDataTable, type DataTablePagination } from './useDataTable.tsx';

export interface DataTableProps<TData> {
  /** The accessible name of the table (and its scroll region). */
  label: string;
  // Column value types differ per column; TanStack's own examples type the list this way.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<TData, any>[];
  /** Keep this array stable (memoize it): a new array re-runs sorting and filtering. */
  data: TData[];
  getRowId?: (row: TData, index: number) => string;
  isLoading?: boolean;
  /**
   * Server-side mode: `data` is already sorted, filtered and paged. The caller reads the same URL
   * state with `useTableUrlState` to fetch, and passes `totalRowCount`.
   */
  manual?: boolean;
  totalRowCount?: number;
  pagination?: DataTablePagination;
  /** The grid variant offers page sizes 50, 100 and 200. */
  variant?: TableVariant;
  /** Remembers the page size in this browser under this id. */
  tableId?: string;
  /** Prefix of the URL parameters, for pages with more than one table. */
  urlParamPrefix?: string;
  /** Sort while the URL has none, e.g. `{ id: 'created_at', desc: true }`. */
  defaultSort?: ColumnSort;
  /** Column ids to group rows by (grouped rows expand and collapse). */
  grouping?: string[];
  /** Children of a row, for tree-shaped data; rows with children get an expand toggle. */
  getSubRows?: (row: TData) => TData[] | undefined;
  /** Expand every row at first. */
  defaultExpanded?: boolean;
  onRowClick?: (row: TData) => void;
  /** Describes what Enter or a click on a row does, for screen readers. */
  rowActionDescription?: string;
  /** Called once each time the last row comes into view (infinite loading). */
  onReachEnd?: () => void;
  enableColumnHiding?: boolean;
  /** Columns hidden while the URL does not say otherwise (`false` hides). */
  initialColumnVisibility?: VisibilityState;
  /** Shows the Export CSV button; the download is named after it. */
  csvFileName?: string;
  /** Height limit of the scrolling body; the header stays in view. */
  maxHeight?: string;
  /** Shown above the table next to the column menu and export. */
  toolbar?: ReactNode;
}

function filterableColumnIds<TData>(columns: DataTableProps<TData>['columns']): string[] {
  return leafColumns(columns)
    .filter((leaf) => leaf.def.enableColumnFilter === true)
    .map((leaf) => leaf.id);
}

/**
 * The table in one component, composed from the parts over `useDataTable` (client mode unless
 * `manual`): toolbar with the column menu and CSV export, plain rows for pages or virtual rows
 * otherwise, and the pager. New screens compose the parts themselves (README "One table").
 */
export function DataTable<TData>({
  label,
  columns,
  data,
  getRowId,
  isLoading = false,
  manual = false,
  totalRowCount,
  pagination = 'pages',
  variant = 'table',
  tableId,
  urlParamPrefix = '',
  defaultSort,
  grouping,
  getSubRows,
  defaultExpanded = false,
  onRowClick,
  rowActionDescription,
  onReachEnd,
  enableColumnHiding = true,
  initialColumnVisibility,
  csvFileName,
  maxHeight = '70vh',
  toolbar,
}: DataTableProps<TData>) {
  const pageSizes = pageSizeOptionsFor(variant);
  const filters = useMemo(() => filterableColumnIds(columns), [columns]);
  const defaultHidden = useMemo(
    () =>
      Object.entries(initialColumnVisibility ?? {})
        .filter(([, visible]) => !visible)
        .map(([id]) => id),
    [initialColumnVisibility],
  );
  const options = {
    id: tableId ?? (urlParamPrefix || 'table'),
    urlPrefix: urlParamPrefix,
    rememberPageSize: tableId !== undefined,
    defaultSort: defaultSort ?? null,
    pageSizes,
    defaultPageSize: pageSizes.includes(DEFAULT_PAGE_SIZE) ? DEFAULT_PAGE_SIZE : pageSizes[0],
    filters,
    defaultHidden,
    columns,
    data,
    getRowId,
    getSubRows,
    grouping,
    defaultExpanded,
    pagination,
    isLoading,
  };
  const dataTable = useDataTable(
    manual
      ? { ...options, mode: 'server', total: totalRowCount ?? data.length }
      : { ...options, mode: 'client' },
  );

  const canHide =
    enableColumnHiding &&
    dataTable.table.getAllLeafColumns().filter((column) => column.getCanHide()).length > 1;
  const bodyProps = { dataTable, label, onRowClick, rowActionDescription, maxHeight };

  return (
    <DataTableRoot>
      {(toolbar || csvFileName || canHide) && (
        <DataTableToolbar
          dataTable={dataTable}
          actions={
            (canHide || csvFileName) && (
              <>
                {canHide && <DataTableColumnToggle dataTable={dataTable} />}
                {csvFileName && <DataTableCsvExport dataTable={dataTable} fileName={csvFileName} />}
              </>
            )
          }
        >
          {toolbar}
        </DataTableToolbar>
      )}
      {pagination === 'pages' ? (
        <DataTableBody {...bodyProps} />
      ) : (
        <DataTableVirtualBody {...bodyProps} onReachEnd={onReachEnd} />
      )}
      <DataTablePager dataTable={dataTable} label={`${label} pagination`} />
    </DataTableRoot>
  );
}
