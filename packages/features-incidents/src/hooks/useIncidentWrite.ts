import { useApiClient } from '@opsdeck/api-client/react';
import type { ApiClient } from '@opsdeck/api-client';
import { useToast } from '@opsdeck/ui';
import { useMutation } from '@tanstack/react-query';
import { useRefreshIncident } from './incidentQueries.ts';
import { useUserId } from './useUserId.ts';

export type IncidentWrite = (client: ApiClient, userId: string) => Promise<unknown>;

/**
 * One write on the incident page: runs it, refetches the incident (its page and timeline), and
 * shows the backend's message as an error toast when it fails (settings §8 "Generic toast").
 */
export function useIncidentWrite(incidentId: string) {
  const client = useApiClient();
  const userId = useUserId();
  const toast = useToast();
  const refresh = useRefreshIncident(incidentId);
  return useMutation({
    mutationFn: async (write: IncidentWrite) => {
      if (!userId) throw new Error('Your session is still loading; try again');
      await write(client, userId);
    },
    onError: (error) => {
      toast.error(error instanceof Error && error.message ? error.message : 'An error occurred');
    },
    onSettled: () => refresh(),
  });
}
