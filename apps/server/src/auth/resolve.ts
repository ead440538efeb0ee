import { createHash } from 'node:crypto';
import type { Database } from '../db/database';
import { verifyPassword } from './password';
import type { AuthUser } from './user';

/**
 * Finds who sent a request, or undefined when this resolver does not recognise it. Resolvers are
 * tried in order; the identity service adds one for the session cookie.
 */
export type UserResolver = (request: Request) => Promise<AuthUser | undefined>;

interface PersonRow {
  id: string;
  name: string;
  email: string | null;
  avatar: string | null;
  password_hash: string;
}

/** Roles and permission rows of a person, as whoami reports them. */
export async function loadAccess(db: Database, personId: string): Promise<Pick<AuthUser, 'roles' | 'permissions'>> {
  const [roles, permissions] = await Promise.all([
    db.query<{ role: string }>('SELECT role FROM opsdeck.person_roles WHERE person_id = $1 ORDER BY role', [personId]),
    db.query<{ id: string; subject: string | null; object: string | null; action: string; deny: boolean; condition: string | null }>(
      `SELECT id, subject, object, action, deny, condition FROM permissions
       WHERE person_id = $1 AND deleted_at IS NULL AND (until IS NULL OR until > now())`,
      [personId],
    ),
  ]);
  return {
    roles: roles.rows.map((row) => row.role),
    permissions: permissions.rows.map((row) => ({
      id: row.id,
      ...(row.subject ? { subject: row.subject } : {}),
      ...(row.object ? { object: row.object } : {}),
      action: row.action,
      deny: row.deny,
      ...(row.condition ? { condition: row.condition } : {}),
    })),
  };
}

function parseBasic(header: string | null): { email: string; password: string } | undefined {
  const match = header && /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return { email: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

// scrypt costs tens of milliseconds by design; a poller sending the same header every few seconds
// must not pay it each time. The cache only remembers a header that already verified.
const VERIFIED_TTL_MS = 60_000;

/** HTTP Basic against the demo people (email + scrypt hash in opsdeck.demo_credentials). */
export function basicAuthResolver(db: Database): UserResolver {
  const verified = new Map<string, { personId: string; until: number }>();
  return async (request) => {
    const header = request.headers.get('authorization');
    const credentials = parseBasic(header);
    if (!credentials) return undefined;
    const cacheKey = createHash('sha256').update(header ?? '').digest('hex');
    const now = Date.now();
    const { rows } = await db.query<PersonRow>(
      `SELECT p.id, p.name, p.email, p.avatar, c.password_hash
       FROM people p JOIN opsdeck.demo_credentials c ON c.person_id = p.id
       WHERE lower(p.email) = lower($1) AND p.deleted_at IS NULL`,
      [credentials.email],
    );
    const person = rows[0];
    if (!person) return undefined;
    const cached = verified.get(cacheKey);
    if (!(cached && cached.personId === person.id && cached.until > now)) {
      if (!(await verifyPassword(credentials.password, person.password_hash))) return undefined;
      if (verified.size > 1000) verified.clear();
      verified.set(cacheKey, { personId: person.id, until: now + VERIFIED_TTL_MS });
    }
    return {
      id: person.id,
      name: person.name,
      ...(person.email ? { email: person.email } : {}),
      ...(person.avatar ? { avatar: person.avatar } : {}),
      ...(await loadAccess(db, person.id)),
    };
  };
}

export async function resolveUser(resolvers: readonly UserResolver[], request: Request): Promise<AuthUser | undefined> {
  for (const resolver of resolvers) {
    const user = await resolver(request);
    if (user) return user;
  }
  return undefined;
}
