import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../client.ts';
import type { CountedRows } from '../db/builder.ts';
import { db } from '../db/index.ts';
import type { CallOptions } from '../http.ts';
import { isUuid } from '../ids.ts';
import { settingsKeys } from './keys.ts';
import {
  resourceJobSchema,
  settingsResourceSchema,
  teamMemberRowSchema,
  type ResourceJob,
  type SettingsResource,
  type SettingsResourceWrite,
  type SettingsTable,
  type TeamMember,
} from './schemas.ts';

/** Settings §7: "Settings lists load up to 100", newest first. */
export const SETTINGS_LIST_LIMIT = 100;

/** A table's records that are not deleted (reference §6 "Settings resource lists"). */
export function listSettingsResources(
  client: ApiClient,
  table: SettingsTable,
  options: CallOptions = {},
): Promise<SettingsResource[]> {
  return db(client)
    .from(table)
    .select('*')
    .is('deleted_at', null)
    .order('created_at', { direction: 'desc' })
    .limit(SETTINGS_LIST_LIMIT)
    .rows(settingsResourceSchema)
    .execute(options.signal);
}

export const settingsResourcesQuery = (client: ApiClient, table: SettingsTable) =>
  queryOptions({
    queryKey: settingsKeys.list(table),
    queryFn: ({ signal }) => listSettingsResources(client, table, { signal }),
    staleTime: 30_000,
  });

/** One record by id; null for an id that is no uuid, an unknown or a deleted record. */
export async function getSettingsResource(
  client: ApiClient,
  table: SettingsTable,
  id: string,
  options: CallOptions = {},
): Promise<SettingsResource | null> {
  if (!isUuid(id)) return null;
  return db(client)
    .from(table)
    .select('*')
    .eq('id', id)
    .is('deleted_at', null)
    .rows(settingsResourceSchema)
    .maybeSingle()
    .execute(options.signal);
}

export const settingsResourceQuery = (client: ApiClient, table: SettingsTable, id: string) =>
  queryOptions({
    queryKey: settingsKeys.resource(table, id),
    queryFn: ({ signal }) => getSettingsResource(client, table, id, { signal }),
    staleTime: 30_000,
  });

/** Creates a record (the server sets created_by); resolves the stored row. */
export async function createSettingsResource(
  client: ApiClient,
  table: SettingsTable,
  values: SettingsResourceWrite,
): Promise<SettingsResource> {
  const rows = await db(client)
    .from(table)
    .insert(values as Partial<SettingsResource>)
    .rows(settingsResourceSchema)
    .execute();
  const [row] = rows;
  if (!row) throw new Error(`The server stored no ${table} row`);
  return row;
}

/** Updates a record (the server merges it with the stored one); resolves the stored row. */
export async function updateSettingsResource(
  client: ApiClient,
  table: SettingsTable,
  id: string,
  values: SettingsResourceWrite,
): Promise<SettingsResource | undefined> {
  const rows = await db(client)
    .from(table)
    .eq('id', id)
    .update(values as Partial<SettingsResource>)
    .rows(settingsResourceSchema)
    .execute();
  return rows[0];
}

/** Settings §4 "Deletion": soft, `deleted_at` set to now. */
export async function deleteSettingsResource(
  client: ApiClient,
  table: SettingsTable,
  id: string,
): Promise<void> {
  await db(client).from(table).eq('id', id).softDelete().rows(settingsResourceSchema).execute();
}

/** A team's members with their name and email (reference §6 "Teams": `select=*,person_id(*)`). */
export async function listTeamMembers(
  client: ApiClient,
  teamId: string,
  options: CallOptions = {},
): Promise<TeamMember[]> {
  const rows = await db(client)
    .from('team_members')
    .select('*,person_id(*)')
    .eq('team_id', teamId)
    .rows(teamMemberRowSchema)
    .execute(options.signal);
  return rows.flatMap((row) => {
    const person = row.person_id;
    if (typeof person === 'string') return [{ id: person, name: person }];
    return [
      {
        id: person.id,
        name: person.name || person.email || person.id,
        ...(person.email ? { email: person.email } : {}),
        ...(person.avatar ? { avatar: person.avatar } : {}),
      },
    ];
  });
}

export const teamMembersQuery = (client: ApiClient, teamId: string) =>
  queryOptions({
    queryKey: settingsKeys.members(teamId),
    queryFn: ({ signal }) => listTeamMembers(client, teamId, { signal }),
  });

/** Adds people to a team: one `POST /db/team_members` of `[{team_id, person_id}, …]`. */
export async function addTeamMembers(
  client: ApiClient,
  teamId: string,
  personIds: readonly string[],
): Promise<void> {
  await db(client)
    .from('team_members')
    .insert(personIds.map((personId) => ({ team_id: teamId, person_id: personId })))
    .execute();
}

/**
 * Removes one person from one team. The reference filters by person only (and so removes them
 * from every team); this also filters by the team.
 */
export async function removeTeamMember(
  client: ApiClient,
  teamId: string,
  personId: string,
): Promise<void> {
  await db(client)
    .from('team_members')
    .eq('team_id', teamId)
    .eq('person_id', personId)
    .delete()
    .execute();
}

export interface ResourceJobsQuery {
  resourceId: string;
  pageIndex: number;
  pageSize: number;
}

/** A resource's job runs, newest first (settings §7 "Job history": by resource id, counted). */
export function listResourceJobs(
  client: ApiClient,
  query: ResourceJobsQuery,
  options: CallOptions = {},
): Promise<CountedRows<ResourceJob>> {
  return db(client)
    .from('job_histories')
    .select('*')
    .eq('resource_id', query.resourceId)
    .order('created_at', { direction: 'desc' })
    .range(query.pageIndex * query.pageSize, (query.pageIndex + 1) * query.pageSize - 1)
    .rows(resourceJobSchema)
    .count()
    .execute(options.signal);
}

export const resourceJobsQuery = (client: ApiClient, query: ResourceJobsQuery) =>
  queryOptions({
    queryKey: settingsKeys.jobs(query),
    queryFn: ({ signal }) => listResourceJobs(client, query, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
