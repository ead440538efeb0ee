import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../client.ts';
import { db } from '../db/index.ts';
import type { CallOptions } from '../http.ts';
import { catalogKeys } from './keys.ts';
import {
  configCheckSchema,
  configComponentSchema,
  relatedConfigSchema,
  type ConfigCheck,
  type RelatedConfig,
} from './schemas.ts';
import { array } from 'zod/mini';

export type RelationDirection = 'incoming' | 'outgoing' | 'all';

/** What rpc related_configs_recursive reads (reference §3 "Relationships"). */
export interface RelatedConfigsQuery {
  configId: string;
  /** Default outgoing, as the reference UI. */
  direction?: RelationDirection;
  /** Soft relationships too (`both`), not only hard ones (parent/child). */
  soft?: boolean;
  /** 1 to 10; the UI asks for 10. */
  maxDepth?: number;
  includeDeleted?: boolean;
}

export const maxRelationshipDepth = 10;

/** The rpc's arguments in the reference UI's order, as GET parameters. */
export function relatedConfigsArgs(query: RelatedConfigsQuery) {
  const relation = query.soft ? 'both' : 'hard';
  return {
    config_id: query.configId,
    include_deleted_configs: query.includeDeleted ?? false,
    max_depth: Math.min(Math.max(query.maxDepth ?? maxRelationshipDepth, 1), maxRelationshipDepth),
    type_filter: query.direction ?? 'outgoing',
    incoming_relation: relation,
    outgoing_relation: relation,
  };
}

/** The config, its parents and the configs related to it, nearest first. */
export function getRelatedConfigs(
  client: ApiClient,
  query: RelatedConfigsQuery,
  options: CallOptions = {},
): Promise<RelatedConfig[]> {
  return db(client).rpc('related_configs_recursive', relatedConfigsArgs(query), {
    get: true,
    signal: options.signal,
    schema: array(relatedConfigSchema),
  });
}

export const relatedConfigsQuery = (client: ApiClient, query: RelatedConfigsQuery) =>
  queryOptions({
    queryKey: catalogKeys.related(query),
    queryFn: ({ signal }) => getRelatedConfigs(client, query, { signal }),
    staleTime: 30_000,
  });

export interface ConfigComponent {
  id: string;
  name: string;
  type: string | null;
}

/** The topology components a config is linked to. */
export async function getConfigComponents(
  client: ApiClient,
  configId: string,
  options: CallOptions = {},
): Promise<ConfigComponent[]> {
  const rows = await db(client)
    .from('config_component_relationships')
    .select('component_id,component:components(id,name,type,icon)')
    .eq('config_id', configId)
    .is('deleted_at', null)
    .rows(configComponentSchema)
    .execute(options.signal);
  return rows.flatMap(({ component }) =>
    component
      ? [{ id: component.id, name: component.name ?? component.id, type: component.type ?? null }]
      : [],
  );
}

export const configComponentsQuery = (client: ApiClient, configId: string) =>
  queryOptions({
    queryKey: catalogKeys.components(configId),
    queryFn: ({ signal }) => getConfigComponents(client, configId, { signal }),
    staleTime: 30_000,
  });

/** The health checks linked to a config (`check_summary_for_config`). */
export function getConfigChecks(
  client: ApiClient,
  configId: string,
  options: CallOptions = {},
): Promise<ConfigCheck[]> {
  return db(client)
    .from('check_summary_for_config')
    .eq('config_id', configId)
    .rows(configCheckSchema)
    .execute(options.signal);
}

export const configChecksQuery = (client: ApiClient, configId: string) =>
  queryOptions({
    queryKey: catalogKeys.checks(configId),
    queryFn: ({ signal }) => getConfigChecks(client, configId, { signal }),
    staleTime: 30_000,
  });
