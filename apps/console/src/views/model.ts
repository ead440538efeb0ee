import { normaliseSearch, type SavedView } from '@opsdeck/api-client/views';

/** A page whose search may be saved, as the shell resolved it for this user: its path and title. */
export interface SavedViewPage {
  path: string;
  title: string;
}

/** The page of `pathname` among those the features registered, if any (a trailing slash ignored). */
export function savedViewPageOf(
  pages: readonly SavedViewPage[],
  pathname: string,
): SavedViewPage | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return pages.find((page) => page.path === path);
}

/** Where a saved view opens: its page with its search. */
export function hrefOfView(view: Pick<SavedView, 'page' | 'search'>): string {
  return view.search ? `${view.page}?${view.search}` : view.page;
}

/** The current URL's search as a view saves it. */
export function currentSearch(search: string): string {
  return normaliseSearch(search);
}

/**
 * Whether a visit should open with the default view: the URL has no search, the default is known
 * and it has something to apply, and this visit has not decided yet (so clearing the filters on
 * purpose later in the visit keeps them cleared).
 */
export function defaultToApply(
  search: string,
  decided: boolean,
  defaultView: Pick<SavedView, 'page' | 'search'> | undefined,
): string | undefined {
  if (decided || normaliseSearch(search) !== '' || !defaultView?.search) return undefined;
  return hrefOfView(defaultView);
}
