import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../client.ts';
import { db } from '../db/index.ts';
import type { CallOptions } from '../http.ts';
import { listOf } from '../schemaParts.ts';
import { catalogKeys } from './keys.ts';
import {
  catalogChangeSchema,
  configInsightSchema,
  type CatalogChange,
  type ConfigInsight,
} from './schemas.ts';

/** How many of the newest rows a component's side panel lists. */
const componentActivityLimit = 10;

/**
 * The newest changes of the configs linked to a topology component (rpc
 * lookup_changes_by_component, reference §3's rpc list), newest first.
 */
export function getComponentConfigChanges(
  client: ApiClient,
  componentId: string,
  options: CallOptions = {},
): Promise<CatalogChange[]> {
  return db(client).rpc(
    'lookup_changes_by_component',
    {
      id: componentId,
      select: 'id,config_id,change_type,severity,summary,created_at',
      order: 'created_at.desc',
      limit: componentActivityLimit,
    },
    { get: true, signal: options.signal, schema: listOf(catalogChangeSchema) },
  );
}

/** The open insights of the configs linked to a component (rpc lookup_analysis_by_component). */
export function getComponentConfigInsights(
  client: ApiClient,
  componentId: string,
  options: CallOptions = {},
): Promise<ConfigInsight[]> {
  return db(client).rpc(
    'lookup_analysis_by_component',
    {
      id: componentId,
      select: 'id,config_id,analysis_type,analyzer,summary,message,severity,status,last_observed',
      status: 'eq.open',
      order: 'last_observed.desc',
      limit: componentActivityLimit,
    },
    { get: true, signal: options.signal, schema: listOf(configInsightSchema) },
  );
}

export const componentConfigChangesQuery = (client: ApiClient, componentId: string) =>
  queryOptions({
    queryKey: catalogKeys.componentChanges(componentId),
    queryFn: ({ signal }) => getComponentConfigChanges(client, componentId, { signal }),
  });

export const componentConfigInsightsQuery = (client: ApiClient, componentId: string) =>
  queryOptions({
    queryKey: catalogKeys.componentInsights(componentId),
    queryFn: ({ signal }) => getComponentConfigInsights(client, componentId, { signal }),
  });
