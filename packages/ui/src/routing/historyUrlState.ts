import { useCallback, useMemo, useSyncExternalStore } from 'react';
import type { SetSearchParams, UrlState } from './UrlState.tsx';

// pushState/replaceState fire no event, so our writers notify readers; back/forward arrive as popstate.
const listeners = new Set<() => void>();

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  window.addEventListener('popstate', onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('popstate', onChange);
  };
}

/** Moves the browser to `url` (same document) and tells every reader of the history URL state. */
export function navigateHistory(url: string, replace = false): void {
  if (replace) window.history.replaceState(window.history.state, '', url);
  else window.history.pushState(null, '', url);
  for (const listener of listeners) listener();
}

const navigateTo = (to: string, options?: { replace?: boolean }) =>
  navigateHistory(to, options?.replace);

const readSearch = () => window.location.search;
const serverSearch = () => '';

/** URL state on the browser's history alone: for an app without a router (the embed). */
export function useHistoryUrlState(): UrlState {
  const search = useSyncExternalStore(subscribe, readSearch, serverSearch);
  const searchParams = useMemo(() => new URLSearchParams(search), [search]);
  const setSearchParams = useCallback<SetSearchParams>((update, options) => {
    const next = update(new URLSearchParams(window.location.search)).toString();
    navigateHistory(
      `${window.location.pathname}${next ? `?${next}` : ''}${window.location.hash}`,
      options?.replace,
    );
  }, []);
  return useMemo(
    () => ({ searchParams, setSearchParams, navigate: navigateTo }),
    [searchParams, setSearchParams],
  );
}
