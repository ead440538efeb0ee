import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import type { ApiClient } from '../client.ts';
import { db, likeContaining } from '../db/index.ts';
import type { CallOptions } from '../http.ts';
import { looseObject } from '../looseObject.ts';
import { maybeText, text } from '../schemaParts.ts';
import { adminKeys } from './keys.ts';

const named = z.nullish(looseObject({ id: maybeText, name: maybeText }));

/** One row of `permissions_summary` (reference §6 "Permissions"), with its creator embedded. */
export const permissionSchema = looseObject({
  id: text,
  name: maybeText,
  description: maybeText,
  source: maybeText,
  action: maybeText,
  object: maybeText,
  deny: z.nullish(z.boolean()),
  subject: maybeText,
  subject_type: maybeText,
  until: maybeText,
  error: maybeText,
  created_at: maybeText,
  updated_at: maybeText,
  component_id: maybeText,
  config_id: maybeText,
  canary_id: maybeText,
  playbook_id: maybeText,
  connection_id: maybeText,
  notification_id: maybeText,
  person: named,
  team: named,
  notification: named,
  component_object: named,
  config_object: named,
  canary_object: named,
  playbook_object: named,
  connection_object: named,
  created_by: z.nullish(z.union([text, named])),
});
export type Permission = z.output<typeof permissionSchema>;

export interface PermissionsQuery {
  pageIndex: number;
  pageSize: number;
}

/** One page of permissions, newest first, with the count of every row. */
export async function listPermissions(
  client: ApiClient,
  query: PermissionsQuery,
  options: CallOptions = {},
): Promise<{ rows: Permission[]; total: number }> {
  const { data, total } = await db(client)
    .from('permissions_summary')
    .select('*,created_by(id,name,avatar,email)')
    .is('deleted_at', null)
    .order('created_at', { direction: 'desc' })
    .limit(query.pageSize)
    .offset(query.pageSize * query.pageIndex)
    .rows(permissionSchema)
    .count('exact')
    .execute(options.signal);
  return { rows: data, total };
}

export const permissionsQuery = (client: ApiClient, query: PermissionsQuery) =>
  queryOptions({
    queryKey: adminKeys.permissionList(query),
    queryFn: ({ signal }) => listPermissions(client, query, { signal }),
    placeholderData: keepPreviousData,
  });

/** The columns a permission row is written with (reference §6 "permissions table"). */
export interface PermissionWrite {
  subject_type: string;
  subject: string;
  person_id: string | null;
  team_id: string | null;
  notification_id: string | null;
  config_id: string | null;
  component_id: string | null;
  connection_id: string | null;
  playbook_id: string | null;
  object: string | null;
  action: string;
  deny: boolean;
  until: string | null;
  description: string | null;
}

/** Creates (no id) or updates a permission row; the server records who and when. */
export async function savePermission(
  client: ApiClient,
  values: PermissionWrite,
  id?: string,
): Promise<void> {
  const rows = db(client).from('permissions');
  if (id)
    await rows
      .eq('id', id)
      .update({ ...values })
      .execute();
  else await rows.insert({ ...values, source: 'UI' }).execute();
}

/** `DELETE /api/db/permissions?id=eq.` (the reference deletes for good). */
export async function deletePermission(client: ApiClient, id: string): Promise<void> {
  await db(client).from('permissions').eq('id', id).delete().execute();
}

/** What a permission may name: its subject or its one resource. */
export type PermissionTargetKind =
  'team' | 'person' | 'notification' | 'config' | 'component' | 'connection' | 'playbook';

const targetTables: Record<PermissionTargetKind, string> = {
  team: 'teams',
  person: 'people',
  notification: 'notifications',
  config: 'config_items',
  component: 'components',
  connection: 'connections',
  playbook: 'playbooks',
};

const targetSchema = looseObject({ id: text, name: maybeText, email: maybeText });
export interface PermissionTarget {
  id: string;
  name: string;
}

/** Up to 50 of a kind whose name holds `search`, for the editor's pickers. */
export async function searchPermissionTargets(
  client: ApiClient,
  kind: PermissionTargetKind,
  search: string,
  options: CallOptions = {},
): Promise<PermissionTarget[]> {
  const builder = db(client)
    .from(targetTables[kind])
    .select(kind === 'person' ? 'id,name,email' : 'id,name')
    .is('deleted_at', null)
    .order('name', { direction: 'asc' })
    .limit(50);
  const term = search.trim();
  if (term) builder.ilike('name', likeContaining(term));
  if (kind === 'person') builder.not('email', 'is', null);
  const rows = await builder.rows(targetSchema).execute(options.signal);
  return rows.map((row) => ({ id: row.id, name: row.name || row.email || row.id }));
}

export const permissionTargetsQuery = (
  client: ApiClient,
  kind: PermissionTargetKind,
  search: string,
) =>
  queryOptions({
    queryKey: adminKeys.permissionTargets(kind, search),
    queryFn: ({ signal }) => searchPermissionTargets(client, kind, search, { signal }),
    staleTime: 60_000,
  });
