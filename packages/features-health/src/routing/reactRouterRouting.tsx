import { useCallback } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { HealthLinkProps, HealthRouting, SetSearchParams } from './HealthRouting.tsx';

function useRouterSearchParams(): readonly [URLSearchParams, SetSearchParams] {
  const [params, setParams] = useSearchParams();
  const update = useCallback<SetSearchParams>(
    (next, options) => setParams(next, { replace: options?.replace }),
    [setParams],
  );
  return [params, update] as const;
}

function RouterLink({ to, children, 'data-testid': testId }: HealthLinkProps) {
  return (
    <Link to={to} data-testid={testId}>
      {children}
    </Link>
  );
}

/** URL state through react-router (the console): the page must render inside its router. */
export const reactRouterRouting: HealthRouting = {
  useSearchParams: useRouterSearchParams,
  Link: RouterLink,
};
