import { Hono } from 'hono';
import { z } from 'zod/mini';
import { ROLES, isRole } from '@opsdeck/rbac';
import { requireAccess } from '../../auth/middleware.ts';
import type { Database } from '../../db/database.ts';
import type { AppEnv } from '../../http/env.ts';
import { ApiError, badRequest, notFound, readValidBody } from '../../http/errors.ts';
import type { Logger } from '../../http/logging.ts';
import { createInvitation, invitationLink } from '../identity/invites.ts';
import { IdentityStore, normalizeEmail, type IdentityTraits } from '../identity/store.ts';

const conflict = (message: string) => new ApiError(409, 'conflict', message);
const isUuid = (value: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
const EMAIL = /^[^\s@]+@[^\s@]+$/;
const roleSchema = z
  .string()
  .check(z.refine((role) => isRole(role), { message: `a role: one of ${ROLES.join(', ')}` }));
/** The longest first, last or agent name taken (the admin forms check the same before sending). */
export const NAME_MAX_LENGTH = 200;
/** A too-long name's 400 names the limit (zod/mini's own message is "Invalid input"). */
export const nameTooLong = `at most ${NAME_MAX_LENGTH} characters`;
const name = z.optional(z.string().check(z.maxLength(NAME_MAX_LENGTH, { message: nameTooLong })));
const email = z.string().check(
  z.maxLength(320),
  z.refine((value) => EMAIL.test(value.trim()), { message: 'an email address' }),
);

/** POST /api/auth/invite_user (reference §6): email and role are required. */
const inviteSchema = z.looseObject({ firstName: name, lastName: name, email, role: roleSchema });
/** POST /api/people/update: `role` replaces every role; `active` sets the identity's state. */
const updateSchema = z.looseObject({
  id: z.string().check(z.refine(isUuid, { message: 'a uuid' })),
  firstName: name,
  lastName: name,
  email: z.optional(email),
  role: z.optional(roleSchema),
  active: z.optional(z.boolean()),
});
const rolesSchema = z.looseObject({ roles: z.array(roleSchema) });

/**
 * POST /api/auth/invite_user: the invited identity (no password) with its role, and its one-time
 * link delivered to the outbox like recovery codes; the reply carries the link (reference §6). An
 * administrator's act: identities are admin-only in the role matrix.
 */
export function inviteRoute(db: Database, publicUrl: string | undefined, log: Logger) {
  const app = new Hono<AppEnv>();
  app.post('/', requireAccess('identities', 'write'), async (c) => {
    const body = await readValidBody(c, inviteSchema);
    const result = await createInvitation(db, {
      firstName: body.firstName,
      lastName: body.lastName,
      email: body.email,
      role: body.role,
      createdBy: isUuid(c.get('user').id) ? c.get('user').id : undefined,
    });
    if (!result.ok) throw conflict(result.reason);
    const link = invitationLink(publicUrl ?? new URL(c.req.url).origin, result.token);
    const recipient = normalizeEmail(body.email);
    await new IdentityStore(db).queueMessage(
      recipient,
      'You are invited to Opsdeck',
      `Hi, you have been invited to Opsdeck. Open this link within 7 days to set your password:\n\n${link}`,
      link,
    );
    log({ msg: 'identity outbox: invitation', to: recipient });
    return c.json({ link });
  });
  return app;
}

/** Whether another active admin would be left once `personId` is no admin or no longer active. */
async function anotherAdmin(db: Database, personId: string): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM opsdeck.person_roles r JOIN people p ON p.id = r.person_id
     LEFT JOIN identity_identities i ON i.id = p.id
     WHERE r.role = 'admin' AND r.person_id <> $1 AND p.deleted_at IS NULL
       AND coalesce(i.state, 'active') = 'active' LIMIT 1`,
    [personId],
  );
  return rows.length > 0;
}

async function isAdmin(db: Database, personId: string): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM opsdeck.person_roles WHERE person_id = $1 AND role = 'admin'`,
    [personId],
  );
  return rows.length > 0;
}

/** Replaces a person's roles; the last admin keeps the admin role (nobody could give it back). */
async function replaceRoles(db: Database, personId: string, roles: readonly string[]) {
  if (
    !roles.includes('admin') &&
    (await isAdmin(db, personId)) &&
    !(await anotherAdmin(db, personId))
  )
    throw badRequest('the last admin keeps the admin role');
  await db.transaction(async (tx) => {
    await tx.query('DELETE FROM opsdeck.person_roles WHERE person_id = $1', [personId]);
    for (const role of new Set(roles))
      await tx.query('INSERT INTO opsdeck.person_roles (person_id, role) VALUES ($1, $2)', [
        personId,
        role,
      ]);
  });
}

