// Table state <-> URL search params (console spec §9): sortBy + sortOrder, `{key}.filter`, pageIndex
// and pageSize. A prefix keeps two tables on one page apart (`checks.sortBy`, `runs.sortBy`).
import { decodeFilterList, encodeFilterList } from './filterValues.ts';
import { parsePageSize } from './pageSize.ts';

export type SortOrder = 'asc' | 'desc';

/** Shaped like TanStack Table's SortingState / ColumnFiltersState so it passes straight through. */
export interface ColumnSort {
  id: string;
  desc: boolean;
}

export interface ColumnFilter {
  id: string;
  value: string;
}

export interface TableUrlState {
  sorting: ColumnSort[];
  columnFilters: ColumnFilter[];
  pageIndex: number;
  /** Undefined when the URL does not say; the remembered or default size applies then. */
  pageSize: number | undefined;
  /**
   * Ids of the hidden columns (`{prefix}hidden=team,latency_ms`). Undefined when the URL does not
   * say, so the table's own defaults apply; an empty list means every column is shown.
   */
  hiddenColumns?: string[] | undefined;
}

export interface TableUrlOptions {
  /** Prepended to every parameter name. */
  prefix?: string;
  /** Sort used while the URL has no sortBy, e.g. `{ id: 'created_at', desc: true }`. */
  defaultSort?: ColumnSort;
  /** Only these columns are read as filters (other `.filter` params belong to someone else). */
  filterKeys?: readonly string[];
}

const FILTER_SUFFIX = '.filter';

export function tableParamNames(prefix = '') {
  return {
    sortBy: `${prefix}sortBy`,
    sortOrder: `${prefix}sortOrder`,
    pageIndex: `${prefix}pageIndex`,
    pageSize: `${prefix}pageSize`,
    hidden: `${prefix}hidden`,
    filter: (key: string) => `${prefix}${key}${FILTER_SUFFIX}`,
  };
}

export function parseSortOrder(text: string | null): SortOrder | undefined {
  return text === 'asc' || text === 'desc' ? text : undefined;
}

export function readTableUrlState(
  params: URLSearchParams,
  options: TableUrlOptions = {},
): TableUrlState {
  const { prefix = '', defaultSort, filterKeys } = options;
  const names = tableParamNames(prefix);

  const sortBy = params.get(names.sortBy);
  let sorting: ColumnSort[];
  if (sortBy) {
    // A sortBy without a valid order sorts ascending, the usual reading of "sort by x".
    sorting = [{ id: sortBy, desc: parseSortOrder(params.get(names.sortOrder)) === 'desc' }];
  } else {
    sorting = defaultSort ? [{ ...defaultSort }] : [];
  }

  const columnFilters: ColumnFilter[] = [];
  for (const [name, value] of params) {
    if (!name.startsWith(prefix) || !name.endsWith(FILTER_SUFFIX) || value === '') continue;
    const id = name.slice(prefix.length, -FILTER_SUFFIX.length);
    if (id === '' || (filterKeys && !filterKeys.includes(id))) continue;
    columnFilters.push({ id, value });
  }

  const pageIndexText = params.get(names.pageIndex);
  const pageIndex =
    pageIndexText !== null && /^\d+$/.test(pageIndexText) ? Number(pageIndexText) : 0;

  const hiddenText = params.get(names.hidden);
  return {
    sorting,
    columnFilters,
    pageIndex,
    pageSize: parsePageSize(params.get(names.pageSize)),
    hiddenColumns: hiddenText === null ? undefined : decodeFilterList(hiddenText),
  };
}

/**
 * A copy of `params` with the changed parts of the table state written in. Other parameters are
 * kept. A new sort or filter drops pageIndex (page 5 of the old result means nothing for the new
 * one) unless the patch sets it too.
 */
export function writeTableUrlState(
  params: URLSearchParams,
  patch: Partial<TableUrlState>,
  options: Pick<TableUrlOptions, 'prefix' | 'filterKeys'> = {},
): URLSearchParams {
  const names = tableParamNames(options.prefix);
  const next = new URLSearchParams(params);

  if (patch.sorting) {
    const [first] = patch.sorting;
    if (first) {
      next.set(names.sortBy, first.id);
      next.set(names.sortOrder, first.desc ? 'desc' : 'asc');
    } else {
      next.delete(names.sortBy);
      next.delete(names.sortOrder);
    }
  }

  if (patch.columnFilters) {
    const prefix = options.prefix ?? '';
    for (const name of [...next.keys()]) {
      if (!name.startsWith(prefix) || !name.endsWith(FILTER_SUFFIX)) continue;
      // Knowing our filter keys spares another table's `.filter` params when prefixes overlap.
      const id = name.slice(prefix.length, -FILTER_SUFFIX.length);
      if (!options.filterKeys || options.filterKeys.includes(id)) next.delete(name);
    }
    for (const filter of patch.columnFilters) {
      if (filter.value !== '') next.set(names.filter(filter.id), filter.value);
    }
  }

  if (patch.pageIndex !== undefined) {
    if (patch.pageIndex > 0) next.set(names.pageIndex, String(patch.pageIndex));
    else next.delete(names.pageIndex);
  } else if (patch.sorting || patch.columnFilters) {
    next.delete(names.pageIndex);
  }

  if ('pageSize' in patch) {
    if (patch.pageSize === undefined) next.delete(names.pageSize);
    else next.set(names.pageSize, String(patch.pageSize));
  }

  // Showing or hiding a column keeps the page: the rows are the same.
  if ('hiddenColumns' in patch) {
    if (patch.hiddenColumns === undefined) next.delete(names.hidden);
    else next.set(names.hidden, encodeFilterList(patch.hiddenColumns));
  }

  return next;
}
