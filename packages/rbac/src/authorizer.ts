import { CAPABILITIES, type Capability, type CapabilityName } from './capabilities.ts';
import { ROLE_MATRIX } from './matrix.ts';
import { RESOURCES, isResource, isRole, type Action, type Resource } from './roles.ts';

/** A permission row as whoami returns it; only object/action/deny/condition matter here. */
export interface Permission {
  id?: string;
  subject?: string;
  object?: string;
  action?: string;
  deny?: boolean;
  condition?: string;
}

export interface AuthorizerInput {
  roles: readonly string[];
  permissions?: readonly Permission[];
}

export interface Authorizer {
  can(resource: Resource, action: Action): boolean;
  canAny(checks: ReadonlyArray<readonly [Resource, Action]>): boolean;
  /** Whether the user holds a named capability of CAPABILITIES (`canaries.run`, `playbooks.approve`…). */
  canDo(capability: CapabilityName): boolean;
  readonly isAdmin: boolean;
  readonly isViewer: boolean;
  readonly roles: readonly string[];
}

const WRITE_VERBS = new Set(['*', 'create', 'update', 'delete', 'write']);

/** Which of our two actions a backend action string ("read", "*", "create,read") grants. */
export function actionsOf(action: string | undefined): Action[] {
  if (!action) return [];
  const verbs = action.split(',').map((verb) => verb.trim());
  const actions = new Set<Action>();
  for (const verb of verbs) {
    if (verb === 'read' || verb === '*') actions.add('read');
    if (WRITE_VERBS.has(verb)) actions.add('write');
  }
  return [...actions];
}

/**
 * Mission Control's object names (settings §6 global objects, reference §8) for the resources of
 * the matrix that hold the same tables, so a row written with the permission editor's names takes
 * effect. `catalog` and `database.*` have no single resource here and are left to the server.
 */
const OBJECT_ALIASES: Readonly<Record<string, readonly Resource[]>> = {
  topology: ['topologies'],
  connection: ['connections'],
  notification: ['notifications'],
  agent: ['agents'],
  people: ['auth'],
};

function resourcesOf(object: string | undefined): readonly Resource[] {
  if (object === '*') return RESOURCES;
  if (object && Object.hasOwn(OBJECT_ALIASES, object)) return OBJECT_ALIASES[object] ?? [];
  return object && isResource(object) ? [object] : [];
}

const key = (resource: Resource, action: Action) => `${resource}:${action}`;

/**
 * Builds a synchronous authorizer from whoami's roles and permissions. Roles grant by the
 * matrix, several roles give the union, extra permissions add grants, and a deny beats every
 * allow, except an admin's: no row locks the admin out (an admin alone can undo a bad row).
 * Conditional permissions are the server's to evaluate, so they are ignored here.
 */
export function createAuthorizer({ roles, permissions = [] }: AuthorizerInput): Authorizer {
  const allowed = new Set<string>();
  const denied = new Set<string>();
  const isAdmin = roles.includes('admin');

  for (const role of roles) {
    if (!isRole(role)) continue;
    const grants = ROLE_MATRIX[role];
    for (const resource of grants.read) allowed.add(key(resource, 'read'));
    for (const resource of grants.write) allowed.add(key(resource, 'write'));
  }

  for (const permission of permissions) {
    if (permission.condition || (isAdmin && permission.deny)) continue;
    const target = permission.deny ? denied : allowed;
    for (const resource of resourcesOf(permission.object)) {
      for (const action of actionsOf(permission.action)) target.add(key(resource, action));
    }
  }

  const can = (resource: Resource, action: Action) => {
    const k = key(resource, action);
    return allowed.has(k) && !denied.has(k);
  };

  // A row names a capability by its object (or '*') and one of its comma-separated verbs (or '*').
  const names = (permission: Permission, object: string, action: string) =>
    (permission.object === object || permission.object === '*') &&
    (permission.action ?? '')
      .split(',')
      .some((verb) => verb.trim() === action || verb.trim() === '*');
  const rowsFor = (object: string, action: string, deny: boolean) =>
    permissions.some(
      (permission) =>
        !permission.condition && !!permission.deny === deny && names(permission, object, action),
    );

  const canDo = (capability: CapabilityName) => {
    const { roles: holders, derivesFrom, object, action }: Capability = CAPABILITIES[capability];
    if (!isAdmin && rowsFor(object, action, true)) return false;
    return (
      roles.some((role) => isRole(role) && holders.includes(role)) ||
      (derivesFrom !== undefined && can(derivesFrom[0], derivesFrom[1])) ||
      rowsFor(object, action, false)
    );
  };

  return {
    can,
    canAny: (checks) => checks.some(([resource, action]) => can(resource, action)),
    canDo,
    isAdmin,
    isViewer: roles.includes('viewer') || roles.includes('user'),
    roles: [...roles],
  };
}