async function personExists(db: Database, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const { rows } = await db.query('SELECT 1 FROM people WHERE id = $1', [id]);
  return rows.length > 0;
}

/** Sets the identity's state; an inactive person's sessions end and no password signs them in. */
async function setActive(db: Database, id: string, active: boolean, by: string) {
  if (!active) {
    if (id === by) throw badRequest('you cannot deactivate yourself');
    if ((await isAdmin(db, id)) && !(await anotherAdmin(db, id)))
      throw badRequest('the last admin cannot be deactivated');
  }
  await db.query(`UPDATE identity_identities SET state = $2, updated_at = now() WHERE id = $1`, [
    id,
    active ? 'active' : 'inactive',
  ]);
  if (!active)
    await db.query('UPDATE identity_sessions SET active = false WHERE identity_id = $1', [id]);
  // Turning someone back on undoes a DELETE's deactivation too (it also marks the person deleted).
  else await db.query('UPDATE people SET deleted_at = NULL WHERE id = $1', [id]);
}

/**
 * /api/people (reference §6): update a person's identity traits, roles and state, and deactivate
 * them (DELETE). Changing who someone is and what they hold is an administrator's act
 * (identities are admin-only in the role matrix).
 */
export function peopleRoutes(db: Database) {
  const app = new Hono<AppEnv>();
  app.post('/update', requireAccess('identities', 'write'), async (c) => {
    const body = await readValidBody(c, updateSchema);
    const store = new IdentityStore(db);
    const identity = await store.identityById(body.id);
    if (!identity) throw notFound(`person ${body.id} not found`);
    let traits: IdentityTraits = identity.traits;
    if (body.firstName !== undefined || body.lastName !== undefined || body.email !== undefined) {
      traits = {
        ...identity.traits,
        email: body.email !== undefined ? normalizeEmail(body.email) : identity.traits.email,
        name: {
          first: body.firstName ?? identity.traits.name.first,
          last: body.lastName ?? identity.traits.name.last,
        },
      };
      if (!(await store.updateTraits(identity.id, traits)))
        throw badRequest(`${traits.email} belongs to someone else`);
    }
    if (body.role !== undefined) await replaceRoles(db, identity.id, [body.role]);
    if (body.active !== undefined) await setActive(db, identity.id, body.active, c.get('user').id);
    return c.json(traits);
  });
  app.delete('/:id', requireAccess('identities', 'write'), async (c) => {
    const id = c.req.param('id');
    if (!(await personExists(db, id))) throw notFound(`person ${id} not found`);
    await setActive(db, id, false, c.get('user').id);
    await db.query('UPDATE people SET deleted_at = coalesce(deleted_at, now()) WHERE id = $1', [
      id,
    ]);
    return c.json({ message: 'person deactivated' });
  });
  return app;
}

/** /api/rbac/{id}/roles and /api/rbac/{id}/update_role (reference §6), for rbac administrators. */
export function rbacRoutes(db: Database) {
  const app = new Hono<AppEnv>();
  app.get('/:id/roles', requireAccess('rbac', 'read'), async (c) => {
    const id = c.req.param('id');
    if (!(await personExists(db, id))) throw notFound(`person ${id} not found`);
    const { rows } = await db.query<{ role: string }>(
      'SELECT role FROM opsdeck.person_roles WHERE person_id = $1 ORDER BY role',
      [id],
    );
    return c.json({ message: '', payload: rows.map((row) => row.role) });
  });
  // Adds the roles given to those held (reference correction 11); people/update with `role` replaces.
  app.post('/:id/update_role', requireAccess('rbac', 'write'), async (c) => {
    const id = c.req.param('id');
    const body = await readValidBody(c, rolesSchema);
    if (!(await personExists(db, id))) throw notFound(`person ${id} not found`);
    for (const role of new Set(body.roles))
      await db.query(
        'INSERT INTO opsdeck.person_roles (person_id, role) VALUES ($1, $2) ON CONFLICT DO NOTHING',
        [id, role],
      );
    return c.json({ message: 'Role updated successfully' });
  });
  return app;
}
