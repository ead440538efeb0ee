import { whoamiQuery } from '@opsdeck/api-client/auth';
import { useApiClient } from '@opsdeck/api-client/react';
import { useQuery } from '@tanstack/react-query';

/**
 * The signed-in person's id, which writes send as `created_by` (reference §1; our server takes
 * authorship from the session anyway). The shell has already loaded whoami, so this reads cache.
 */
export function useUserId(): string | undefined {
  const client = useApiClient();
  return useQuery(whoamiQuery(client)).data?.payload.user.id;
}
