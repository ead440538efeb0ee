import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../client.ts';
import { db, likeContaining } from '../db/index.ts';
import type { CallOptions } from '../http.ts';
import { isUuid } from '../ids.ts';
import { connectionKeys } from './keys.ts';
import {
  connectionSchema,
  connectionTestReplySchema,
  integrationSchema,
  type Connection,
  type ConnectionTestReply,
  type Integration,
} from './schemas.ts';

// The connection and integration calls as the reference UI sends them (reference §6), so the console
// works unchanged against a real Mission Control.

export interface ConnectionsQuery {
  /** Matched against the name (case-insensitive, anywhere in it). */
  search?: string;
  type?: string;
  namespace?: string;
}

/** What the connection form writes: the record's columns (secrets as text or references). */
export type ConnectionWrite = Partial<
  Pick<
    Connection,
    | 'name'
    | 'namespace'
    | 'type'
    | 'url'
    | 'username'
    | 'password'
    | 'certificate'
    | 'properties'
    | 'insecure_tls'
  >
>;

/**
 * `GET /db/connections?select=*,created_by(id,name,avatar,email)&order=created_at.desc&deleted_at=is.null&limit=100`,
 * narrowed by the list's filters.
 */
export function listConnections(
  client: ApiClient,
  query: ConnectionsQuery = {},
  options: CallOptions = {},
): Promise<Connection[]> {
  const builder = db(client)
    .from('connections')
    .select('*,created_by(id,name,avatar,email)')
    .order('created_at', { direction: 'desc' })
    .is('deleted_at', null)
    .limit(100);
  if (query.search?.trim()) builder.ilike('name', likeContaining(query.search.trim()));
  if (query.type) builder.eq('type', query.type);
  if (query.namespace) builder.eq('namespace', query.namespace);
  return builder.rows(connectionSchema).execute(options.signal);
}

/** Columns the connections list may order by (the creator is an embed, not a column). */
const connectionSortColumns = ['name', 'namespace', 'type', 'created_at', 'updated_at'];

/** One page of the connections list, filtered, ordered and counted by the server. */
export interface ConnectionsPageQuery extends ConnectionsQuery {
  pageIndex: number;
  pageSize: number;
  /** One of `connectionSortColumns`; default `created_at`. */
  sortBy?: string;
  sortOrder?: 'asc' | 'desc';
}

/**
 * The connections list as a server-paged list: the same request as `listConnections` with
 * `limit`/`offset` of the page and `Prefer: count=exact`, so the total counts every match and
 * nothing past the 100th is cut.
 */
export async function listConnectionsPage(
  client: ApiClient,
  query: ConnectionsPageQuery,
  options: CallOptions = {},
): Promise<{ rows: Connection[]; total: number }> {
  const sortBy =
    query.sortBy !== undefined && connectionSortColumns.includes(query.sortBy)
      ? query.sortBy
      : undefined;
  const builder = db(client)
    .from('connections')
    .select('*,created_by(id,name,avatar,email)')
    .order(sortBy ?? 'created_at', { direction: sortBy ? (query.sortOrder ?? 'asc') : 'desc' })
    .is('deleted_at', null)
    .limit(query.pageSize)
    .offset(query.pageSize * query.pageIndex);
  if (sortBy && sortBy !== 'created_at') builder.order('created_at', { direction: 'desc' });
  if (query.search?.trim()) builder.ilike('name', likeContaining(query.search.trim()));
  if (query.type) builder.eq('type', query.type);
  if (query.namespace) builder.eq('namespace', query.namespace);
  const { data, total } = await builder
    .rows(connectionSchema)
    .count('exact')
    .execute(options.signal);
  return { rows: data, total };
}

/** One live connection by id; null for a malformed or unknown id. */
export function getConnection(
  client: ApiClient,
  id: string,
  options: CallOptions = {},
): Promise<Connection | null> {
  if (!isUuid(id)) return Promise.resolve(null);
  return db(client)
    .from('connections')
    .select('*,created_by(id,name,avatar,email)')
    .eq('id', id)
    .is('deleted_at', null)
    .rows(connectionSchema)
    .maybeSingle()
    .execute(options.signal);
}

/** `POST /db/connections`; a refusal rejects with the server's message. */
export async function createConnection(
  client: ApiClient,
  connection: ConnectionWrite,
): Promise<Connection | null> {
  const rows = await db(client)
    .from('connections')
    .insert(connection as Partial<Connection>)
    .rows(connectionSchema)
    .execute();
  return rows[0] ?? null;
}

/** `PATCH /db/connections?id=eq.{id}`: a secret sent back as `********` keeps the stored one. */
export async function updateConnection(
  client: ApiClient,
  id: string,
  connection: ConnectionWrite,
): Promise<void> {
  await db(client)
    .from('connections')
    .eq('id', id)
    .update({ ...connection, updated_at: new Date().toISOString() } as Partial<Connection>)
    .rows(connectionSchema)
    .execute();
}

/** Deletion as the console does it: `PATCH ?id=eq.{id}` with `deleted_at` (soft). */
export async function deleteConnection(client: ApiClient, id: string): Promise<void> {
  await db(client).from('connections').eq('id', id).softDelete().rows(connectionSchema).execute();
}

/** `POST /connection/test/{id}`: resolves with `{message, payload}`, rejects with the failure. */
export function testConnection(
  client: ApiClient,
  id: string,
  options: CallOptions = {},
): Promise<ConnectionTestReply> {
  return client.general.post(`connection/test/${encodeURIComponent(id)}`, {
    schema: connectionTestReplySchema,
    prefer: null,
    signal: options.signal,
  });
}

export interface IntegrationsQuery {
  pageIndex: number;
  pageSize: number;
  /** `{column}.{asc|desc}`; default `created_at.desc`. */
  sortBy?: string;
  sortDirection?: 'asc' | 'desc';
}

/** `GET /db/integrations_with_status?order=…&select=*&deleted_at=is.null&limit=&offset=`, counted. */
export async function listIntegrations(
  client: ApiClient,
  query: IntegrationsQuery,
  options: CallOptions = {},
): Promise<{ rows: Integration[]; total: number }> {
  const { data, total } = await db(client)
    .from('integrations_with_status')
    .select('*')
    .order(query.sortBy ?? 'created_at', { direction: query.sortDirection ?? 'desc' })
    .is('deleted_at', null)
    .limit(query.pageSize)
    .offset(query.pageSize * query.pageIndex)
    .rows(integrationSchema)
    .count('exact')
    .execute(options.signal);
  return { rows: data, total };
}

export const connectionsQuery = (client: ApiClient, query: ConnectionsQuery = {}) =>
  queryOptions({
    queryKey: connectionKeys.list(query),
    queryFn: ({ signal }) => listConnections(client, query, { signal }),
    placeholderData: keepPreviousData,
  });

export const connectionsPageQuery = (client: ApiClient, query: ConnectionsPageQuery) =>
  queryOptions({
    queryKey: connectionKeys.page(query),
    queryFn: ({ signal }) => listConnectionsPage(client, query, { signal }),
    placeholderData: keepPreviousData,
  });

export const connectionQuery = (client: ApiClient, id: string) =>
  queryOptions({
    queryKey: connectionKeys.one(id),
    queryFn: ({ signal }) => getConnection(client, id, { signal }),
  });

export const integrationsQuery = (client: ApiClient, query: IntegrationsQuery) =>
  queryOptions({
    queryKey: connectionKeys.integrations(query),
    queryFn: ({ signal }) => listIntegrations(client, query, { signal }),
    placeholderData: keepPreviousData,
  });
