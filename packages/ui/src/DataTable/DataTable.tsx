import {
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import styled from 'styled-components';
import {
  flexRender,
  functionalUpdate,
  getCoreRowModel,
  getExpandedRowModel,
  getFilteredRowModel,
  getGroupedRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type Cell,
  type Column,
  type ColumnDef,
  type ExpandedState,
  type Header,
  type Row,
  type VisibilityState,
} from '@tanstack/react-table';
import { measureElement, observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronDown, ChevronRight, Download } from 'lucide-react';
import { Button } from '../Button/Button';
import { EmptyState } from '../EmptyState/EmptyState';
import { MultiSelect } from '../MultiSelect/MultiSelect';
import { Spinner } from '../Spinner/Spinner';
import { testIds } from '../testIds';
import { visuallyHidden } from '../visuallyHidden';
import { downloadCsv, tableToCsv } from './csvExport';
import { Pager } from './Pager';
import { clampPageIndex, nextVirtualPageSize, pageCountOf } from './pagination';
import { DEFAULT_PAGE_SIZE, pageSizeOptionsFor, type TableVariant } from './pageSize';
import type { ColumnSort } from './urlState';
import { useReactRouterUrlState } from '../routing/reactRouterUrlState';
import { useTableUrlState } from './useTableUrlState';

/** Virtual row height estimate and overscan of the spec (console §9). */
export const VIRTUAL_ROW_HEIGHT = 35;
export const VIRTUAL_OVERSCAN = 10;
// Used when the scroll element measures 0x0 (not laid out yet, or jsdom), so rows still render.
const FALLBACK_VIEWPORT = { width: 1024, height: 600 };
// Module constants, not inline literals: TanStack Table and Virtual memoize on option identity, and
// a new key function or default column each render would redo work for every one of 100k rows.
const NO_GROUPING: string[] = [];
const DEFAULT_COLUMN = { enableColumnFilter: false } as const;
const estimateRowSize = () => VIRTUAL_ROW_HEIGHT;
const observeRectOrFallback: typeof observeElementRect = (instance, callback) =>
  observeElementRect(instance, (rect) =>
    callback(rect.width === 0 && rect.height === 0 ? FALLBACK_VIEWPORT : rect),
  );
const measureRowOrEstimate: typeof measureElement = (element, entry, instance) =>
  measureElement(element, entry, instance) || VIRTUAL_ROW_HEIGHT;

/**
 * - `pages`: a pager with page size and page number.
 * - `virtual`: one growing page; the page size doubles when the last row is reached.
 * - `none`: every row, virtualized.
 */
export type DataTablePagination = 'pages' | 'virtual' | 'none';

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
  initialColumnVisibility?: VisibilityState;
  /** Shows the Export CSV button; the download is named after it. */
  csvFileName?: string;
  /** Height limit of the scrolling body; the header stays in view. */
  maxHeight?: string;
  /** Shown above the table next to the column menu and export. */
  toolbar?: ReactNode;
}

const Root = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  min-width: 0;
`;

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm};
`;

const Scroll = styled.div<{ $maxHeight: string }>`
  max-height: ${({ $maxHeight }) => $maxHeight};
  overflow: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surface};
`;

const Table = styled.table`
  width: 100%;
  border-collapse: separate;
  border-spacing: 0;
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.colors.text};
`;

const HeaderCell = styled.th`
  position: sticky;
  top: 0;
  z-index: 1;
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border-bottom: 1px solid ${({ theme }) => theme.colors.borderStrong};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  font-weight: ${({ theme }) => theme.fontWeight.semibold};
  text-align: left;
  vertical-align: top;
  white-space: nowrap;
`;

const SortButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  padding: 0;
  border: 0;
  background: none;
  color: inherit;
  font: inherit;
  cursor: pointer;
`;

const FilterInput = styled.input`
  display: block;
  width: 100%;
  min-width: 6em;
  margin-top: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => `${theme.space.xxs} ${theme.space.xs}`};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  font-weight: ${({ theme }) => theme.fontWeight.regular};
