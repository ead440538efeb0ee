import { useCallback, useEffect, useId, useRef, type ReactNode } from 'react';
import {
  defaultRangeExtractor,
  measureElement,
  observeElementRect,
  useVirtualizer,
  type Range,
} from '@tanstack/react-virtual';
import { nextVirtualPageSize } from './pagination.ts';
import { dataTableSlots } from './slots.ts';
import {
  BodyRowItem,
  Hidden,
  TableFrame,
  VIRTUAL_OVERSCAN,
  VIRTUAL_ROW_HEIGHT,
  firstRowOffset,
  useRowFocus,
  useStateRows,
  type DataTableBodyProps,
} from './tableParts.tsx';

export interface DataTableVirtualBodyProps<TData> extends DataTableBodyProps<TData> {
  /** Called once each time the last row comes into view (infinite loading). */
  onReachEnd?: () => void;
}

// Used when the scroll element measures 0x0 (not laid out yet, or jsdom), so rows still render.
const FALLBACK_VIEWPORT = { width: 1024, height: 600 };
// Module constants, not inline literals: TanStack Virtual memoizes on option identity.
const estimateRowSize = () => VIRTUAL_ROW_HEIGHT;
const observeRectOrFallback: typeof observeElementRect = (instance, callback) =>
  observeElementRect(instance, (rect) =>
    callback(rect.width === 0 && rect.height === 0 ? FALLBACK_VIEWPORT : rect),
  );
const measureRowOrEstimate: typeof measureElement = (element, entry, instance) =>
  measureElement(element, entry, instance) || VIRTUAL_ROW_HEIGHT;

function Spacer({ height, columns }: { height: number; columns: number }) {
  return (
    <tr aria-hidden="true" style={{ height }}>
      <td colSpan={columns} />
    </tr>
  );
}

/**
 * DataTableBody for tens of thousands of client-side rows: only the rows in view (plus overscan)
 * are in the DOM, under a sticky header. One row takes Tab; arrows, Page keys, Home and End move
 * focus through every row, scrolling as they go (the focused row stays rendered while off screen).
 * With `pagination: 'virtual'` the page size doubles each time the last row comes into view.
 */
export function DataTableVirtualBody<TData>({
  dataTable,
  label,
  onRowClick,
  rowActionDescription = 'Press Enter to open',
  maxHeight = '70vh',
  empty,
  onReachEnd,
}: DataTableVirtualBodyProps<TData>) {
  const hintId = `${useId()}-row-action`;
  const scrollRef = useRef<HTMLDivElement>(null);
  const { table, isLoading, pagination, query, total, update } = dataTable;
  const rows = table.getRowModel().rows;
  const visibleColumns = table.getVisibleLeafColumns();
  const { activeIndex, rowHandlers } = useRowFocus({
    rows,
    bodyRef: scrollRef,
    onOpen: onRowClick,
  });

  // The focused row is always rendered, so focus is never lost to a row scrolled out of the window.
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      if (activeIndex >= range.count || indexes.includes(activeIndex)) return indexes;
      return [...indexes, activeIndex].sort((a, b) => a - b);
    },
    [activeIndex],
  );
  const getItemKey = useCallback((index: number) => rows[index]?.id ?? index, [rows]);
  const virtualizer = useVirtualizer({
    count: isLoading ? 0 : rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: estimateRowSize,
    overscan: VIRTUAL_OVERSCAN,
    initialRect: FALLBACK_VIEWPORT,
    observeElementRect: observeRectOrFallback,
    measureElement: measureRowOrEstimate,
    rangeExtractor,
    getItemKey,
  });
  const virtualRows = virtualizer.getVirtualItems();
  // The focused row counts as reached: the browser scrolls to it.
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
        pageSize: query.pageSize,
        totalRows: total,
      });
      if (next !== undefined) update({ pageSize: next }, { replace: true });
    }
    onReachEnd?.();
  }, [
    isLoading,
    rows.length,
    lastRenderedIndex,
    pagination,
    query.pageSize,
    total,
    update,
    onReachEnd,
  ]);

  const { instead, errorFirst } = useStateRows(dataTable, rows.length, empty);
  const columns = Math.max(visibleColumns.length, 1);
  const offset = firstRowOffset(dataTable);

  let body: ReactNode = instead;
  if (!body) {
    // Spacers stand in for the rows not rendered, before, between (the focused row may sit apart
    // from the window) and after the rendered ones, so the scroll height is the full list's.
    const parts: ReactNode[] = [];
    let cursor = 0;
    for (const item of virtualRows) {
      const row = rows[item.index];
      if (!row) continue;
      if (item.start > cursor)
        parts.push(
          <Spacer key={`gap-${item.index}`} height={item.start - cursor} columns={columns} />,
        );
      cursor = item.end;
      parts.push(
        <BodyRowItem
          key={item.key}
          measureRef={virtualizer.measureElement}
          row={row}
          index={item.index}
          ariaRowIndex={offset + item.index}
          columns={visibleColumns}
          expanded={row.getIsExpanded()}
          focusable
          tabbable={item.index === activeIndex}
          rowHandlers={rowHandlers}
          onClick={
            onRowClick !== undefined && !row.getIsGrouped() ? rowHandlers.onClick : undefined
          }
          hintId={hintId}
        />,
      );
    }
    const rest = virtualizer.getTotalSize() - cursor;
    if (rest > 0) parts.push(<Spacer key="end" height={rest} columns={columns} />);
    body = (
      <>
        {errorFirst}
        {parts}
      </>
    );
  }

  return (
    <>
      {onRowClick && <Hidden id={hintId}>{rowActionDescription}</Hidden>}
      <TableFrame
        dataTable={dataTable}
        label={label}
        maxHeight={maxHeight}
        slot={dataTableSlots.virtualBody}
        scrollRef={scrollRef}
      >
        {body}
      </TableFrame>
    </>
  );
}
