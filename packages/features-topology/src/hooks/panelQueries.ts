import { useApiClient } from '@opsdeck/api-client/react';
import {
  componentChecksQuery,
  componentConfigsQuery,
  componentIncidentsQuery,
  componentNamesQuery,
} from '@opsdeck/api-client/topology';
import { useQuery } from '@tanstack/react-query';

// The component page's own reads, in the page's chunk with the db query builder they use. A failed
// one shows in its own section (no toast): the page is still useful without it.
const quiet = { meta: { toast: false } } as const;

export function useComponentNames(ids: readonly string[]) {
  const client = useApiClient();
  return useQuery({ ...componentNamesQuery(client, ids), enabled: ids.length > 0, ...quiet });
}

export function useComponentChecks(id: string) {
  const client = useApiClient();
  return useQuery({ ...componentChecksQuery(client, id), ...quiet });
}

export function useComponentConfigs(id: string) {
  const client = useApiClient();
  return useQuery({ ...componentConfigsQuery(client, id), ...quiet });
}

export function useComponentIncidents(id: string) {
  const client = useApiClient();
  return useQuery({ ...componentIncidentsQuery(client, id), ...quiet });
}
