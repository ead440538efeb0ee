import type { ColumnDef } from '@tanstack/react-table';

// Column value types differ per column; TanStack's own examples type the list this way.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyColumnDef<TData> = ColumnDef<TData, any>;

/**
 * The leaf columns of a column list with the ids TanStack will give them (id, else accessorKey
 * with dots as underscores, else a string header), known before the table exists.
 */
export function leafColumns<TData>(
  columns: readonly AnyColumnDef<TData>[],
): { id: string; def: AnyColumnDef<TData> }[] {
  return columns.flatMap((column) => {
    if ('columns' in column && column.columns) return leafColumns(column.columns);
    const accessorKey =
      'accessorKey' in column ? String(column.accessorKey).replaceAll('.', '_') : undefined;
    const id =
      column.id ?? accessorKey ?? (typeof column.header === 'string' ? column.header : undefined);
    return id ? [{ id, def: column }] : [];
  });
}
