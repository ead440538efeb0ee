// What DataTableBody and DataTableVirtualBody share: the scroll region and table frame, the header
// (sort buttons with aria-sort, header filter boxes), cell content (groups, tree rows), the loading,
// empty and error rows, and keyboard focus over the rows.
import {
  memo,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import styled, { keyframes } from 'styled-components';
import { flexRender, type Cell, type Column, type Header, type Row } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronDown, ChevronRight } from 'lucide-react';
import { SEARCH_MAX_LENGTH } from '../format/inputLimits.ts';
import { EmptyState } from '../EmptyState/EmptyState.tsx';
import { Spinner } from '../Spinner/Spinner.tsx';
import { testIds } from '../testIds.ts';
import { visuallyHidden } from '../visuallyHidden.ts';
import { dataTableSlots } from './slots.ts';
import type { DataTableState } from './useDataTable.tsx';

/** Virtual row height estimate and overscan of the spec (console §9). */
export const VIRTUAL_ROW_HEIGHT = 35;
export const VIRTUAL_OVERSCAN = 10;
const SKELETON_ROWS = 5;
// PageUp/PageDown move this many rows: about one screen of the default 70vh region.
const PAGE_STEP = 10;

export interface DataTableBodyProps<TData> {
  dataTable: DataTableState<TData>;
  /** The accessible name of the table (and of its scroll region). */
  label: string;
  onRowClick?: (row: TData) => void;
  /** Describes what Enter or a click on a row does, for screen readers. */
  rowActionDescription?: string;
  /** Height limit of the scrolling body; the header stays in view. */
  maxHeight?: string;
  /** Shown instead of the default empty state (e.g. "No runs match these filters"). */
  empty?: ReactNode;
}

const Scroll = styled.div<{ $maxHeight: string | undefined }>`
  max-width: 100%;
  max-height: ${({ $maxHeight }) => $maxHeight ?? 'none'};
  /* Wide tables scroll here, never the page (390 px phones included). */
  overflow: auto;
  overscroll-behavior-x: contain;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surface};
`;

// Body rows and their cells are plain elements styled from here: a page of rows is drawn again on
// every search keystroke and page turn, and a styled component per row and cell costs that
// redraw several milliseconds.
const bodyRows = `& > tbody > tr[data-slot='${dataTableSlots.row}']`;
const skeletonRows = `& > tbody > tr[data-slot='${dataTableSlots.skeletonRow}']`;

const Table = styled.table`
  width: 100%;
  border-collapse: separate;
  border-spacing: 0;
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.colors.text};

  ${bodyRows} {
    cursor: default;
    /* A row focused from the keyboard scrolls clear of the sticky header. */
    scroll-margin-top: 48px;
  }

  ${bodyRows}[data-clickable] {
    cursor: pointer;
  }

  ${bodyRows}:hover {
    background: ${({ theme }) => theme.colors.surfaceHover};
  }

  ${bodyRows}:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focusRing};
    outline-offset: -2px;
  }

  ${bodyRows} > td, ${skeletonRows} > td {
    height: ${VIRTUAL_ROW_HEIGHT}px;
    padding: ${({ theme }) => `0 ${theme.space.md}`};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    box-sizing: border-box;
  }
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
  /* A two-word header may take two lines rather than push the last columns off-screen. */
  white-space: normal;
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

const ErrorMessage = styled.div`
  color: ${({ theme }) => theme.colors.danger};
`;

const Loading = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`;

const pulse = keyframes`
  0%, 100% { opacity: 1; }
  50% { opacity: 0.45; }
`;

const Bone = styled.span`
  display: block;
  height: 0.875rem;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surfaceHover};
  animation: ${pulse} 1.4s ease-in-out infinite;
`;

export const Hidden = styled.span`
  ${visuallyHidden}
`;

function columnLabel<TData>(column: Column<TData, unknown>): string {
  const header = column.columnDef.header;
  return typeof header === 'string' ? header : column.id;
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
          maxLength={SEARCH_MAX_LENGTH}
          value={String(column.getFilterValue() ?? '')}
          onChange={(event) => column.setFilterValue(event.target.value)}
        />
      )}
    </>
  );
}

