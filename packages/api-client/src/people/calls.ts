import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../client.ts';
import { db } from '../db/index.ts';
import type { CallOptions } from '../http.ts';
import { looseObject } from '../looseObject.ts';
import { maybeText, text } from '../schemaParts.ts';
import { peopleKeys } from './keys.ts';

/** A person or a team as a picker offers it: responders, a commander, a playbook parameter. */
export interface PersonOrTeam {
  id: string;
  name: string;
  email?: string;
  avatar?: string;
}

const personRowSchema = looseObject({
  id: text,
  name: maybeText,
  email: maybeText,
  avatar: maybeText,
});
const teamRowSchema = looseObject({ id: text, name: maybeText, icon: maybeText });

/** Settings §9: lists of people and teams change rarely; five minutes. */
const pickerStaleMs = 300_000;

/**
 * People who can sign in (with an email), by name: the reference UI's one people request
 * (reference "UI user and people requests": `select=*&deleted_at=is.null&email=not.is.null&order=name.asc`).
 */
export async function listPeople(
  client: ApiClient,
  options: CallOptions = {},
): Promise<PersonOrTeam[]> {
  const rows = await db(client)
    .from('people')
    .select('*')
    .is('deleted_at', null)
    .not('email', 'is', null)
    .order('name')
    .rows(personRowSchema)
    .execute(options.signal);
  return rows.map((row) => ({
    id: row.id,
    name: row.name || row.email || row.id,
    ...(row.email ? { email: row.email } : {}),
    ...(row.avatar ? { avatar: row.avatar } : {}),
  }));
}

/** Teams by name (reference "Teams": `deleted_at=is.null&order=name.asc`). */
export async function listTeams(
  client: ApiClient,
  options: CallOptions = {},
): Promise<PersonOrTeam[]> {
  const rows = await db(client)
    .from('teams')
    .select('id,name,icon')
    .is('deleted_at', null)
    .order('name')
    .rows(teamRowSchema)
    .execute(options.signal);
  return rows.map((row) => ({ id: row.id, name: row.name || row.id }));
}

export const peopleQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: peopleKeys.people(),
    queryFn: ({ signal }) => listPeople(client, { signal }),
    staleTime: pickerStaleMs,
  });

export const teamsQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: peopleKeys.teams(),
    queryFn: ({ signal }) => listTeams(client, { signal }),
    staleTime: pickerStaleMs,
  });
