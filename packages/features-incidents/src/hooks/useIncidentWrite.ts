import { applyOptimistic, useApiClient } from '@opsdeck/api-client/react';
import type { ApiClient } from '@opsdeck/api-client';
import { incidentKeys, type Incident, type IncidentPatch } from '@opsdeck/api-client/incidents';
import { useToast } from '@opsdeck/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRefreshIncident } from './incidentQueries.ts';
import { useUserId } from './useUserId.ts';

export type IncidentWrite = (client: ApiClient, userId: string) => Promise<unknown>;

/** A write whose effect on the incident's own fields is shown at once (`shows`), undone if refused. */
export interface ShownIncidentWrite {
  write: IncidentWrite;
  shows: IncidentPatch;
}

/**
 * One write on the incident page: runs it, refetches the incident (its page and timeline), and
 * shows the backend's message as an error toast when it fails (settings §8 "Generic toast"). A
 * `ShownIncidentWrite` changes the incident on the page before the server answers, and puts it back
 * when the write fails.
 */
export function useIncidentWrite(incidentId: string) {
  const client = useApiClient();
  const userId = useUserId();
  const toast = useToast();
  const refresh = useRefreshIncident(incidentId);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (write: IncidentWrite | ShownIncidentWrite) => {
      if (!userId) throw new Error('Your session is still loading; try again');
      await (typeof write === 'function' ? write : write.write)(client, userId);
    },
    onMutate: (write) =>
      typeof write === 'function' || !userId
        ? undefined
        : applyOptimistic<Incident | null>(
            queryClient,
            incidentKeys.detail(incidentId),
            (incident) => (incident ? { ...incident, ...write.shows } : incident),
          ),
    onError: (error, _write, undo) => {
      undo?.();
      toast.error(error instanceof Error && error.message ? error.message : 'An error occurred');
    },
    onSettled: () => refresh(),
  });
}
