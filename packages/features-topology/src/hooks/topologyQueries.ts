import { useApiClient } from '@opsdeck/api-client/react';
import { topologyQuery, type TopologyQuery } from '@opsdeck/api-client/topology';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

/**
 * The topology tree for a query. `keepCards`: a filter change keeps the cards on screen until the
 * reply (the index); a page of another component must not show the last one's meanwhile.
 */
export function useTopology(query: TopologyQuery, { keepCards = false, enabled = true } = {}) {
  const client = useApiClient();
  return useQuery({
    ...topologyQuery(client, query),
    enabled,
    ...(keepCards ? { placeholderData: keepPreviousData } : {}),
  });
}
