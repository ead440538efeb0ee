import {
  createAuthorizer,
  isResource,
  RESOURCES,
  type Action,
  type Authorizer,
  type Resource,
} from '@opsdeck/rbac';
import type { SqlRunner } from '../db/database.ts';
import type { AuthUser } from './user.ts';

type Row = Record<string, unknown>;

/** The rows of one write to `permissions`: the PostgREST engine's `WrittenRows`. */
export interface PermissionWrite {
  /** As they were: rows changed, overwritten or deleted. */
  before: readonly Row[];
  /** As the write leaves them: rows inserted or updated. */
  after: readonly Row[];
  tx: SqlRunner;
}

export interface PermissionWriteDecision {
  allowed: boolean;
  reason?: string;
  /** 403 unless given: 409 for a row that cannot be changed this way, 400 for a bad value. */
  status?: 400 | 409;
}

// A row scoped to one resource names it by an id column (the permission editor clears `object` then).
const SCOPE_RESOURCES: Readonly<Record<string, Resource>> = {
  config_id: 'config_scrapers',
  component_id: 'topologies',
  canary_id: 'canaries',
  playbook_id: 'playbooks',
  connection_id: 'connections',
};

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

function verbsOf(row: Row): string[] {
  return (text(row.action) ?? '')
    .split(',')
    .map((verb) => verb.trim())
    .filter((verb) => verb !== '');
}

/** A row in a few words for a refusal: its object and action, and the id of one that already exists. */
function named(row: Row, existing = false): string {
  const id = existing ? text(row.id) : undefined;
  return `${id ? `permission ${id}` : 'a permission'} (object ${text(row.object) ?? 'none'}, action ${text(row.action) ?? 'none'})`;
}

/**
 * The resource and action pairs a row may grant or deny, read as widely as any reader of the row
 * could: `*` is every resource or both actions, and any verb but `read` (create, playbook:run...) is
 * a write. A row about an object outside the role matrix, or about none, is a string saying why.
 */
function reach(row: Row): Array<[Resource, Action]> | string {
  const object = text(row.object);
  const resources = new Set<Resource>();
  if (object === '*') RESOURCES.forEach((resource) => resources.add(resource));
  else if (object && isResource(object)) resources.add(object);
  else if (object) return `object "${object}" is not a resource of the role matrix`;
  for (const [column, resource] of Object.entries(SCOPE_RESOURCES))
    if (row[column] !== null && row[column] !== undefined) resources.add(resource);
  if (resources.size === 0) return 'it names no resource';
  const actions = new Set<Action>();
  for (const verb of verbsOf(row)) {
    if (verb === 'read' || verb === '*') actions.add('read');
    if (verb !== 'read') actions.add('write');
  }
  return [...resources].flatMap((resource) =>
    [...actions].map((action): [Resource, Action] => [resource, action]),
  );
}

/** What the writer lacks of a row's reach, as a reason; undefined when it holds all of it. */
function beyondWriter(authorizer: Authorizer, user: AuthUser, row: Row): string | undefined {
  const pairs = reach(row);
  if (typeof pairs === 'string') return `${pairs}; only an admin may manage it`;
  const missing = pairs.filter(([resource, action]) => !authorizer.can(resource, action));
  if (missing.length === 0) return undefined;
  return `${user.name} does not hold ${missing.map(([resource, action]) => `${action} on ${resource}`).join(', ')}`;
}

interface Admins {
  people: Set<string>;
  emails: Set<string>;
  teams: Set<string>;
}

export async function loadAdmins(tx: SqlRunner): Promise<Admins> {
  const { rows } = await tx.query<{ id: string; email: string | null; team_id: string | null }>(
    `SELECT p.id::text AS id, lower(p.email) AS email, t.team_id::text AS team_id
     FROM opsdeck.person_roles r JOIN people p ON p.id = r.person_id
     LEFT JOIN (SELECT person_id, team_id FROM team_members UNION SELECT id, team_id FROM people WHERE team_id IS NOT NULL) t ON t.person_id = p.id
     WHERE r.role = 'admin'`,
  );
  const admins: Admins = { people: new Set(), emails: new Set(), teams: new Set() };
  for (const row of rows) {
    admins.people.add(row.id);
    if (row.email) admins.emails.add(row.email);
    if (row.team_id) admins.teams.add(row.team_id);
  }
  return admins;
}

/** Does a deny row reach an admin: by person, by a team with an admin in it, or by subject (role, id, email, `*`)? */
function deniesAnAdmin(row: Row, admins: Admins): boolean {
  const person = text(row.person_id);
  const team = text(row.team_id);
  const subject = text(row.subject)?.toLowerCase();
  if (person && admins.people.has(person)) return true;
  if (team && admins.teams.has(team)) return true;
  if (!subject) return false;
  return (
    subject === 'admin' ||
    subject === '*' ||
    admins.people.has(subject) ||
    admins.emails.has(subject) ||
    admins.teams.has(subject)
  );
}

/**
 * Writing `permissions` is rbac administration: nobody but an admin grants what they do not hold.
 * Every row a non-admin writes (inserted, upserted, or as a PATCH leaves it) must stay within the
 * writer's own rights, name no `*`, and deny no admin; every row it changes or deletes must have been
 * within its rights too, so it cannot lift a restriction it could not have made. Admins skip this:
 * the caller only asks for non-admin writers.
 */
export async function checkPermissionWrite(
  user: AuthUser,
  write: PermissionWrite,
  authorizer: Authorizer = createAuthorizer({ roles: user.roles, permissions: user.permissions }),
): Promise<PermissionWriteDecision> {
  const refuse = (reason: string): PermissionWriteDecision => ({
    allowed: false,
    reason: `permissions: ${reason}`,
  });

  for (const row of write.before) {
    const beyond = beyondWriter(authorizer, user, row);
    if (beyond) return refuse(`cannot change or delete ${named(row, true)}: ${beyond}`);
  }
  for (const row of write.after) {
    if (text(row.object) === '*' || verbsOf(row).includes('*')) {
      return refuse(`cannot write ${named(row)}: only an admin may write "*"`);
    }
    const beyond = beyondWriter(authorizer, user, row);
    if (beyond) return refuse(`cannot write ${named(row)}: ${beyond}`);
  }
  const denials = write.after.filter((row) => row.deny === true);
  if (denials.length > 0) {
    const admins = await loadAdmins(write.tx);
    const against = denials.find((row) => deniesAnAdmin(row, admins));
    if (against)
      return refuse(`cannot write ${named(against)} that denies an admin: admins are never denied`);
  }
  return { allowed: true };
}

/**
 * An admin's own `people` row is the admin's to change: a non-admin who soft-deletes it (or moves it)
 * would lock the admin out of every route, as a deny row would.
 */
export async function checkPeopleWrite(write: PermissionWrite): Promise<PermissionWriteDecision> {
  const admins = await loadAdmins(write.tx);
  const admin = write.before.find((row) => admins.people.has(String(row.id)));
  return admin
    ? {
        allowed: false,
        reason: `people: only an admin may change or delete the admin ${text(admin.name) ?? String(admin.id)}`,
      }
    : { allowed: true };
}
