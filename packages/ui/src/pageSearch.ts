/**
 * The convention by which the console's `/` shortcut finds a page's search box: the box carries
 * `data-page-search` (spread `pageSearchProps` on it; DataTableToolbar's search does). The first
 * one in the page wins.
 */
export const pageSearchProps = { 'data-page-search': '' } as const;

/** The selector of a page's search box. */
export const pageSearchSelector = '[data-page-search]';
