import type { Database } from '../db/database.ts';
import type { AuthUser } from './user.ts';

/**
 * Finds who sent a request, or undefined when this resolver does not recognise it. Resolvers are
 * tried in order; the identity service gives two (session cookie, then HTTP Basic: src/auth/identity.ts).
 * `peerAddress` is the socket's, for throttles counted per client.
 */
export type UserResolver = (
  request: Request,
  peerAddress?: string,
) => Promise<AuthUser | undefined>;

/** Roles and permission rows of a person, as whoami reports them. */
export async function loadAccess(
  db: Database,
  personId: string,
): Promise<Pick<AuthUser, 'roles' | 'permissions'>> {
  const [roles, permissions] = await Promise.all([
    db.query<{ role: string }>(
      'SELECT role FROM opsdeck.person_roles WHERE person_id = $1 ORDER BY role',
      [personId],
    ),
    db.query<{
      id: string;
      subject: string | null;
      object: string | null;
      action: string;
      deny: boolean;
      condition: string | null;
    }>(
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

export async function resolveUser(
  resolvers: readonly UserResolver[],
  request: Request,
  peerAddress?: string,
): Promise<AuthUser | undefined> {
  for (const resolver of resolvers) {
    const user = await resolver(request, peerAddress);
    if (user) return user;
  }
  return undefined;
}
