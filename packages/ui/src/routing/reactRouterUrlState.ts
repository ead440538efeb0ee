import { useCallback, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { SetSearchParams, UrlState } from './UrlState.tsx';

/** URL state through react-router: the caller renders inside its router. */
export function useReactRouterUrlState(): UrlState {
  const [searchParams, setParams] = useSearchParams();
  const routerNavigate = useNavigate();
  const navigate = useCallback(
    (to: string, options?: { replace?: boolean }) =>
      void routerNavigate(to, { replace: options?.replace }),
    [routerNavigate],
  );
  // A query written here (a search settled, a filter, a page) is drawn at once: flushSync renders
  // it when the navigation completes, where the router would otherwise schedule it as a transition
  // that yields to everything else (the console's health keystroke tail, issue 40).
  const setSearchParams = useCallback<SetSearchParams>(
    (update, options) => setParams(update, { replace: options?.replace, flushSync: true }),
    [setParams],
  );
  return useMemo(
    () => ({ searchParams, setSearchParams, navigate }),
    [searchParams, setSearchParams, navigate],
  );
}
