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
  const setSearchParams = useCallback<SetSearchParams>(
    (update, options) => setParams(update, { replace: options?.replace }),
    [setParams],
  );
  return useMemo(
    () => ({ searchParams, setSearchParams, navigate }),
    [searchParams, setSearchParams, navigate],
  );
}
