import type { Authorizer, Permission } from '@opsdeck/rbac';
import { forbidden } from '../http/errors.ts';
import type { ScopeColumn } from './resolve.ts';
import type { AuthUser } from './user.ts';

/** Whether a row's comma-separated action names `verb` (or `*`). */
export const namesVerb = (action: string, verb: string) =>
  action.split(',').some((part) => part.trim() === verb || part.trim() === '*');

/**
 * What the user's rows about one resource say of `verb` on it: a deny beats an allow, and no row
 * restricts an admin. Undefined when no row names that resource.
 */
export function scopedDecision(
  user: AuthUser,
  authorizer: Authorizer,
  column: ScopeColumn,
  id: string,
  verb: string,
): 'allow' | 'deny' | undefined {
  const rows = (user.scopedPermissions ?? []).filter(
    (row) => row.scope[column] === id && namesVerb(row.action, verb),
  );
  if (!authorizer.isAdmin && rows.some((row) => row.deny)) return 'deny';
  return rows.some((row) => !row.deny) ? 'allow' : undefined;
}

/**
 * Refuses (403) unless the user may `verb` the resource: a row about that resource decides, else
 * `general` (the role matrix and the rows about the whole object).
 */
export function requireScoped(
  user: AuthUser,
  authorizer: Authorizer,
  column: ScopeColumn,
  id: string,
  verb: string,
  general: boolean,
): void {
  const decision = scopedDecision(user, authorizer, column, id, verb);
  if (decision === 'deny' || (decision === undefined && !general))
    throw forbidden(`${verb} on this resource is not allowed`);
}

/**
 * The /api/db relations whose rows each belong to one resource a permission row can name: which
 * scope column names it and which column of the relation holds its id. A row about one config
 * decides that config in `config_items` and in the views of it.
 */
export const SCOPED_RELATIONS: Readonly<Record<string, { scope: ScopeColumn; key: string }>> = {
  config_items: { scope: 'config_id', key: 'id' },
  configs: { scope: 'config_id', key: 'id' },
  config_detail: { scope: 'config_id', key: 'id' },
  config_changes: { scope: 'config_id', key: 'config_id' },
  catalog_changes: { scope: 'config_id', key: 'config_id' },
  config_analysis: { scope: 'config_id', key: 'config_id' },
  components: { scope: 'component_id', key: 'id' },
  canaries: { scope: 'canary_id', key: 'id' },
  checks: { scope: 'canary_id', key: 'canary_id' },
  check_summary: { scope: 'canary_id', key: 'canary_id' },
  playbooks: { scope: 'playbook_id', key: 'id' },
  playbook_runs: { scope: 'playbook_id', key: 'playbook_id' },
  connections: { scope: 'connection_id', key: 'id' },
};

/** The verbs a permission row's action may name for an /api/db method (reference §8: GET read…). */
const VERBS_OF_METHOD: Record<string, string[]> = {
  GET: ['read'],
  HEAD: ['read'],
  POST: ['create', 'write'],
  PATCH: ['update', 'write'],
  DELETE: ['delete', 'write'],
};

/** Which rows of a relation the user's rows about single resources leave them. */
export type ScopedRows =
  | { kind: 'all' }
  | { kind: 'none' }
  /** Only these resources (no general right, but rows allowing some). */
  | { kind: 'only'; column: string; ids: string[] }
  /** Every resource but these (a general right, and rows denying some). */
  | { kind: 'except'; column: string; ids: string[] };

/**
 * What the user's rows about single resources make of `method` on `relation`, given whether the
 * role matrix and whole-object rows allow it (`general`). A deny beats an allow; no row restricts
 * an admin. The ids become bound filter values of the query, so the database does the filtering.
 */
export function scopedRows(
  user: AuthUser,
  authorizer: Authorizer,
  relation: string,
  method: string,
  general: boolean,
): ScopedRows {
  const target = SCOPED_RELATIONS[relation];
  const verbs = VERBS_OF_METHOD[method.toUpperCase()] ?? ['write'];
  if (!target || authorizer.isAdmin) return general ? { kind: 'all' } : { kind: 'none' };
  const rows = (user.scopedPermissions ?? []).filter(
    (row) => row.scope[target.scope] && verbs.some((verb) => namesVerb(row.action, verb)),
  );
  const denied = new Set(rows.filter((row) => row.deny).map((row) => row.scope[target.scope]!));
  if (general)
    return denied.size > 0
      ? { kind: 'except', column: target.key, ids: [...denied] }
      : { kind: 'all' };
  const allowed = [
    ...new Set(rows.filter((row) => !row.deny).map((row) => row.scope[target.scope]!)),
  ].filter((id) => !denied.has(id));
  return allowed.length > 0 ? { kind: 'only', column: target.key, ids: allowed } : { kind: 'none' };
}

/** Whether a row of a relation passes what `scopedRows` decided. */
export function rowPasses(scoped: ScopedRows, row: Record<string, unknown>): boolean {
  if (scoped.kind === 'all') return true;
  if (scoped.kind === 'none') return false;
  const id = String(row[scoped.column] ?? '').toLowerCase();
  const listed = scoped.ids.some((each) => each.toLowerCase() === id);
  return scoped.kind === 'only' ? listed : !listed;
}

// The attribute of Mission Control's ABAC object each scope column compares (reference §8 "ABAC").
const CONDITION_FIELD: Record<ScopeColumn, string> = {
  component_id: 'Component',
  config_id: 'Config',
  canary_id: 'Canary',
  playbook_id: 'Playbook',
  connection_id: 'Connection',
};

/**
 * The user's rows about single resources as whoami lists them (reference §8): each with the
 * `condition` Mission Control builds for it, `str(r.obj.Config.ID) == "<id>"` joined by `&&` (and
 * `matchResourceSelector(r.obj, "<selector>")` for an object selector). The browser's authorizer
 * leaves a conditional row out of its whole-object answers, so listing them widens nothing.
 */
export function scopedForWhoami(user: AuthUser): Permission[] {
  return (user.scopedPermissions ?? []).map((row) => {
    const parts = (Object.entries(row.scope) as [ScopeColumn, string][]).map(
      ([column, id]) => `str(r.obj.${CONDITION_FIELD[column]}.ID) == ${JSON.stringify(id)}`,
    );
    if (row.objectSelector !== undefined)
      parts.unshift(
        `matchResourceSelector(r.obj, ${JSON.stringify(JSON.stringify(row.objectSelector))})`,
      );
    return {
      id: row.id,
      ...(row.subject ? { subject: row.subject } : {}),
      object: row.object ?? '*',
      action: row.action,
      deny: row.deny,
      condition: parts.join(' && '),
    };
  });
}
