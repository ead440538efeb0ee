import { recentStatusesQuery } from '@opsdeck/api-client/health';
import { useApiClient } from '@opsdeck/api-client/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

/**
 * The latest results of the rows on screen, in one request per visible window (the summary has no
 * per-check history). Keyed by the ids so scrolling back reuses what was fetched; this module loads
 * with the rows, and with it the db query builder.
 */
export function useRecentStatuses(checkIds: readonly string[], summaryUpdatedAt: number) {
  const client = useApiClient();
  return useQuery({
    ...recentStatusesQuery(client, checkIds, summaryUpdatedAt),
    enabled: checkIds.length > 0,
    placeholderData: keepPreviousData,
  });
}
