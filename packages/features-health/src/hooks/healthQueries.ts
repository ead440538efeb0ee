import {
  apiQueryKeys,
  checkStatusSchema,
  getCheckDetails,
  getCheckGraph,
  getCheckStatusHistory,
  getCheckSummary,
  runCheckNow,
  statusHistoryPageSize,
  type CheckStatus,
} from '@opsdeck/api-client';
import { useApiClient } from '@opsdeck/api-client/react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { timeRangeStart, type TimeRangePreset } from '../model/timeRange.ts';
import type { HistoryStatus } from '../model/durationFilter.ts';

/** Spec §9: the status history is cached 10 s. */
export const statusHistoryStaleMs = 10_000;

/**
 * The canary summary, refetched every `intervalMs` (false: never). Each refetch cancels the one
 * still in flight, so a slow backend never piles up requests.
 */
export function useCheckSummary(intervalMs: number | false) {
  const client = useApiClient();
  const query = useQuery({
    queryKey: apiQueryKeys.health.summary(),
    queryFn: ({ signal }) => getCheckSummary(client, undefined, { signal }),
    placeholderData: keepPreviousData,
  });
  const { refetch } = query;
  useEffect(() => {
    if (intervalMs === false) return;
    const timer = setInterval(() => void refetch({ cancelRefetch: true }), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, refetch]);
  return query;
}

export function useCheckDetails(checkId: string | null) {
  const client = useApiClient();
  return useQuery({
    queryKey: apiQueryKeys.health.checkDetails(checkId ?? ''),
    queryFn: ({ signal }) => getCheckDetails(client, checkId!, { signal }),
    enabled: checkId !== null,
  });
}

export function useCheckGraph(checkId: string | null, timeRange: TimeRangePreset) {
  const client = useApiClient();
  const query = { check: checkId ?? '', start: timeRange };
  return useQuery({
    queryKey: apiQueryKeys.health.graph(query),
    // Sent as RFC 3339: not every backend reads month and year durations ('1mo', '1y').
    queryFn: ({ signal }) => getCheckGraph(client, { ...query, start: timeRangeStart(timeRange) }, { signal }),
    enabled: checkId !== null,
    placeholderData: keepPreviousData,
  });
}

export interface StatusHistoryFilter {
  status: HistoryStatus;
  /** Minimum duration in ms; undefined for All. */
  duration: number | undefined;
  pageIndex: number;
}

export function useStatusHistory(checkId: string, timeRange: TimeRangePreset, filter: StatusHistoryFilter) {
  const client = useApiClient();
  const query = {
    checkId,
    // The range, not an instant, keys the cache: the start is resolved when the request goes out.
    start: timeRange,
    status: filter.status === 'all' ? undefined : filter.status,
    duration: filter.duration,
    pageIndex: filter.pageIndex,
    pageSize: statusHistoryPageSize,
  };
  return useQuery({
    queryKey: apiQueryKeys.health.statusHistory(query),
    queryFn: ({ signal }) => getCheckStatusHistory(client, { ...query, start: timeRangeStart(timeRange) }, { signal }),
    staleTime: statusHistoryStaleMs,
    placeholderData: keepPreviousData,
  });
}

/** How many recent results each row's strip shows. */
export const recentStatusCount = 10;

/**
 * The latest results of the rows on screen, in one request per visible window (the summary has no
 * per-check history). Keyed by the ids so scrolling back reuses what was fetched.
 */
export function useRecentStatuses(checkIds: readonly string[], summaryUpdatedAt: number) {
  const client = useApiClient();
  return useQuery({
    queryKey: [...apiQueryKeys.db.query('check_statuses', { recent: checkIds }), summaryUpdatedAt],
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

/** Runs a check now, then refreshes everything shown about it (modal and its row). */
export function useRunCheck(checkId: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => runCheckNow(client, checkId),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: apiQueryKeys.health.checkDetails(checkId) }),
        queryClient.invalidateQueries({ queryKey: [...apiQueryKeys.health.all(), 'graph'] }),
        queryClient.invalidateQueries({ queryKey: apiQueryKeys.health.summary() }),
        queryClient.invalidateQueries({ queryKey: apiQueryKeys.db.table('check_statuses') }),
      ]),
  });
}
