// One way for ui to read and write the URL's query, whatever routes the app: the console binds
// react-router, the standalone embed binds the browser's history, so tables keep URL state in both.
import { createContext, useContext, type ReactNode } from 'react';

/** Writes the query: a function of the current params, pushed (default) or replacing the entry. */
export type SetSearchParams = (
  update: (current: URLSearchParams) => URLSearchParams,
  options?: { replace?: boolean },
) => void;

export interface UrlState {
  searchParams: URLSearchParams;
  setSearchParams: SetSearchParams;
  /**
   * Moves to another address of the app without a reload (what UrlLink calls). A binding without
   * it leaves links to the browser.
   */
  navigate?: (to: string, options?: { replace?: boolean }) => void;
}

/** A hook giving the current query and its writer; must be the same function for the life of a tree. */
export type UrlStateBinding = () => UrlState;

// No default binding here: naming react-router's would ship it to the embed with every table.
const UrlStateContext = createContext<UrlStateBinding | null>(null);

function useMissingUrlState(): UrlState {
  throw new Error(
    'ui: render inside UrlStateProvider (useReactRouterUrlState with react-router, useHistoryUrlState without a router); the app gives one binding to every page',
  );
}

export function UrlStateProvider({
  binding,
  children,
}: {
  binding: UrlStateBinding;
  children: ReactNode;
}) {
  return <UrlStateContext.Provider value={binding}>{children}</UrlStateContext.Provider>;
}

/** The URL's query through the nearest binding, else `fallback` (the same one on every render). */
export function useUrlState(fallback?: UrlStateBinding): UrlState {
  const useBinding = useContext(UrlStateContext) ?? fallback ?? useMissingUrlState;
  return useBinding();
}
