// Page sizes of the spec (console §9) and the per-browser memory of the one a user picked.

export const PAGE_SIZE_OPTIONS = [5, 10, 25, 50, 100, 150, 200, 250, 300, 500, 1000] as const;
/** The grid (card) variant offers fewer, larger pages. */
export const GRID_PAGE_SIZE_OPTIONS = [50, 100, 200] as const;
export const DEFAULT_PAGE_SIZE = 50;

export type TableVariant = 'table' | 'grid';

export function pageSizeOptionsFor(variant: TableVariant): readonly number[] {
  return variant === 'grid' ? GRID_PAGE_SIZE_OPTIONS : PAGE_SIZE_OPTIONS;
}

/** A page size from text (URL or storage), or undefined when it is not a positive integer. */
export function parsePageSize(text: string | null | undefined): number | undefined {
  if (text === null || text === undefined || !/^\d+$/.test(text.trim())) return undefined;
  const size = Number(text);
  return size > 0 ? size : undefined;
}

/** The slice of Storage the memory needs, so tests can pass a Map-backed fake or real localStorage. */
export type PageSizeStorage = Pick<Storage, 'getItem' | 'setItem'>;

export function pageSizeStorageKey(tableId: string): string {
  return `opsdeck.table.${tableId}.pageSize`;
}

/** The remembered page size of a table, if it is one the table offers. */
export function readStoredPageSize(
  storage: PageSizeStorage | undefined,
  tableId: string,
  options: readonly number[],
): number | undefined {
  if (!storage) return undefined;
  try {
    const size = parsePageSize(storage.getItem(pageSizeStorageKey(tableId)));
    return size !== undefined && options.includes(size) ? size : undefined;
  } catch {
    return undefined; // blocked storage (privacy mode): fall back to the default
  }
}

export function storePageSize(
  storage: PageSizeStorage | undefined,
  tableId: string,
  size: number,
): void {
  if (!storage) return;
  try {
    storage.setItem(pageSizeStorageKey(tableId), String(size));
  } catch {
    // Forgetting the choice next visit is acceptable; the table still uses it now.
  }
}

/** localStorage when the environment has one (not in SSR). */
export function browserStorage(): PageSizeStorage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}