/** The header rows: sortable columns get a button and aria-sort. */
export function TableHead<TData>({ dataTable }: { dataTable: DataTableState<TData> }) {
  return (
    <thead>
      {dataTable.table.getHeaderGroups().map((headerGroup, groupIndex) => (
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

function RowCellsOf<TData>({ row }: RowCellsProps<TData>) {
  // Keyed by column: a row drawn with another record (the plain body keys rows by position)
  // keeps its cells and updates them.
  return row.getVisibleCells().map((cell, index) => (
    <td key={cell.column.id}>
      <BodyCellContent cell={cell} isFirst={index === 0} />
    </td>
  ));
}

interface RowCellsProps<TData> {
  row: Row<TData>;
  /** The table's visible columns (a new array when columns or their visibility change). */
  columns: readonly Column<TData>[];
  /** Whether the row is expanded (its toggle), which the row object does not change with. */
  expanded: boolean;
}

/**
 * A row's cells, drawn again only when the row, the columns or its expansion change: a page's
 * re-render that keeps its rows (a filter being typed, the URL moving on, a query starting) then
 * leaves its cells (links, tags, dates) alone. Pass `table.getVisibleLeafColumns()` and
 * `row.getIsExpanded()`.
 */
export const RowCells = memo(RowCellsOf) as <TData>(props: RowCellsProps<TData>) => ReactNode;

function errorText(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return 'The rows could not be loaded.';
}

/**
 * The rows shown instead of data: skeleton rows while the first load runs (with the spec's
 * 'loading data...' announced), the error of a failed load, the empty state. Undefined when rows
 * should be drawn; `errorFirst` is the error row to draw above kept rows.
 */
export function useStateRows<TData>(
  dataTable: DataTableState<TData>,
  rowCount: number,
  empty: ReactNode,
): { instead?: ReactNode; errorFirst?: ReactNode } {
  const columnCount = Math.max(dataTable.table.getVisibleLeafColumns().length, 1);
  const errorRow =
    dataTable.error !== undefined && dataTable.error !== null ? (
      <tr data-slot={dataTableSlots.errorRow}>
        <MessageCell colSpan={columnCount}>
          <ErrorMessage role="alert">{errorText(dataTable.error)}</ErrorMessage>
        </MessageCell>
      </tr>
    ) : undefined;
  if (dataTable.isLoading) {
    return {
      instead: (
        <>
          <tr>
            <MessageCell colSpan={columnCount} data-testid={testIds.dataTable.loading}>
              <Loading role="status">
                <Spinner size={16} />
                loading data...
              </Loading>
            </MessageCell>
          </tr>
          {Array.from({ length: SKELETON_ROWS }, (_, index) => (
            <tr key={index} aria-hidden="true" data-slot={dataTableSlots.skeletonRow}>
              {Array.from({ length: columnCount }, (_, column) => (
                <td key={column}>
                  <Bone />
                </td>
              ))}
            </tr>
          ))}
        </>
      ),
    };
  }
  if (errorRow && rowCount === 0) return { instead: errorRow };
  if (rowCount === 0) {
    return {
      instead: (
        <tr data-slot={dataTableSlots.emptyRow}>
          <MessageCell colSpan={columnCount} data-testid={testIds.dataTable.empty}>
            {empty ?? <EmptyState kind="data" />}
          </MessageCell>
        </tr>
      ),
    };
  }
  return { errorFirst: errorRow };
}

/** The scroll region (focusable, so keyboard users can scroll it) around the table. */
export function TableFrame<TData>({
  dataTable,
  label,
  maxHeight,
  slot,
  scrollRef,
  children,
}: {
  dataTable: DataTableState<TData>;
  label: string;
  maxHeight: string | undefined;
  slot: string;
  scrollRef?: RefObject<HTMLDivElement | null>;
  children: ReactNode;
}) {
  const headerRows = dataTable.table.getHeaderGroups().length;
  return (
    <Scroll
      ref={scrollRef}
      $maxHeight={maxHeight}
      role="region"
      aria-label={label}
      tabIndex={0}
      data-slot={slot}
    >
      <Table
        aria-label={label}
        aria-rowcount={headerRows + dataTable.total}
        aria-busy={dataTable.isLoading || undefined}
      >
        <TableHead dataTable={dataTable} />
        <tbody>{children}</tbody>
      </Table>
    </Scroll>
  );
}

/** The first row's position in the whole result, for aria-rowindex across pages. */
export function firstRowOffset<TData>(dataTable: DataTableState<TData>): number {
  const headerRows = dataTable.table.getHeaderGroups().length;
  const pageOffset =
    dataTable.pagination === 'pages' ? dataTable.query.pageIndex * dataTable.query.pageSize : 0;
  return headerRows + pageOffset + 1;
}

export interface RowFocus {
  /** The row that takes Tab (roving tabindex): one stop for the whole table. */
  activeIndex: number;
  /**
   * Focus, key and click handlers for every row, the same functions on every render (they read
   * the row from its `data-index`), so a memoised row is not drawn again for them.
   */
  rowHandlers: {
    onFocus: (event: FocusEvent<HTMLTableRowElement>) => void;
    onKeyDown: (event: KeyboardEvent<HTMLTableRowElement>) => void;
    /** Opens the row (`onOpen`); set it only on rows that open. */
    onClick: (event: MouseEvent<HTMLTableRowElement>) => void;
  };
}

/** The row index an event's row carries in `data-index`. */
const rowIndexOf = (element: HTMLElement) => Number(element.dataset.index);

// What a row may hold that acts on its own: a click there is the control's, not the row's.
const controlSelector =
  'a[href], button, input, select, textarea, summary, [role="button"], [role="link"]';

/** Whether a click on a row landed on a control inside it (a link opened in a new tab, a button). */
function clickedControl(event: MouseEvent<HTMLElement>): boolean {
  const control = event.target instanceof Element ? event.target.closest(controlSelector) : null;
  return (
    control !== null && control !== event.currentTarget && event.currentTarget.contains(control)
  );
}

/**
 * Keyboard focus over rows: one row is in the Tab order; arrows, Home/End and PageUp/PageDown move
 * focus; Enter or a click opens a row that is not a group (`onOpen`). `bodyRef` finds the row to
 * focus by its `data-index` once it is rendered.
 */
export function useRowFocus<TData>({
  rows,
  bodyRef,
  onOpen,
}: {
  rows: readonly Row<TData>[];
  bodyRef: RefObject<HTMLElement | null>;
  onOpen?: (row: TData) => void;
}): RowFocus {
  const rowCount = rows.length;
  const [active, setActive] = useState(0);
  const activeIndex = Math.min(active, Math.max(rowCount - 1, 0));
  const pendingFocus = useRef<number | undefined>(undefined);
  const latest = useRef({ rows, onOpen });
  useLayoutEffect(() => {
    latest.current = { rows, onOpen };
  });

  useEffect(() => {
    const index = pendingFocus.current;
    if (index === undefined) return;
    const row = bodyRef.current?.querySelector<HTMLElement>(`tr[data-index="${index}"]`);
    if (row) {
      pendingFocus.current = undefined;
      row.focus();
    }
  });

  const rowHandlers = useMemo<RowFocus['rowHandlers']>(() => {
    const open = (index: number) => {
      const row = latest.current.rows[index];
      if (row && !row.getIsGrouped()) latest.current.onOpen?.(row.original);
    };
    return {
      onFocus: (event) => setActive(rowIndexOf(event.currentTarget)),
      onClick: (event) => {
        // A link or button in the row does its own thing: a name opened with Ctrl in a new tab
        // leaves this page where it is.
        if (clickedControl(event)) return;
        open(rowIndexOf(event.currentTarget));
      },
      onKeyDown: (event) => {
        // Keys on a control inside the row belong to that control.
        if (event.target !== event.currentTarget) return;
        const index = rowIndexOf(event.currentTarget);
        if (event.key === 'Enter') {
          event.preventDefault();
          open(index);
          return;
        }
        const last = latest.current.rows.length - 1;
        const next: Record<string, number> = {
          ArrowDown: Math.min(index + 1, last),
          ArrowUp: Math.max(index - 1, 0),
          PageDown: Math.min(index + PAGE_STEP, last),
          PageUp: Math.max(index - PAGE_STEP, 0),
          Home: 0,
          End: last,
        };
        const target = next[event.key];
        if (target === undefined) return;
        event.preventDefault();
        if (target === index) return;
        pendingFocus.current = target;
        setActive(target);
      },
    };
  }, []);

  return { activeIndex, rowHandlers };
}

export interface BodyRowItemProps<TData> {
  row: Row<TData>;
  /** The row's position among the rendered rows (`data-index`). */
  index: number;
  /** Its position in the whole result, header rows included (`aria-rowindex`). */
  ariaRowIndex: number;
  /** The table's visible columns, `table.getVisibleLeafColumns()`. */
  columns: readonly Column<TData>[];
  /** `row.getIsExpanded()`. */
  expanded: boolean;
  /** Whether the row takes focus (roving tabindex); undefined for rows that take none. */
  focusable?: boolean;
  tabbable?: boolean;
  rowHandlers?: RowFocus['rowHandlers'];
  /** Set for a row whose click opens it: its click handler and the hint describing it. */
  onClick?: (event: MouseEvent<HTMLTableRowElement>) => void;
  hintId?: string;
  measureRef?: (element: HTMLTableRowElement | null) => void;
}

function BodyRowItemOf<TData>({
  row,
  index,
  ariaRowIndex,
  columns,
  expanded,
  focusable,
  tabbable,
  rowHandlers,
  onClick,
  hintId,
  measureRef,
}: BodyRowItemProps<TData>) {
  return (
    <tr
      ref={measureRef}
      data-index={index}
      data-slot={dataTableSlots.row}
      data-testid={testIds.dataTable.row}
      data-clickable={onClick ? '' : undefined}
      aria-rowindex={ariaRowIndex}
      aria-describedby={onClick ? hintId : undefined}
      tabIndex={focusable ? (tabbable ? 0 : -1) : undefined}
      onFocus={focusable ? rowHandlers?.onFocus : undefined}
      onKeyDown={focusable ? rowHandlers?.onKeyDown : undefined}
      onClick={onClick}
    >
      <RowCells row={row} columns={columns} expanded={expanded} />
    </tr>
  );
}

/**
 * A body row, drawn again only when its own props change: the table's re-renders that keep the
 * rows (the URL moving on, a query starting, another row taking focus) leave it alone. Handlers
 * must be stable (`useRowFocus`'s, and a click handler that reads `data-index`).
 */
export const BodyRowItem = memo(BodyRowItemOf) as <TData>(
  props: BodyRowItemProps<TData>,
) => ReactNode;
