import { useApiClient } from '@opsdeck/api-client/react';
import { topologyQuery, type TopologyQuery } from '@opsdeck/api-client/topology';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

/** The topology tree for a query; a filter change keeps the cards on screen until the reply. */
export function useTopology(query: TopologyQuery) {
  const client = useApiClient();
  return useQuery({ ...topologyQuery(client, query), placeholderData: keepPreviousData });
}