`;

const BodyRow = styled.tr<{ $clickable: boolean }>`
  cursor: ${({ $clickable }) => ($clickable ? 'pointer' : 'default')};

  &:hover {
    background: ${({ theme }) => theme.colors.surfaceHover};
  }
`;

const BodyCell = styled.td`
  height: ${VIRTUAL_ROW_HEIGHT}px;
  padding: ${({ theme }) => `0 ${theme.space.md}`};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  box-sizing: border-box;
`;

const CellContent = styled.span<{ $depth: number }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  padding-left: ${({ $depth }) => $depth * 20}px;
`;

const ToggleButton = styled.button`
  display: inline-flex;
  padding: 0;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: none;
  color: inherit;
  cursor: pointer;
`;

const MessageCell = styled.td`
  padding: ${({ theme }) => theme.space.lg};
  color: ${({ theme }) => theme.colors.textMuted};
  text-align: center;
`;

const Loading = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`;

const Hidden = styled.span`
  ${visuallyHidden}
`;

function columnLabel<TData>(column: Column<TData, unknown>): string {
  const header = column.columnDef.header;
  return typeof header === 'string' ? header : column.id;
}

// The ids TanStack gives columns (id, else accessorKey with dots as underscores, else a string header).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function filterableColumnIds<TData>(columns: readonly ColumnDef<TData, any>[]): string[] {
  return columns.flatMap((column) => {
    if ('columns' in column && column.columns) return filterableColumnIds(column.columns);
    if (column.enableColumnFilter !== true) return [];
    const accessorKey =
      'accessorKey' in column ? String(column.accessorKey).replaceAll('.', '_') : undefined;
    const id =
      column.id ?? accessorKey ?? (typeof column.header === 'string' ? column.header : undefined);
    return id ? [id] : [];
  });
}

function ariaSort(sorted: false | 'asc' | 'desc'): 'ascending' | 'descending' | 'none' {
  if (sorted === 'asc') return 'ascending';
  if (sorted === 'desc') return 'descending';
  return 'none';
}

function HeaderContent<TData>({ header }: { header: Header<TData, unknown> }) {
  const { column } = header;
  if (header.isPlaceholder) return null;
  const title = flexRender(column.columnDef.header, header.getContext());
  const sorted = column.getIsSorted();
  const SortIcon = sorted === 'asc' ? ArrowUp : sorted === 'desc' ? ArrowDown : ArrowUpDown;
  return (
    <>
      {column.getCanSort() ? (
        <SortButton type="button" onClick={column.getToggleSortingHandler()}>
          {title}
          <SortIcon size={14} aria-hidden />
        </SortButton>
      ) : (
        title
      )}
      {column.getCanFilter() && (
        <FilterInput
          type="search"
          aria-label={`Filter ${columnLabel(column)}`}
          value={String(column.getFilterValue() ?? '')}
          onChange={(event) => column.setFilterValue(event.target.value)}
        />
      )}
    </>
  );
}

function ExpandToggle<TData>({ row, children }: { row: Row<TData>; children?: ReactNode }) {
  const expanded = row.getIsExpanded();
  const Icon = expanded ? ChevronDown : ChevronRight;
  return (
    <ToggleButton
      type="button"
      aria-expanded={expanded}
      data-testid={testIds.dataTable.expandToggle}
      onClick={(event) => {
        // The toggle is not the row's own action.
        event.stopPropagation();
        row.toggleExpanded();
      }}
    >
      <Icon size={16} aria-hidden />
      {children}
    </ToggleButton>
  );
}

function BodyCellContent<TData>({
  cell,
  isFirst,
}: {
  cell: Cell<TData, unknown>;
  isFirst: boolean;
}) {
  const { row } = cell;
  if (cell.getIsGrouped()) {
    return (
      <CellContent $depth={row.depth}>
        <ExpandToggle row={row}>
          {flexRender(cell.column.columnDef.cell, cell.getContext())}{' '}
          <span>({row.subRows.length})</span>
        </ExpandToggle>
      </CellContent>
    );
  }
  // TanStack also calls cells of tree rows with children "aggregated"; only group rows aggregate.
  if (row.getIsGrouped() && cell.getIsAggregated()) {
    return flexRender(
      cell.column.columnDef.aggregatedCell ?? cell.column.columnDef.cell,
      cell.getContext(),
    );
  }
  if (cell.getIsPlaceholder()) return null;
  const content = flexRender(cell.column.columnDef.cell, cell.getContext());
  if (!isFirst || (row.depth === 0 && !row.getCanExpand())) return content;
  return (
    <CellContent $depth={row.depth}>
      {row.getCanExpand() && (
        <ExpandToggle row={row}>
          <Hidden>{row.getIsExpanded() ? 'Collapse row' : 'Expand row'}</Hidden>
        </ExpandToggle>
      )}
      {content}
    </CellContent>
  );
}

/**
 * The console's data table: sort, filters and page in the URL, the page size remembered per
 * browser, virtual rows under a sticky header, grouping, expandable rows, column hiding and CSV
 * export of what is shown.
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
  rowActionDescription = 'Press Enter to open',
  onReachEnd,
  enableColumnHiding = true,
  initialColumnVisibility,
  csvFileName,
  maxHeight = '70vh',
  toolbar,
}: DataTableProps<TData>) {
  const id = useId();
  const pageSizeOptions = pageSizeOptionsFor(variant);
  const filterKeys = useMemo(() => filterableColumnIds(columns), [columns]);
  const { state, update, choosePageSize } = useTableUrlState({
    prefix: urlParamPrefix,
    defaultSort,
    filterKeys,
    tableId,
    pageSizeOptions,
    defaultPageSize: pageSizeOptions.includes(DEFAULT_PAGE_SIZE)
      ? DEFAULT_PAGE_SIZE
      : pageSizeOptions[0],
    // The console's tables predate the routing binding; outside a provider they keep react-router.
    fallbackUrlState: useReactRouterUrlState,
  });
  const [columnVisibility, setColumnVisibility] = useState<VisibilityState>(
    initialColumnVisibility ?? {},
  );
  const [expanded, setExpanded] = useState<ExpandedState>(defaultExpanded ? true : {});

  const paged = pagination !== 'none';
  const totalFromCaller = manual ? (totalRowCount ?? data.length) : undefined;
  const pageCount = pageCountOf(totalFromCaller ?? data.length, state.pageSize);
  // Virtual pagination shows one page that grows, so it always stays on the first.
  const pageIndex =
    pagination === 'pages'
      ? manual
        ? state.pageIndex
        : clampPageIndex(state.pageIndex, pageCount)
      : 0;
  const paginationState = useMemo(
    () => ({ pageIndex, pageSize: state.pageSize }),
    [pageIndex, state.pageSize],
  );

  const table = useReactTable({
    data,
    columns,
    getRowId,
    getSubRows,
    // Filters exist only where a column asks for one (`enableColumnFilter: true`).
    defaultColumn: DEFAULT_COLUMN,
    state: {
      sorting: state.sorting,
      columnFilters: state.columnFilters,
      pagination: paginationState,
      columnVisibility,
      grouping: grouping ?? NO_GROUPING,
      expanded,
    },
    manualSorting: manual,
    manualFiltering: manual,
    manualPagination: manual,
    pageCount: manual ? pageCount : undefined,
    enableMultiSort: false,
    // With a default sort, "no sort" would silently mean the default again; cycle asc/desc only.
    enableSortingRemoval: !defaultSort,
    autoResetPageIndex: false,
    autoResetExpanded: false,
    onSortingChange: (updater) => update({ sorting: functionalUpdate(updater, state.sorting) }),
    onColumnFiltersChange: (updater) =>
      update({
        columnFilters: functionalUpdate(updater, state.columnFilters).map((f) => ({
          id: f.id,
          value: String(f.value ?? ''),
        })),
      }),
    onPaginationChange: (updater) =>
      update({ pageIndex: functionalUpdate(updater, paginationState).pageIndex }),
    onColumnVisibilityChange: setColumnVisibility,
    onExpandedChange: setExpanded,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: manual ? undefined : getSortedRowModel(),
    getFilteredRowModel: manual ? undefined : getFilteredRowModel(),
    getGroupedRowModel: grouping?.length ? getGroupedRowModel() : undefined,
    getExpandedRowModel: getExpandedRowModel(),
    getPaginationRowModel: paged && !manual ? getPaginationRowModel() : undefined,
  });

  const rows = table.getRowModel().rows;
  const totalRows = totalFromCaller ?? table.getPrePaginationRowModel().rows.length;
  const clientPageCount = manual ? pageCount : pageCountOf(totalRows, state.pageSize);

  const scrollRef = useRef<HTMLDivElement>(null);
  const getItemKey = useCallback((index: number) => rows[index]?.id ?? index, [rows]);
  const virtualizer = useVirtualizer({
    count: isLoading ? 0 : rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: estimateRowSize,
    overscan: VIRTUAL_OVERSCAN,
    initialRect: FALLBACK_VIEWPORT,
    observeElementRect: observeRectOrFallback,
    measureElement: measureRowOrEstimate,
    getItemKey,
  });
  const virtualRows = virtualizer.getVirtualItems();
  const lastRenderedIndex = virtualRows.at(-1)?.index ?? -1;

  // Fire once per row count: reaching the end again after more rows arrived is a new end.
  const reachedAt = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (
      isLoading ||
      rows.length === 0 ||
      lastRenderedIndex < rows.length - 1 ||
      reachedAt.current === rows.length
    )
      return;
    reachedAt.current = rows.length;
    if (pagination === 'virtual') {
      const next = nextVirtualPageSize({
        lastVisibleIndex: lastRenderedIndex,
        loadedRows: rows.length,
        pageSize: state.pageSize,
        totalRows,
      });
      if (next !== undefined) update({ pageSize: next });
    }
    onReachEnd?.();
  }, [
    isLoading,
    rows.length,
    lastRenderedIndex,
    pagination,
    state.pageSize,
    totalRows,
    update,
    onReachEnd,
  ]);

  const visibleColumns = table.getVisibleLeafColumns();
  const columnCount = Math.max(visibleColumns.length, 1);
  const paddingTop = virtualRows[0]?.start ?? 0;
  const paddingBottom =
    virtualRows.length > 0 ? virtualizer.getTotalSize() - (virtualRows.at(-1)?.end ?? 0) : 0;
  const hideableColumns = table.getAllLeafColumns().filter((column) => column.getCanHide());
  const headerGroups = table.getHeaderGroups();
  const actionHintId = `${id}-row-action`;

  function onRowKeyDown(event: KeyboardEvent<HTMLTableRowElement>, row: Row<TData>) {
    // Keys on a control inside the row belong to that control.
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      onRowClick?.(row.original);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      // Arrows walk the rows (overscan keeps the neighbours rendered), sparing a Tab per row.
      const sibling =
        event.key === 'ArrowDown'
          ? event.currentTarget.nextElementSibling
          : event.currentTarget.previousElementSibling;
      if (sibling instanceof HTMLElement && sibling.tabIndex === 0) {
        event.preventDefault();
        sibling.focus();
      }
    }
  }

  let body: ReactNode;
  if (isLoading) {
    body = (
      <tr>
        <MessageCell colSpan={columnCount} data-testid={testIds.dataTable.loading}>
          <Loading role="status">
            <Spinner size={16} />
            loading data...
          </Loading>
        </MessageCell>
      </tr>
    );
  } else if (rows.length === 0) {
    body = (
      <tr>
        <MessageCell colSpan={columnCount} data-testid={testIds.dataTable.empty}>
          <EmptyState kind="data" />
        </MessageCell>
      </tr>
    );
  } else {
    body = (
      <>
        {paddingTop > 0 && (
          <tr aria-hidden="true" style={{ height: paddingTop }}>
            <td colSpan={columnCount} />
          </tr>
        )}
        {virtualRows.map((virtualRow) => {
          const row = rows[virtualRow.index];
          if (!row) return null;
          const clickable = onRowClick !== undefined && !row.getIsGrouped();
          return (
            <BodyRow
              key={virtualRow.key}
              ref={virtualizer.measureElement}
              data-index={virtualRow.index}
              data-testid={testIds.dataTable.row}
              aria-rowindex={headerGroups.length + virtualRow.index + 1}
              $clickable={clickable}
              tabIndex={clickable ? 0 : undefined}
              aria-describedby={clickable ? actionHintId : undefined}
              onClick={clickable ? () => onRowClick(row.original) : undefined}
              onKeyDown={clickable ? (event) => onRowKeyDown(event, row) : undefined}
            >
              {row.getVisibleCells().map((cell, index) => (
                <BodyCell key={cell.id}>
                  <BodyCellContent cell={cell} isFirst={index === 0} />
                </BodyCell>
              ))}
            </BodyRow>
          );
        })}
        {paddingBottom > 0 && (
          <tr aria-hidden="true" style={{ height: paddingBottom }}>
            <td colSpan={columnCount} />
          </tr>
        )}
      </>
    );
  }

  return (
    <Root data-testid={testIds.dataTable.root}>
      {(toolbar || csvFileName || (enableColumnHiding && hideableColumns.length > 1)) && (
        <Toolbar>
          {toolbar}
          {enableColumnHiding && hideableColumns.length > 1 && (
            <MultiSelect
              label="Columns"
              options={hideableColumns.map((column) => ({
                value: column.id,
                label: columnLabel(column),
              }))}
              value={hideableColumns
                .filter((column) => column.getIsVisible())
                .map((column) => column.id)}
              selectAllLabel="All columns"
              onChange={(visible) =>
                setColumnVisibility(
                  Object.fromEntries(
                    hideableColumns.map((column) => [column.id, visible.includes(column.id)]),
                  ),
                )
              }
            />
          )}
          {csvFileName && (
            <Button
              icon={<Download size={14} aria-hidden />}
              data-testid={testIds.dataTable.exportCsv}
              disabled={isLoading}
              onClick={() => downloadCsv(csvFileName, tableToCsv(table))}
            >
              Export CSV
            </Button>
          )}
        </Toolbar>
      )}
      {onRowClick && <Hidden id={actionHintId}>{rowActionDescription}</Hidden>}
      {/* The region is focusable so keyboard users can scroll it. */}
      <Scroll ref={scrollRef} $maxHeight={maxHeight} role="region" aria-label={label} tabIndex={0}>
        <Table
          aria-label={label}
          aria-rowcount={headerGroups.length + totalRows}
          aria-busy={isLoading || undefined}
        >
          <thead>
            {headerGroups.map((headerGroup, groupIndex) => (
              <tr key={headerGroup.id} aria-rowindex={groupIndex + 1}>
                {headerGroup.headers.map((header) => (
                  <HeaderCell
                    key={header.id}
                    colSpan={header.colSpan}
                    scope="col"
                    aria-sort={
                      header.column.getCanSort() && !header.isPlaceholder
                        ? ariaSort(header.column.getIsSorted())
                        : undefined
                    }
                  >
                    <HeaderContent header={header} />
                  </HeaderCell>
                ))}
              </tr>
            ))}
          </thead>
          <tbody>{body}</tbody>
        </Table>
      </Scroll>
      {pagination === 'pages' ? (
        <Pager
          label={`${label} pagination`}
          pageIndex={pageIndex}
          pageCount={clientPageCount}
          pageSize={state.pageSize}
          pageSizeOptions={pageSizeOptions}
          totalRows={totalRows}
          onPageIndexChange={(next) => update({ pageIndex: next })}
          onPageSizeChange={choosePageSize}
        />
      ) : (
        <Toolbar as="p" aria-live="polite">
          Showing {rows.length.toLocaleString('en-US')} of {totalRows.toLocaleString('en-US')}
        </Toolbar>
      )}
    </Root>
  );
}
