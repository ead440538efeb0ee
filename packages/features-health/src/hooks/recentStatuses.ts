import { apiQueryKeys, checkStatusSchema, type CheckStatus } from '@opsdeck/api-client';
import { useApiClient } from '@opsdeck/api-client/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { timeRangeStart } from '../model/timeRange.ts';

/** How many recent results each row's strip shows. */
export const recentStatusCount = 10;

/**
 * The latest results of the rows on screen, in one request per visible window (the summary has no
 * per-check history). Keyed by the ids so scrolling back reuses what was fetched.
 */
export function useRecentStatuses(checkIds: readonly string[], summaryUpdatedAt: number) {
  const client = useApiClient();
  return useQuery({
    // The ids as one string: react-query hashes the key on every render, element by element.
    queryKey: [...apiQueryKeys.db.query('check_statuses', { recent: checkIds.join(',') }), summaryUpdatedAt],
    queryFn: async ({ signal }) => {
      const rows = await client.db
        .from('check_statuses')
        .select('check_id,time,status,duration,message,error')
        .in('check_id', checkIds)
        .gt('time', timeRangeStart('1h'))
        .order('time', { direction: 'desc' })
        .limit(checkIds.length * recentStatusCount * 2)
        .rows(checkStatusSchema)
        .execute(signal);
      const byCheck = new Map<string, CheckStatus[]>();
      for (const row of rows) {
        const list = byCheck.get(row.check_id) ?? [];
        if (list.length < recentStatusCount) list.push(row);
        byCheck.set(row.check_id, list);
      }
      return byCheck;
    },
    enabled: checkIds.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
