import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../client.ts';
import { db } from '../db/index.ts';
import type { CallOptions } from '../http.ts';
import { topologyKeys } from './keys.ts';
import {
  componentCheckSchema,
  componentConfigSchema,
  componentIncidentSchema,
  componentNameSchema,
  type ComponentCheck,
  type ComponentIncident,
  type ComponentName,
} from './schemas.ts';

// The component page's side panel and breadcrumb, over the console's PostgREST views (reference §4
// "Other component reads", §1 incidents_by_component). Apart from the tree's call so the page's
// first paint does not carry the db query builder.

export interface ComponentConfig {
  id: string;
  name: string;
  type: string | null;
}

/** Names and icons of components by id (the breadcrumb's ancestors), in the order asked. */
export async function getComponentNames(
  client: ApiClient,
  ids: readonly string[],
  options: CallOptions = {},
): Promise<ComponentName[]> {
  if (ids.length === 0) return [];
  const rows = await db(client)
    .from('components')
    .select('id,name,icon,type')
    .in('id', ids)
    .rows(componentNameSchema)
    .execute(options.signal);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The checks linked to a component. */
export function getComponentChecks(
  client: ApiClient,
  componentId: string,
  options: CallOptions = {},
): Promise<ComponentCheck[]> {
  return db(client)
    .from('checks_by_component')
    .eq('component_id', componentId)
    .rows(componentCheckSchema)
    .execute(options.signal);
}

/** The config items related to a component (the relationship's foreign key is to config_items). */
export async function getComponentConfigs(
  client: ApiClient,
  componentId: string,
  options: CallOptions = {},
): Promise<ComponentConfig[]> {
  const rows = await db(client)
    .from('config_component_relationships')
    .select('config_id,configs:config_items(id,name,type)')
    .eq('component_id', componentId)
    .rows(componentConfigSchema)
    .execute(options.signal);
  return rows.flatMap(({ configs }) =>
    configs ? [{ id: configs.id, name: configs.name, type: configs.type ?? null }] : [],
  );
}

/** Incidents on a component, newest first. */
export function getComponentIncidents(
  client: ApiClient,
  componentId: string,
  options: CallOptions = {},
): Promise<ComponentIncident[]> {
  return db(client)
    .from('incidents_by_component')
    .eq('component_id', componentId)
    .order('created_at', { direction: 'desc' })
    .rows(componentIncidentSchema)
    .execute(options.signal);
}

export const componentNamesQuery = (client: ApiClient, ids: readonly string[]) =>
  queryOptions({
    queryKey: topologyKeys.names(ids),
    queryFn: ({ signal }) => getComponentNames(client, ids, { signal }),
  });

export const componentChecksQuery = (client: ApiClient, componentId: string) =>
  queryOptions({
    queryKey: topologyKeys.checks(componentId),
    queryFn: ({ signal }) => getComponentChecks(client, componentId, { signal }),
  });

export const componentConfigsQuery = (client: ApiClient, componentId: string) =>
  queryOptions({
    queryKey: topologyKeys.configs(componentId),
    queryFn: ({ signal }) => getComponentConfigs(client, componentId, { signal }),
  });

export const componentIncidentsQuery = (client: ApiClient, componentId: string) =>
  queryOptions({
    queryKey: topologyKeys.incidents(componentId),
    queryFn: ({ signal }) => getComponentIncidents(client, componentId, { signal }),
  });
