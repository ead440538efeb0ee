// The plain half of a server-paged list (no React): what the list knows of its total while the
// count is asked apart from the rows, a page's answer in one shape, and the query a filter change
// leads to (what the hook prefetches).
import type { DataTableQuery } from './useDataTable.tsx';

/** One page as a server answers it: its rows and, when it counts them with the page, the total. */
export interface ServerPage<TData> {
  rows: readonly TData[];
  total?: number;
}

/** A page query's answer: a page with its total, or the rows alone (the count is asked apart). */
export type ServerPageAnswer<TData> = readonly TData[] | ServerPage<TData>;

export function pageOf<TData>(answer: ServerPageAnswer<TData>): ServerPage<TData> {
  // `Array.isArray` does not narrow a readonly array out of a union; the cast says what it checks.
  return Array.isArray(answer)
    ? { rows: answer as readonly TData[] }
    : (answer as ServerPage<TData>);
}

/** What a list knows of its total: its count, asked apart from its rows (see `knownTotal`). */
export interface KnownTotalInput {
  pageIndex: number;
  pageSize: number;
  /** The rows shown, and whether they are this query's (not the last query's kept on screen). */
  rows: number;
  rowsCurrent: boolean;
  /** The count's answer, and whether it is this query's. */
  count: number | undefined;
  countCurrent: boolean;
}

/**
 * The list's total while its count may still be on the way: the count once it answers for these
 * filters; before that a page that is not full ends the list, so its end is the total; otherwise
 * the last count stays shown until the new one arrives (undefined: nothing known yet).
 */
export function knownTotal(input: KnownTotalInput): number | undefined {
  if (input.countCurrent && input.count !== undefined) return input.count;
  const ends = input.rows < input.pageSize && (input.rows > 0 || input.pageIndex === 0);
  if (input.rowsCurrent && ends) return input.pageIndex * input.pageSize + input.rows;
  return input.count;
}

/** The table's query once filter `key` is set to `value` ('' clears it): the first page, as the URL's. */
export function queryWithFilter(query: DataTableQuery, key: string, value: string): DataTableQuery {
  const filters = { ...query.filters };
  if (value === '') delete filters[key];
  else filters[key] = value;
  return { ...query, pageIndex: 0, filters };
}
