// CSV of exactly what a table shows: its visible data columns, in order, and its current rows
// (after filter, sort and paging). Display-only columns (no accessor) have no value to export.
import type { Column, Table } from '@tanstack/react-table';
import { toCsv } from './csv';

function headerText<TData>(column: Column<TData, unknown>): string {
  const header = column.columnDef.header;
  return typeof header === 'string' ? header : column.id;
}

export function tableToCsv<TData>(table: Table<TData>): string {
  const columns = table.getVisibleLeafColumns().filter((column) => column.accessorFn !== undefined);
  // Group header rows only summarise the rows under them, which are exported themselves.
  const rows = table.getRowModel().rows.filter((row) => !row.getIsGrouped());
  return toCsv(
    columns.map(headerText),
    rows.map((row) => columns.map((column) => row.getValue(column.id))),
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
