import type { MouseEvent } from 'react';
import { isModifiedClick, navigateHistory, useHistoryUrlState } from '@opsdeck/ui';
import type { HealthLinkProps, HealthRouting, SetSearchParams } from './HealthRouting.tsx';

// The history binding is ui's, so the page, its links and ui's tables share one set of readers.
function useHistorySearchParams(): readonly [URLSearchParams, SetSearchParams] {
  const { searchParams, setSearchParams } = useHistoryUrlState();
  return [searchParams, setSearchParams] as const;
}

function HistoryLink({ to, children, 'data-testid': testId }: HealthLinkProps) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (isModifiedClick(event)) return;
    event.preventDefault();
    navigateHistory(to);
  };
  return (
    <a href={to} onClick={onClick} data-testid={testId}>
      {children}
    </a>
  );
}

/** URL state on the browser's history and URLSearchParams alone: for apps without a router. */
export const historyRouting: HealthRouting = {
  useSearchParams: useHistorySearchParams,
  Link: HistoryLink,
};
