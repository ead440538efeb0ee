import { createAuthorizer, type Action, type Authorizer, type Resource } from '@opsdeck/rbac';
import {
  checkPeopleWrite,
  checkPermissionWrite,
  type PermissionWrite,
  type PermissionWriteDecision,
} from './permissionWrites';
import type { AuthUser } from './user';

/**
 * Each /api/db table or view and the RBAC object that guards it, following Mission Control's
 * table -> object map (canaries, topology, catalog, incident, playbooks, notification, monitor, system,
 * connection) translated to @opsdeck/rbac resources. A table missing here is refused to everyone.
 */
export const TABLE_RESOURCES: Readonly<Record<string, Resource>> = {
  canaries: 'canaries',
  checks: 'canaries',
  check_statuses: 'canaries',
  check_summary: 'canaries',
  checks_by_component: 'canaries',
  check_summary_for_config: 'canaries',
  check_names: 'canaries',
  check_labels: 'canaries',
  check_component_relationships: 'canaries',
  check_config_relationships: 'canaries',
  components: 'topologies',
  topologies: 'topologies',
  config_items: 'config_scrapers',
  configs: 'config_scrapers',
  config_changes: 'config_scrapers',
  config_analysis: 'config_scrapers',
  config_relationships: 'config_scrapers',
  config_component_relationships: 'config_scrapers',
  config_scrapers: 'config_scrapers',
  incidents: 'incident',
  hypotheses: 'incident',
  incident_histories: 'incident',
  evidences: 'evidences',
  comments: 'comments',
  responders: 'responder',
  playbooks: 'playbooks',
  playbook_runs: 'playbook_runs',
  playbook_run_actions: 'playbook_runs',
  playbook_approvals: 'playbook_runs',
  notifications: 'notifications',
  notification_silences: 'notifications',
  notification_send_history: 'notifications',
  // "monitor" in Mission Control.
  job_history: 'agents',
  job_histories: 'agents',
  job_history_names: 'agents',
  agents: 'agents',
  agents_summary: 'agents',
  // "system" in Mission Control.
  properties: 'feature_flags',
  permissions: 'permissions',
  event_queue: 'database',
  event_queue_summary: 'database',
  connections: 'connections',
  // People and teams are embedded everywhere (created_by, team): readable by every role but guest.
  people: 'auth',
  teams: 'auth',
  team_members: 'auth',
  logging_backends: 'logging_backends',
  identities: 'identities',
  sessions: 'identities',
};

/**
 * Each `/api/db/rpc/{name}` function and the resource of the tables it reads, after Mission Control's
 * rpc -> object map (duty rbac/objects.go). Every one listed only reads, so a call is a read whatever
 * its method: PostgREST sends arguments of a POST in the body, which makes POST no write here. A
 * function that changes rows (soft_delete_canary, refresh_config_cost_summary…) is left out, so it is
 * refused until it is listed with the write it needs. Today's migrations define none of these in the
 * public schema, so a caller allowed by this map gets PGRST202 (unknown function), not a 403.
 */
export const RPC_RESOURCES: Readonly<Record<string, Resource>> = {
  check_summary_for_component: 'canaries',
  related_configs_recursive: 'config_scrapers',
  related_configs: 'config_scrapers',
  related_config_ids: 'config_scrapers',
  related_config_ids_recursive: 'config_scrapers',
  related_changes_recursive: 'config_scrapers',
  config_relationships_recursive: 'config_scrapers',
  get_recursive_path: 'config_scrapers',
  lookup_config_children: 'config_scrapers',
  lookup_config_relations: 'config_scrapers',
  lookup_related_configs: 'config_scrapers',
  get_parents_by_location: 'config_scrapers',
  get_children_by_location: 'config_scrapers',
  get_parents_id_by_location: 'config_scrapers',
  get_children_id_by_location: 'config_scrapers',
  config_analysis_filter_options: 'config_scrapers',
  lookup_analysis_by_component: 'topologies',
  lookup_changes_by_component: 'topologies',
  lookup_configs_by_component: 'topologies',
  lookup_components_by_check: 'topologies',
  lookup_components_by_config: 'topologies',
  get_playbook_run_actions: 'playbook_runs',
  notification_send_history_of_resource: 'notifications',
  permissions_for_obj_selector: 'permissions',
  uuid_to_ulid: 'database',
};

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
}

/**
 * May `user` call `method` on `table` (or `rpc/{function}`) of /api/db? Roles and permission rows via
 * @opsdeck/rbac: pass the request's authorizer (built once in requireUser); one is built otherwise.
 */
export function authorizeTable(
  user: AuthUser,
  table: string,
  method: string,
  authorizer: Authorizer = createAuthorizer({ roles: user.roles, permissions: user.permissions }),
): TableAuthorization {
  if (table.startsWith(RPC_PREFIX))
    return authorizeRpc(user, table.slice(RPC_PREFIX.length), authorizer);
  const action = actionOfMethod(method);
  const resource = Object.hasOwn(TABLE_RESOURCES, table) ? TABLE_RESOURCES[table] : undefined;
  if (!resource) return { allowed: false, action, reason: `no access to ${table}` };
  if (!authorizer.can(resource, action)) {
    return {
      allowed: false,
      resource,
      action,
      reason: `${action} on ${resource} is not allowed for ${user.name}`,
    };
  }
  // Permission rows are rbac administration: below admin, a writer grants only what it holds.
  if (resource === 'permissions' && action === 'write' && !authorizer.isAdmin) {
    return {
      allowed: true,
      resource,
      action,
      checkRows: (write) => checkPermissionWrite(user, write, authorizer),
    };
  }
  if (table === 'people' && action === 'write' && !authorizer.isAdmin) {
    return { allowed: true, resource, action, checkRows: (write) => checkPeopleWrite(write) };
  }
  return { allowed: true, resource, action };
}

// Every listed function only reads (see RPC_RESOURCES), so its call is a read of its resource.
function authorizeRpc(user: AuthUser, name: string, authorizer: Authorizer): TableAuthorization {
  const action: Action = 'read';
  const resource = Object.hasOwn(RPC_RESOURCES, name) ? RPC_RESOURCES[name] : undefined;
  if (!resource) return { allowed: false, action, reason: `no access to rpc/${name}` };
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
