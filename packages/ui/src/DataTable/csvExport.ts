// CSV of a table's current query: its visible data columns, in order, and its rows. Display-only
// columns (no accessor) have no value to export.
import type { Column, Row, Table } from '@tanstack/react-table';
import { toCsv } from './csv.ts';

function headerText<TData>(column: Column<TData, unknown>): string {
  const header = column.columnDef.header;
  return typeof header === 'string' ? header : column.id;
}

function exportedColumns<TData>(table: Table<TData>): Column<TData, unknown>[] {
  return table.getVisibleLeafColumns().filter((column) => column.accessorFn !== undefined);
}

/**
 * The rows of the current query: in client mode every row the filters and sort leave, across
 * pages (tree children and grouped rows included, group header rows left out); in server mode
 * the page the server answered.
 */
function queryRows<TData>(table: Table<TData>): Row<TData>[] {
  const rows = table.options.manualPagination
    ? table.getRowModel().rows
    : table.getSortedRowModel().flatRows;
  // Group header rows only summarise the rows under them, which are exported themselves.
  return rows.filter((row) => !row.getIsGrouped());
}

export function tableToCsv<TData>(table: Table<TData>): string {
  const columns = exportedColumns(table);
  return toCsv(
    columns.map(headerText),
    queryRows(table).map((row) => columns.map((column) => row.getValue(column.id))),
  );
}

/** CSV of rows fetched apart from the table (all pages of a server-paged one), in its columns. */
export function rowsToCsv<TData>(table: Table<TData>, rows: readonly TData[]): string {
  const columns = exportedColumns(table);
  return toCsv(
    columns.map(headerText),
    rows.map((row, index) => columns.map((column) => column.accessorFn?.(row, index))),
  );
}

/** Starts a browser download of a CSV text. */
export function downloadCsv(fileName: string, csv: string): void {
  // The BOM makes spreadsheet apps read the file as UTF-8.
  const blob = new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName.endsWith('.csv') ? fileName : `${fileName}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
