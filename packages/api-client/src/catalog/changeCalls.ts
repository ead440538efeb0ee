import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../client.ts';
import { db } from '../db/index.ts';
import type { CallOptions } from '../http.ts';
import { catalogKeys } from './keys.ts';
import {
  catalogChangesReplySchema,
  changeTypeRowSchema,
  configChangeDetailSchema,
  type CatalogChangesReply,
  type ConfigChangeDetail,
} from './schemas.ts';

export type ChangesRecursive = 'upstream' | 'downstream' | 'none' | 'all';
export type ChangesSortBy = 'name' | 'change_type' | 'summary' | 'source' | 'created_at' | 'count';

/** What `POST /catalog/changes` reads, in the console's words (reference §3). */
export interface CatalogChangesQuery {
  /** One config's changes (the detail page); none for the whole catalog. */
  configId?: string;
  /** Tri-state values (`a,!b`), config types written with `::`. */
  configType?: string;
  changeType?: string;
  /** `high` means high or more severe (the backend widens it). */
  severity?: string;
  /** A label selector: `k=v,k2!=v2`. */
  tags?: string;
  /** RFC 3339 or date math (`now-7d`); the backend defaults to the last 2 days when both are empty. */
  from?: string;
  to?: string;
  recursive?: ChangesRecursive;
  depth?: number;
  includeDeletedConfigs?: boolean;
  sortBy?: ChangesSortBy;
  sortOrder?: 'asc' | 'desc';
  pageIndex: number;
  pageSize: number;
}

/** The request body exactly as the reference UI builds it (`getConfigsChanges`). */
export function catalogChangesBody(query: CatalogChangesQuery) {
  const sortBy = query.sortBy ?? 'created_at';
  const descending = (query.sortOrder ?? 'desc') === 'desc';
  const recursive = query.recursive ?? 'none';
  return {
    ...(query.configId ? { id: query.configId } : {}),
    ...(query.configType ? { config_type: query.configType } : {}),
    ...(query.changeType ? { type: query.changeType } : {}),
    ...(query.severity ? { severity: query.severity } : {}),
    ...(query.tags ? { tags: query.tags } : {}),
    from: query.from ?? 'now-2d',
    to: query.to ?? 'now',
    page: query.pageIndex + 1,
    page_size: query.pageSize,
    sort_by: `${descending ? '-' : ''}${sortBy}`,
    recursive,
    // The UI sends a depth only when it follows relationships.
    ...(recursive === 'none' ? {} : { depth: query.depth ?? 5 }),
    include_deleted_configs: query.includeDeletedConfigs ?? false,
  };
}

/** A page of changes with its total and the page's counts by change type. */
export function getCatalogChanges(
  client: ApiClient,
  query: CatalogChangesQuery,
  options: CallOptions = {},
): Promise<CatalogChangesReply> {
  return client.catalog.post('changes', {
    json: catalogChangesBody(query),
    prefer: null,
    schema: catalogChangesReplySchema,
    signal: options.signal,
  });
}

export const catalogChangesQuery = (client: ApiClient, query: CatalogChangesQuery) =>
  queryOptions({
    queryKey: catalogKeys.changes(query),
    queryFn: ({ signal }) => getCatalogChanges(client, query, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export const configChangeSelect =
  'id,config_id,change_type,created_at,external_created_by,source,diff,details,patches,created_by,severity,summary,config:configs(id,name,type,config_class)';

/** One change with its diff, details and patches (the changes list carries none of them). */
export function getConfigChange(
  client: ApiClient,
  id: string,
  options: CallOptions = {},
): Promise<ConfigChangeDetail | null> {
  return db(client)
    .from('config_changes')
    .select(configChangeSelect)
    .eq('id', id)
    .rows(configChangeDetailSchema)
    .maybeSingle()
    .execute(options.signal);
}

export const configChangeQuery = (client: ApiClient, id: string) =>
  queryOptions({
    queryKey: catalogKeys.change(id),
    queryFn: ({ signal }) => getConfigChange(client, id, { signal }),
    // A recorded change never changes.
    staleTime: Infinity,
  });

/** How many of a config's newest diffs the version comparison reads. */
export const diffHistoryLimit = 100;

/**
 * A config's recorded diffs, newest first (`config_changes` by config_id, the ones with a diff):
 * applied backwards from the current spec they give its earlier versions.
 */
export function getConfigDiffHistory(
  client: ApiClient,
  configId: string,
  options: CallOptions = {},
): Promise<ConfigChangeDetail[]> {
  return db(client)
    .from('config_changes')
    .select('id,config_id,change_type,created_at,severity,summary,diff')
    .eq('config_id', configId)
    .not('diff', 'is', null)
    .order('created_at', { direction: 'desc' })
    .limit(diffHistoryLimit)
    .rows(configChangeDetailSchema)
    .execute(options.signal);
}

export const configDiffHistoryQuery = (client: ApiClient, configId: string) =>
  queryOptions({
    queryKey: [...catalogKeys.config(configId), 'diffs'] as const,
    queryFn: ({ signal }) => getConfigDiffHistory(client, configId, { signal }),
    staleTime: 30_000,
  });

/** The change type filter's options (`change_types`). */
export async function getChangeTypes(client: ApiClient, options: CallOptions = {}) {
  const rows = await db(client)
    .from('change_types')
    .rows(changeTypeRowSchema)
    .execute(options.signal);
  return [...new Set(rows.flatMap((row) => (row.change_type ? [row.change_type] : [])))].sort();
}

export const changeTypesQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: catalogKeys.options('change_types'),
    queryFn: ({ signal }) => getChangeTypes(client, { signal }),
    staleTime: 5 * 60_000,
  });
