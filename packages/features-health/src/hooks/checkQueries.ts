import {
  checkDetailsQuery,
  checkGraphQuery,
  healthKeys,
  runCheckNow,
} from '@opsdeck/api-client/health';
import { useApiClient } from '@opsdeck/api-client/react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TimeRangeShortForm } from '@opsdeck/ui/time-range';

/** The modal says "Not found" itself for an id the server does not know: no toast for that. */
export const showsNotFound = { showsNotFound: true } as const;

export function useCheckDetails(checkId: string | null) {
  const client = useApiClient();
  return useQuery({
    ...checkDetailsQuery(client, checkId ?? ''),
    enabled: checkId !== null,
    meta: showsNotFound,
  });
}

export function useCheckGraph(checkId: string | null, timeRange: TimeRangeShortForm) {
  const client = useApiClient();
  return useQuery({
    ...checkGraphQuery(client, { check: checkId ?? '', start: timeRange }),
    enabled: checkId !== null,
    placeholderData: keepPreviousData,
    meta: showsNotFound,
  });
}

/** Runs a check now, then refreshes everything shown about it (modal and its row). */
export function useRunCheck(checkId: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => runCheckNow(client, checkId),
    // The result shows as soon as the run answers: the refetches it triggers are not awaited
    // (a returned promise would hold the mutation pending until every list has reloaded).
    onSettled: () => {
      for (const queryKey of [
        healthKeys.check(checkId),
        healthKeys.graphs(),
        healthKeys.summary(),
        healthKeys.recentStatuses(),
      ]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}
