import { useCallback, useMemo, useSyncExternalStore } from 'react';
import type { SetSearchParams, UrlState } from './UrlState';

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

const readSearch = () => window.location.search;
const serverSearch = () => '';

/** URL state on the browser's history alone: for an app without a router (the embed). */
export function useHistoryUrlState(): UrlState {
  const search = useSyncExternalStore(subscribe, readSearch, serverSearch);
  const searchParams = useMemo(() => new URLSearchParams(search), [search]);
  const setSearchParams = useCallback<SetSearchParams>((update, options) => {
    const next = update(new URLSearchParams(window.location.search)).toString();
    const url = `${window.location.pathname}${next ? `?${next}` : ''}${window.location.hash}`;
    if (options?.replace) window.history.replaceState(window.history.state, '', url);
    else window.history.pushState(null, '', url);
    for (const listener of listeners) listener();
  }, []);
  return useMemo(() => ({ searchParams, setSearchParams }), [searchParams, setSearchParams]);
}
