import { apiQueryKeys, getCheckDetails, getCheckGraph, getCheckStatusHistory, runCheckNow, statusHistoryPageSize } from '@opsdeck/api-client';
import { useApiClient } from '@opsdeck/api-client/react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HistoryStatus } from '../model/durationFilter.ts';
import { timeRangeStart, type TimeRangePreset } from '../model/timeRange.ts';

/** Spec §9: the status history is cached 10 s. */
export const statusHistoryStaleMs = 10_000;

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
