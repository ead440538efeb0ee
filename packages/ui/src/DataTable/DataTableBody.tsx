import { useId, useRef } from 'react';
import { testIds } from '../testIds.ts';
import { dataTableSlots } from './slots.ts';
import {
  BodyRow,
  Hidden,
  RowCells,
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
  const { rowProps } = useRowFocus({
    rowCount: rows.length,
    bodyRef,
    onEnter: (index) => {
      const row = rows[index];
      if (row && !row.getIsGrouped()) onRowClick?.(row.original);
    },
  });
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
            {rows.map((row, index) => {
              const clickable = onRowClick !== undefined && !row.getIsGrouped();
              return (
                <BodyRow
                  key={row.id}
                  data-index={index}
                  data-slot={dataTableSlots.row}
                  data-testid={testIds.dataTable.row}
                  aria-rowindex={offset + index}
                  aria-describedby={clickable ? hintId : undefined}
                  $clickable={clickable}
                  {...(onRowClick ? rowProps(index) : {})}
                  onClick={clickable ? () => onRowClick(row.original) : undefined}
                >
                  <RowCells row={row} columns={columns} expanded={row.getIsExpanded()} />
                </BodyRow>
              );
            })}
          </>
        )}
      </TableFrame>
    </>
  );
}
