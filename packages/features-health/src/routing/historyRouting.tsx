import { useCallback, useMemo, useSyncExternalStore, type MouseEvent } from 'react';
import type { HealthLinkProps, HealthRouting, SetSearchParams } from './HealthRouting.tsx';
import { isModifiedClick, withSearch } from './historyLocation.ts';

// Our own pushState/replaceState fire no event, so writers notify the readers themselves;
// back/forward arrive as popstate.
const listeners = new Set<() => void>();

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  window.addEventListener('popstate', onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('popstate', onChange);
  };
}

function navigate(url: string, replace = false): void {
  if (replace) window.history.replaceState(window.history.state, '', url);
  else window.history.pushState(null, '', url);
  for (const listener of listeners) listener();
}

const readSearch = () => window.location.search;
const serverSearch = () => '';

function useHistorySearchParams(): readonly [URLSearchParams, SetSearchParams] {
  const search = useSyncExternalStore(subscribe, readSearch, serverSearch);
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback<SetSearchParams>((update, options) => {
    navigate(withSearch(window.location, update(new URLSearchParams(window.location.search))), options?.replace);
  }, []);
  return [params, setParams] as const;
}

function HistoryLink({ to, children, 'data-testid': testId }: HealthLinkProps) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (isModifiedClick(event)) return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <a href={to} onClick={onClick} data-testid={testId}>
      {children}
    </a>
  );
}

/** URL state on the browser's history and URLSearchParams alone: for apps without a router. */
export const historyRouting: HealthRouting = { useSearchParams: useHistorySearchParams, Link: HistoryLink };
