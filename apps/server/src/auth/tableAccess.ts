import { createAuthorizer, type Action, type Authorizer, type Resource } from '@opsdeck/rbac';
import { defaultServiceRegistry } from '../services/list.ts';
import type { ServiceRegistry } from '../services/registry.ts';
import type { SqlRunner } from '../db/database.ts';
import type { PermissionWrite, PermissionWriteDecision } from './permissionWrites.ts';
import { rowPasses, scopedRows } from './scoped.ts';
import type { AuthUser } from './user.ts';

const RPC_PREFIX = 'rpc/';

/** The HTTP method's action: reads for GET/HEAD, writes for everything that changes rows. */
export function actionOfMethod(method: string): Action {
  const upper = method.toUpperCase();
  return upper === 'GET' || upper === 'HEAD' || upper === 'OPTIONS' ? 'read' : 'write';
}

export interface TableAuthorization {
  allowed: boolean;
  resource?: Resource;
  action: Action;
  /** Why it was refused, for the 403 body. */
  reason?: string;
  /** Allowed on the table, but each written row must pass this too (the engine runs it in the write's transaction). */
  checkRows?: (write: PermissionWrite) => Promise<PermissionWriteDecision>;
  /**
   * Allowed to read, but only the rows whose `column` equals `value` (the engine filters on it), or
   * (`orTeamColumn`) whose team is one the user is a member of: `withTeamRows` looks those up.
   */
  onlyRows?: {
    column: string;
    value: string;
    orTeamColumn?: string;
    orIn?: { column: string; values: readonly string[] };
  };
  /**
   * Allowed to read, but only the rows whose `column` is among `ids` (or, `exclude`, is not): the
   * rows about single resources (a config, a playbook…) the user's permission rows allow or deny.
   */
  rowFilter?: { column: string; ids: string[]; exclude: boolean };
}

/**
 * May `user` call `method` on `table` (or `rpc/{function}`) of /api/db? The object comes from the
 * service that declares the table or function (src/services); one nobody declares is refused to
 * everyone. Roles and permission rows via @opsdeck/rbac: pass the request's authorizer (built once
 * in requireUser); one is built otherwise.
 */
export function authorizeTable(
  user: AuthUser,
  table: string,
  method: string,
  authorizer: Authorizer = createAuthorizer({ roles: user.roles, permissions: user.permissions }),
  registry: ServiceRegistry = defaultServiceRegistry(),
): TableAuthorization {
  if (table.startsWith(RPC_PREFIX))
    return authorizeRpc(user, table.slice(RPC_PREFIX.length), authorizer, registry);
  const action = actionOfMethod(method);
  const declaration = registry.table(table)?.declaration;
  if (!declaration) return { allowed: false, action, reason: `no access to ${table}` };
  const resource = declaration.object;
  if (declaration.personal && !authorizer.isAdmin)
    return authorizePersonal(user, table, method, resource, declaration.personal.column);
  if (declaration.shared)
    return authorizeShared(user, table, method, resource, declaration.shared, authorizer.isAdmin);
  // Before the role check: no role, admin included, writes these rows through /api/db.
  if (declaration.serverWritten && action === 'write') {
    return {
      allowed: false,
      resource,
      action,
      reason: `${table} is written by the server only: it is read-only through /api/db`,
    };
  }
  // The role matrix and whole-object rows, then the rows about single resources of the table.
  const scoped = scopedRows(user, authorizer, table, method, authorizer.can(resource, action));
  if (scoped.kind === 'none') {
    return {
      allowed: false,
      resource,
      action,
      reason: `${action} on ${resource} is not allowed for ${user.name}`,
    };
  }
  if (action === 'read')
    return scoped.kind === 'all'
      ? { allowed: true, resource, action }
      : {
          allowed: true,
          resource,
          action,
          rowFilter: { column: scoped.column, ids: scoped.ids, exclude: scoped.kind === 'except' },
        };
  // A table's own row rules: its guard for every writer (a row a resource file owns), then its
  // check below admin (rbac administration: a writer grants only what it holds), then the rows
  // about single resources (every row written must be one the user may write).
  const { guardWrite } = declaration;
  const checkWrite = authorizer.isAdmin ? undefined : declaration.checkWrite;
  const scopedCheck = scoped.kind !== 'all';
  if (guardWrite || checkWrite || scopedCheck) {
    return {
      allowed: true,
      resource,
      action,
      checkRows: async (write) => {
        const guarded = await guardWrite?.(write, { user, authorizer });
        if (guarded && !guarded.allowed) return guarded;
        if (
          scopedCheck &&
          ![...write.before, ...write.after].every((row) => rowPasses(scoped, row))
        )
          return {
            allowed: false,
            reason: `${method.toUpperCase()} on this ${table} row is not allowed for ${user.name}`,
          };
        return checkWrite ? checkWrite(write, { user, authorizer }) : { allowed: true };
      },
    };
  }
  return { allowed: true, resource, action };
}

/**
 * Below admin, a table of rows each person keeps (TableDeclaration.personal), whatever the role
 * matrix says of its object (guest included, editor no more): reads see the user's own rows,
 * an insert or upsert writes and overwrites only the user's own rows, nothing else is allowed.
 */
