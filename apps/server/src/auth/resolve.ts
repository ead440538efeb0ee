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

/** The columns that scope a permission row to one resource (reference §6 permissions table). */
export const SCOPE_COLUMNS = [
  'config_id',
  'component_id',
  'canary_id',
  'playbook_id',
  'connection_id',
] as const;
export type ScopeColumn = (typeof SCOPE_COLUMNS)[number];

/** A permission row about one resource (or a selector of them): the server evaluates it per request. */
export interface ScopedPermission {
  id: string;
  action: string;
  deny: boolean;
  subject?: string;
  object?: string;
  /** The one resource the row names, by its id column. */
  scope: Partial<Record<ScopeColumn, string>>;
  objectSelector?: unknown;
}

type PermissionRow = {
  id: string;
  subject: string | null;
  object: string | null;
  action: string;
  deny: boolean;
  condition: string | null;
  object_selector: unknown;
} & Record<ScopeColumn, string | null>;

/**
 * Roles and permission rows of a person, as whoami reports them. A row applies to the person by
 * `person_id` (or subject_type person, by id or email), to every member of a team by `team_id` (or subject_type
 * team, by the team's id or name), and to everyone holding a role (subject_type role); an expired
 * `until` or a deleted row applies to nobody. Rows naming one resource are kept apart
 * (`scopedPermissions`): whoami's list, which the browser's authorizer applies to a whole object,
 * would widen them to every resource of the kind.
 */
export async function loadAccess(
  db: Database,
  personId: string,
): Promise<Pick<AuthUser, 'roles' | 'permissions' | 'scopedPermissions'>> {
  const { rows: roleRows } = await db.query<{ role: string }>(
    'SELECT role FROM opsdeck.person_roles WHERE person_id = $1 ORDER BY role',
    [personId],
  );
  const roles = roleRows.map((row) => row.role);
  const { rows } = await db.query<PermissionRow>(
    `WITH teams_of AS (
       SELECT t.id, t.name FROM team_members m JOIN teams t ON t.id = m.team_id
       WHERE m.person_id = $1::uuid AND t.deleted_at IS NULL
     )
     SELECT p.id, p.subject, p.object, p.action, p.deny, p.condition, p.object_selector,
            ${SCOPE_COLUMNS.map((column) => `p.${column}`).join(', ')}
     FROM permissions p
     WHERE p.deleted_at IS NULL AND (p.until IS NULL OR p.until > now())
       AND (p.person_id = $1::uuid
         OR p.team_id IN (SELECT id FROM teams_of)
         OR (p.subject_type = 'person' AND (p.subject = $1::text
             OR lower(p.subject) = (SELECT lower(email) FROM people WHERE id = $1::uuid)))
         OR (p.subject_type = 'team'
             AND p.subject IN (SELECT id::text FROM teams_of UNION ALL SELECT name FROM teams_of))
         OR (p.subject_type = 'role' AND p.subject = ANY($2::text[])))
     ORDER BY p.created_at, p.id`,
    [personId, roles],
  );
  const permissions: AuthUser['permissions'] = [];
  const scopedPermissions: ScopedPermission[] = [];
  for (const row of rows) {
    const scope: ScopedPermission['scope'] = {};
    for (const column of SCOPE_COLUMNS) if (row[column]) scope[column] = row[column];
    if (Object.keys(scope).length > 0 || row.object_selector) {
      scopedPermissions.push({
        id: row.id,
        ...(row.subject ? { subject: row.subject } : {}),
        ...(row.object ? { object: row.object } : {}),
        action: row.action,
        deny: row.deny,
        scope,
        ...(row.object_selector ? { objectSelector: row.object_selector } : {}),
      });
      continue;
    }
    permissions.push({
      id: row.id,
      ...(row.subject ? { subject: row.subject } : {}),
      ...(row.object ? { object: row.object } : {}),
      action: row.action,
      deny: row.deny,
      ...(row.condition ? { condition: row.condition } : {}),
    });
  }
  return { roles, permissions, scopedPermissions };
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
