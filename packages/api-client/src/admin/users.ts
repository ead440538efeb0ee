import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import type { ApiClient } from '../client.ts';
import { db } from '../db/index.ts';
import type { CallOptions } from '../http.ts';
import { looseObject } from '../looseObject.ts';
import { maybeText, text } from '../schemaParts.ts';
import { adminKeys } from './keys.ts';

const identitySchema = looseObject({
  id: text,
  state: maybeText,
  created_at: maybeText,
  traits: z.nullish(
    looseObject({
      email: maybeText,
      name: z.nullish(looseObject({ first: maybeText, last: maybeText })),
    }),
  ),
});
const personSchema = looseObject({
  id: text,
  name: maybeText,
  email: maybeText,
  last_login: maybeText,
  created_at: maybeText,
  deleted_at: maybeText,
});
const personRolesSchema = looseObject({
  id: text,
  roles: z.nullish(z.array(z.string())),
});

/** One row of the users page: a person who signs in, with their roles, last login and state. */
export interface AdminUser {
  id: string;
  name: string;
  email: string;
  roles: string[];
  lastLogin: string | null;
  /** The identity's state (`active`, `inactive`); a deactivated person without one is `inactive`. */
  state: string;
  createdAt: string | null;
}

/**
 * The users page's rows: the people with an email (teams and agents have none), deactivated ones
 * included, with their roles (`people_roles`) and, where the backend lists them, their identity's
 * name and state (`identities`; apps/server keeps that table empty, so a deactivated person there
 * is one with `deleted_at`).
 */
export async function listUsers(
  client: ApiClient,
  options: CallOptions = {},
): Promise<AdminUser[]> {
  const [people, roles, identities] = await Promise.all([
    db(client)
      .from('people')
      .select('id,name,email,last_login,created_at,deleted_at')
      .not('email', 'is', null)
      .order('name', { direction: 'asc' })
      .rows(personSchema)
      .execute(options.signal),
    db(client).from('people_roles').select('*').rows(personRolesSchema).execute(options.signal),
    db(client).from('identities').select('*').rows(identitySchema).execute(options.signal),
  ]);
  const rolesOf = new Map(roles.map((row) => [row.id, row.roles ?? []]));
  const identityOf = new Map(identities.map((identity) => [identity.id, identity]));
  return people.map((person) => {
    const identity = identityOf.get(person.id);
    const traitsName = [identity?.traits?.name?.first, identity?.traits?.name?.last]
      .filter((part) => part)
      .join(' ');
    const email = identity?.traits?.email || person.email || '';
    return {
      id: person.id,
      name: traitsName || person.name || email || person.id,
      email,
      roles: rolesOf.get(person.id) ?? [],
      lastLogin: person.last_login ?? null,
      state: identity?.state ?? (person.deleted_at ? 'inactive' : 'active'),
      createdAt: person.created_at ?? null,
    };
  });
}

export const usersQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: adminKeys.users(),
    queryFn: ({ signal }) => listUsers(client, { signal }),
  });

export interface InviteUser {
  firstName: string;
  lastName: string;
  email: string;
  role: string;
}

const inviteReplySchema = looseObject({ link: maybeText });

/** `POST /api/auth/invite_user`: resolves the one-time link the server answers (also in the outbox). */
export async function inviteUser(
  client: ApiClient,
  invite: InviteUser,
): Promise<{ link?: string }> {
  const reply = await client.auth.post('invite_user', { json: invite, schema: inviteReplySchema });
  return reply.link ? { link: reply.link } : {};
}

/** `POST /api/people/update` with one role: it replaces the person's roles. */
export async function setUserRole(client: ApiClient, id: string, role: string): Promise<void> {
  await client.people.post('update', { json: { id, role } });
}

/** `DELETE /api/people/{id}`: deactivates the person (their sessions end). */
export async function deactivateUser(client: ApiClient, id: string): Promise<void> {
  await client.people.delete(encodeURIComponent(id));
}
