import { apiKeyRoot } from '../keys.ts';
import type { ConnectionsPageQuery, ConnectionsQuery, IntegrationsQuery } from './calls.ts';

/** Keys of the connection and integration queries, under `['opsdeck-api', 'connections']`. */
export const connectionKeys = {
  all: () => [apiKeyRoot, 'connections'] as const,
  list: (query: ConnectionsQuery) => [...connectionKeys.all(), 'list', query] as const,
  page: (query: ConnectionsPageQuery) => [...connectionKeys.all(), 'page', query] as const,
  one: (id: string) => [...connectionKeys.all(), 'one', id] as const,
  integrations: (query: IntegrationsQuery) =>
    [...connectionKeys.all(), 'integrations', query] as const,
};
