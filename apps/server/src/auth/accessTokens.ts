import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../db/database.ts';
import { loadAccess, type UserResolver } from './resolve.ts';

const YEAR_MS = 365 * 24 * 3600_000;
/** An agent's username (reference §6): `agent-` and 16 hex digits. */
export const AGENT_USERNAME = /^agent-[0-9a-f]{16}$/;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** Issues a token for a person (one year): the clear value is returned once, only its hash kept. */
export async function issueAccessToken(
  db: Pick<Database, 'query'>,
  personId: string,
  options: { name: string; autoRenew?: boolean | undefined; createdBy?: string | undefined },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.query(
    `INSERT INTO opsdeck.access_tokens (name, token_hash, person_id, auto_renew, created_by, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [
      options.name,
      hashOf(token),
      personId,
      options.autoRenew ?? false,
      options.createdBy ?? null,
      new Date(Date.now() + YEAR_MS).toISOString(),
    ],
  );
  return token;
}

/** The token a request carries: `Bearer <token>`, or Basic `agent-…:<token>` (with that username). */
function presented(request: Request): { token: string; username?: string } | undefined {
  const header = request.headers.get('authorization') ?? '';
  const [scheme, value] = header.split(/\s+/, 2);
  if (!value) return undefined;
  if (scheme?.toLowerCase() === 'bearer') return { token: value };
  if (scheme?.toLowerCase() !== 'basic') return undefined;
  const decoded = Buffer.from(value, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const username = decoded.slice(0, colon);
  // Anyone else's Basic is the identity service's (passwords, throttle).
  if (colon < 0 || !AGENT_USERNAME.test(username)) return undefined;
  return { token: decoded.slice(colon + 1), username };
}

/**
 * Recognises an access token (an agent's): an unexpired token of a person who is not deleted, the
 * Basic username being that person's. A Bearer token nobody holds is no one (401 follows).
 */
export function accessTokenResolver(db: Database): UserResolver {
  return async (request) => {
    const credential = presented(request);
    if (!credential?.token) return undefined;
    const { rows } = await db.query<{ id: string; name: string; email: string | null }>(
      `SELECT p.id, p.name, p.email FROM opsdeck.access_tokens t JOIN people p ON p.id = t.person_id
       WHERE t.token_hash = $1 AND t.expires_at > now() AND p.deleted_at IS NULL
         AND ($2::text IS NULL OR p.name = $2::text)`,
      [hashOf(credential.token), credential.username ?? null],
    );
    const person = rows[0];
    if (!person) return undefined;
    return {
      id: person.id,
      name: person.name,
      ...(person.email ? { email: person.email } : {}),
      ...(await loadAccess(db, person.id)),
    };
  };
}
