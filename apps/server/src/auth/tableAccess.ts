import { createAuthorizer, type Action, type Resource } from '@opsdeck/rbac';
import { checkPeopleWrite, checkPermissionWrite, type PermissionWrite, type PermissionWriteDecision } from './permissionWrites';
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

/** May `user` call `method` on `table` of /api/db? Roles and permission rows via @opsdeck/rbac. */
export function authorizeTable(user: AuthUser, table: string, method: string): TableAuthorization {
  const action = actionOfMethod(method);
  const resource = Object.hasOwn(TABLE_RESOURCES, table) ? TABLE_RESOURCES[table] : undefined;
  if (!resource) return { allowed: false, action, reason: `no access to ${table}` };
  const authorizer = createAuthorizer({ roles: user.roles, permissions: user.permissions });
  if (!authorizer.can(resource, action)) {
    return { allowed: false, resource, action, reason: `${action} on ${resource} is not allowed for ${user.name}` };
  }
  // Permission rows are rbac administration: below admin, a writer grants only what it holds.
  if (resource === 'permissions' && action === 'write' && !authorizer.isAdmin) {
    return { allowed: true, resource, action, checkRows: (write) => checkPermissionWrite(user, write) };
  }
  if (table === 'people' && action === 'write' && !authorizer.isAdmin) {
    return { allowed: true, resource, action, checkRows: (write) => checkPeopleWrite(write) };
  }
  return { allowed: true, resource, action };
}
