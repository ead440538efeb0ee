import { useId, useRef } from 'react';
import { dataTableSlots } from './slots.ts';
import {
  BodyRowItem,
  Hidden,
  TableFrame,
  firstRowOffset,
  useRowFocus,
  useStateRows,
  type DataTableBodyProps,
} from './tableParts.tsx';

export type { DataTableBodyProps } from './tableParts.tsx';

/**
 * The table's rows as plain rows, for a page of a server-paged or client-paged table: sortable
 * headers (aria-sort), row click and Enter to open, skeleton rows while loading, the empty state
 * and an error row. For tens of thousands of rows use DataTableVirtualBody.
 */
export function DataTableBody<TData>({
  dataTable,
  label,
  onRowClick,
  rowActionDescription = 'Press Enter to open',
  maxHeight,
  empty,
}: DataTableBodyProps<TData>) {
  const hintId = `${useId()}-row-action`;
  const bodyRef = useRef<HTMLDivElement>(null);
  const rows = dataTable.table.getRowModel().rows;
  const columns = dataTable.table.getVisibleLeafColumns();
  const { activeIndex, rowHandlers } = useRowFocus({ rows, bodyRef, onOpen: onRowClick });
  const { instead, errorFirst } = useStateRows(dataTable, rows.length, empty);
  const offset = firstRowOffset(dataTable);

  return (
    <>
      {onRowClick && <Hidden id={hintId}>{rowActionDescription}</Hidden>}
      <TableFrame
        dataTable={dataTable}
        label={label}
        maxHeight={maxHeight}
        slot={dataTableSlots.body}
        scrollRef={bodyRef}
      >
        {instead ?? (
          <>
            {errorFirst}
            {rows.map((row, index) => (
              // Keyed by the row's id (getRowId): a refetch that adds a row above keeps every row,
              // its open menu and its focus on the same record instead of shifting them one down.
              <BodyRowItem
                key={row.id}
                row={row}
                index={index}
                ariaRowIndex={offset + index}
                columns={columns}
                expanded={row.getIsExpanded()}
                focusable={onRowClick !== undefined}
                tabbable={index === activeIndex}
                rowHandlers={rowHandlers}
                onClick={
                  onRowClick !== undefined && !row.getIsGrouped() ? rowHandlers.onClick : undefined
                }
                hintId={hintId}
              />
            ))}
          </>
        )}
      </TableFrame>
    </>
  );
}