function authorizePersonal(
  user: AuthUser,
  table: string,
  method: string,
  resource: Resource,
  column: string,
): TableAuthorization {
  const action = actionOfMethod(method);
  if (action === 'read')
    return { allowed: true, resource, action, onlyRows: { column, value: user.id } };
  if (method.toUpperCase() !== 'POST')
    return {
      allowed: false,
      resource,
      action,
      reason: `${table}: only an admin may change or delete rows; anyone may add their own`,
    };
  return {
    allowed: true,
    resource,
    action,
    checkRows: async ({ before, after }) => {
      const others = [...before, ...after].some((row) => row[column] !== user.id);
      return others
        ? { allowed: false, reason: `${table}: ${user.name} may only write their own rows` }
        : { allowed: true };
    },
  };
}

/**
 * A table of rows each person keeps and may share with a team (TableDeclaration.shared): reads see
 * one's own rows and one's teams' (admins too: it is a list of one's own things); an admin writes
 * any row; below admin a write changes or deletes only one's own rows and shares only with a team
 * one is a member of.
 */
function authorizeShared(
  user: AuthUser,
  table: string,
  method: string,
  resource: Resource,
  { owner, team }: { owner: string; team: string },
  isAdmin: boolean,
): TableAuthorization {
  const action = actionOfMethod(method);
  if (action === 'read')
    return {
      allowed: true,
      resource,
      action,
      onlyRows: { column: owner, value: user.id, orTeamColumn: team },
    };
  if (isAdmin) return { allowed: true, resource, action };
  return {
    allowed: true,
    resource,
    action,
    checkRows: async ({ before, after, tx }) => {
      if ([...before, ...after].some((row) => row[owner] !== user.id))
        return {
          allowed: false,
          reason: `${table}: only its creator or an admin changes or deletes a row`,
        };
      const teams = [
        ...new Set(after.map((row) => row[team]).filter((id): id is string => id != null)),
      ];
      if (teams.length === 0) return { allowed: true };
      const mine = await teamsOf(tx, user.id, teams);
      return teams.every((id) => mine.includes(id))
        ? { allowed: true }
        : {
            allowed: false,
            reason: `${table}: ${user.name} may only share with a team they are in`,
          };
    },
  };
}

/** Which of `among` (all when not given) are teams `person` is a member of. */
async function teamsOf(
  db: SqlRunner,
  person: string,
  among?: readonly string[],
): Promise<string[]> {
  const { rows } = await db.query<{ team_id: string }>(
    `SELECT m.team_id::text AS team_id FROM team_members m
     JOIN teams t ON t.id = m.team_id AND t.deleted_at IS NULL
     WHERE m.person_id::text = $1 AND ($2::text[] IS NULL OR m.team_id::text = ANY($2::text[]))`,
    [person, among ? [...among] : null],
  );
  return rows.map((row) => row.team_id);
}

/**
 * A decision whose read is limited to one's own rows or one's teams' (`orTeamColumn`), with the
 * user's teams looked up: the engine then reads `owner = me OR team IN (my teams)`, bound values.
 */
export async function withTeamRows(
  db: SqlRunner,
  user: AuthUser,
  decision: TableAuthorization,
): Promise<TableAuthorization> {
  const only = decision.onlyRows;
  if (!only?.orTeamColumn) return decision;
  const values = await teamsOf(db, user.id);
  return { ...decision, onlyRows: { ...only, orIn: { column: only.orTeamColumn, values } } };
}

/**
 * The rows a read limited by `decision` (after withTeamRows) returns, as a test of one row's
 * values: what the engine's filter for `onlyRows` or `rowFilter` selects. Without a limit, every row.
 */
export function rowsReadable(
  decision: TableAuthorization,
): (row: Readonly<Record<string, unknown>>) => boolean {
  const text = (value: unknown) => (value == null ? undefined : String(value));
  const { onlyRows, rowFilter } = decision;
  return (row) => {
    if (onlyRows) {
      const own = text(row[onlyRows.column]) === onlyRows.value;
      const listed =
        onlyRows.orIn !== undefined &&
        onlyRows.orIn.values.includes(text(row[onlyRows.orIn.column]) ?? '');
      if (!own && !listed) return false;
    }
    if (rowFilter) {
      const value = text(row[rowFilter.column])?.toLowerCase();
      // A row naming no resource passes neither `in` nor `not.in` in SQL (NULL): dropped.
      if (value === undefined) return false;
      const named = rowFilter.ids.some((id) => id.toLowerCase() === value);
      if (named === rowFilter.exclude) return false;
    }
    return true;
  };
}

// A read-only function's call is a read of its object whatever the method; any other is a write.
function authorizeRpc(
  user: AuthUser,
  name: string,
  authorizer: Authorizer,
  registry: ServiceRegistry,
): TableAuthorization {
  const declaration = registry.rpc(name)?.declaration;
  if (!declaration) return { allowed: false, action: 'read', reason: `no access to rpc/${name}` };
  const action: Action = declaration.readOnly ? 'read' : 'write';
  const resource = declaration.object;
  if (!authorizer.can(resource, action)) {
    return {
      allowed: false,
      resource,
      action,
      reason: `${action} on ${resource} is not allowed for ${user.name}`,
    };
  }
  return { allowed: true, resource, action };
}
