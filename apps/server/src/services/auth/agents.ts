import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { z } from 'zod/mini';
import { issueAccessToken } from '../../auth/accessTokens.ts';
import { requireAccess } from '../../auth/middleware.ts';
import type { Database } from '../../db/database.ts';
import type { AppEnv } from '../../http/env.ts';
import { ApiError, notFound, readValidBody } from '../../http/errors.ts';
import { NAME_MAX_LENGTH, nameTooLong } from './people.ts';

const isUuid = (value: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/** POST /api/agent/generate (reference §6): `{name, properties?, auto_renew?}`. */
const generateSchema = z.looseObject({
  name: z.string().check(
    z.maxLength(NAME_MAX_LENGTH, { message: nameTooLong }),
    z.refine((name) => name.trim() !== '', { message: 'a name' }),
  ),
  description: z.optional(z.string().check(z.maxLength(1000))),
  properties: z.optional(z.record(z.string(), z.unknown())),
  auto_renew: z.optional(z.boolean()),
});
/** POST /api/agent/token: a new token for an existing agent. */
const tokenSchema = z.looseObject({
  AgentName: z.string().check(z.minLength(1)),
  auto_renew: z.optional(z.boolean()),
});

/**
 * Agents register here (reference §6 Agents): `generate` makes the agent's person (type agent, role
 * agent, name `agent-<16 hex>`), its agents row and a one-year token, shown once (201
 * `{id, username, access_token}`); the agent then signs in with it as Basic or Bearer. Writing
 * agents is the role matrix's `agents` write.
 */
export function agentRoutes(db: Database) {
  const app = new Hono<AppEnv>();
  app.post('/generate', requireAccess('agents', 'write'), async (c) => {
    const body = await readValidBody(c, generateSchema);
    const name = body.name.trim();
    const user = c.get('user');
    const createdBy = isUuid(user.id) ? user.id : null;
    const username = `agent-${randomBytes(8).toString('hex')}`;
    const created = await db.transaction(async (tx) => {
      const taken = await tx.query(
        'SELECT 1 FROM agents WHERE lower(name) = lower($1) AND deleted_at IS NULL',
        [name],
      );
      if (taken.rows.length) return undefined;
      const person = await tx.query<{ id: string }>(
        `INSERT INTO people (name, type) VALUES ($1, 'agent') RETURNING id`,
        [username],
      );
      const personId = person.rows[0]!.id;
      await tx.query(`INSERT INTO opsdeck.person_roles (person_id, role) VALUES ($1, 'agent')`, [
        personId,
      ]);
      await tx.query(
        `INSERT INTO agents (name, description, properties, person_id, username, created_by)
         VALUES ($1, $2, $3::jsonb, $4, $5, $6)`,
        [
          name,
          body.description ?? null,
          JSON.stringify(body.properties ?? {}),
          personId,
          username,
          createdBy,
        ],
      );
      const token = await issueAccessToken(tx, personId, {
        name: `agent-${name}`,
        autoRenew: body.auto_renew,
        createdBy: createdBy ?? undefined,
      });
      return { id: personId, username, access_token: token };
    });
    if (!created) throw new ApiError(409, 'conflict', `an agent named ${name} already exists`);
    return c.json(created, 201);
  });
  app.post('/token', requireAccess('agents', 'write'), async (c) => {
    const body = await readValidBody(c, tokenSchema);
    const { rows } = await db.query<{ person_id: string | null; username: string | null }>(
      'SELECT person_id, username FROM agents WHERE name = $1 AND deleted_at IS NULL',
      [body.AgentName],
    );
    const agent = rows[0];
    if (!agent?.person_id || !agent.username) throw notFound(`agent ${body.AgentName} not found`);
    const user = c.get('user');
    const token = await issueAccessToken(db, agent.person_id, {
      name: `agent-${body.AgentName}`,
      autoRenew: body.auto_renew,
      createdBy: isUuid(user.id) ? user.id : undefined,
    });
    return c.json({ id: agent.person_id, username: agent.username, access_token: token }, 201);
  });
  return app;
}
