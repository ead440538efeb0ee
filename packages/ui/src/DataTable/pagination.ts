// Page arithmetic of the table's pager and of virtual (grow-on-scroll) pagination.

/** Number of pages for a row total; at least 1 so "page 1 of 1" reads right for an empty table. */
export function pageCountOf(totalRows: number, pageSize: number): number {
  if (!Number.isFinite(totalRows) || totalRows <= 0 || pageSize <= 0) return 1;
  return Math.ceil(totalRows / pageSize);
}

/**
 * The zero-based page index for what the user typed in the page-number input (one-based), clamped
 * to 1..pageCount; undefined when the text is not a number, so the input can keep the old page.
 */
export function pageIndexFromInput(text: string, pageCount: number): number | undefined {
  const page = Number.parseInt(text.trim(), 10);
  if (Number.isNaN(page)) return undefined;
  return Math.min(Math.max(page, 1), Math.max(pageCount, 1)) - 1;
}

/** Keeps a page index inside the pages that exist (e.g. after the page size grew). */
export function clampPageIndex(pageIndex: number, pageCount: number): number {
  return Math.min(Math.max(pageIndex, 0), Math.max(pageCount - 1, 0));
}

/** "1-50 of 1,234" style range of the rows on a page. */
export function pageRange(
  pageIndex: number,
  pageSize: number,
  totalRows: number,
): { from: number; to: number } {
  if (totalRows <= 0) return { from: 0, to: 0 };
  const from = pageIndex * pageSize + 1;
  return { from: Math.min(from, totalRows), to: Math.min(from + pageSize - 1, totalRows) };
}

/**
 * Virtual pagination: once the last loaded row is on screen and more rows exist, the page size
 * doubles (console spec §9). Returns the next page size, or undefined when nothing more is to load.
 */
export function nextVirtualPageSize(options: {
  lastVisibleIndex: number;
  loadedRows: number;
  pageSize: number;
  /** Rows that exist in all; unknown (infinite sources) counts as "maybe more". */
  totalRows?: number;
}): number | undefined {
  const { lastVisibleIndex, loadedRows, pageSize, totalRows } = options;
  if (loadedRows === 0 || lastVisibleIndex < loadedRows - 1) return undefined;
  if (totalRows !== undefined && loadedRows >= totalRows) return undefined;
  // Fewer rows than asked for means the source ran out.
  if (totalRows === undefined && loadedRows < pageSize) return undefined;
  return pageSize * 2;
}
