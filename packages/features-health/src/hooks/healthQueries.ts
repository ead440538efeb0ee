import { checkSummaryQuery } from '@opsdeck/api-client/health';
import { useApiClient } from '@opsdeck/api-client/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';

// The page's own query. The modal's (checkQueries.ts) and the rows' strips (recentStatuses.ts) are
// separate modules so they load with their lazy chunks, not with the page.

/**
 * The canary summary, refetched every `intervalMs` (false: never). Each refetch cancels the one
 * still in flight, so a slow backend never piles up requests.
 */
export function useCheckSummary(intervalMs: number | false) {
  const client = useApiClient();
  const query = useQuery({ ...checkSummaryQuery(client), placeholderData: keepPreviousData });
  const { refetch } = query;
  useEffect(() => {
    if (intervalMs === false) return;
    const timer = setInterval(() => void refetch({ cancelRefetch: true }), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, refetch]);
  return query;
}
