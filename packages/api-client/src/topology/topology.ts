import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../client.ts';
import type { CallOptions } from '../http.ts';
import { topologyKeys } from './keys.ts';
import { topologyReplySchema, type TopologyReply } from './schemas.ts';

/** `name`, `status`, `type`, or `field:<property name>`. */
export type TopologySortBy = 'name' | 'status' | 'type' | `field:${string}`;

/** What the topology endpoint reads (reference §4), as the console sends it. */
export interface TopologyQuery {
  id?: string;
  /** Levels below the first one returned; the backend's default is 5. */
  depth?: number;
  /** Component statuses: `x` includes, `!x` excludes. */
  status?: readonly string[];
  /** Component types, same syntax as `status`. */
  type?: readonly string[];
  /** Matched as containment on the components' labels. */
  labels?: Readonly<Record<string, string>>;
  owner?: string;
  /** Sent as the reference UI does; Mission Control's handler ignores it. */
  team?: string;
  sortBy?: TopologySortBy;
  sortOrder?: 'asc' | 'desc';
  /** Every matching component at the top level instead of a tree (the UI sends it with a type). */
  flatten?: boolean;
  /** Leave healthy components out (read by the console's own backend; Mission Control ignores it). */
  hidePassing?: boolean;
}

/** The query string of a topology request, in a fixed order; empty parts are left out. */
export function topologySearchParams(query: TopologyQuery): URLSearchParams {
  const params = new URLSearchParams();
  const set = (key: string, value: string | undefined) => {
    if (value !== undefined && value !== '') params.set(key, value);
  };
  set('id', query.id);
  set('depth', query.depth === undefined ? undefined : String(query.depth));
  set('status', query.status?.join(','));
  set('type', query.type?.join(','));
  set(
    'labels',
    query.labels
      ? Object.entries(query.labels)
          .map(([key, value]) => `${key}=${value}`)
          .join(',')
      : undefined,
  );
  set('owner', query.owner);
  set('team', query.team);
  set('sortBy', query.sortBy);
  set('sortOrder', query.sortOrder);
  if (query.flatten) params.set('flatten', 'true');
  if (query.hidePassing) params.set('hidePassing', 'true');
  return params;
}

/** GET `/canary/api/topology`: the component tree with the filters' option lists. */
export function getTopology(
  client: ApiClient,
  query: TopologyQuery = {},
  options: CallOptions = {},
): Promise<TopologyReply> {
  return client.canary.get('api/topology', {
    searchParams: topologySearchParams(query),
    schema: topologyReplySchema,
    signal: options.signal,
  });
}

export const topologyQuery = (client: ApiClient, query: TopologyQuery = {}) =>
  queryOptions({
    queryKey: topologyKeys.tree(query),
    queryFn: ({ signal }) => getTopology(client, query, { signal }),
  });
