export const ROLES = ['admin', 'editor', 'viewer', 'guest', 'commander', 'responder'] as const;
export type Role = (typeof ROLES)[number];

export const RESOURCES = [
  'database',
  'rbac',
  'auth',
  'responder',
  'incident',
  'evidences',
  'comments',
  'canaries',
  'topologies',
  'config_scrapers',
  'identities',
  'connections',
  'kratos',
  'agents',
  'feature_flags',
  'logging_backends',
  'integrations',
  'notifications',
  'playbooks',
  'playbook_runs',
  'permissions',
  'audit',
] as const;
export type Resource = (typeof RESOURCES)[number];

export const ACTIONS = ['read', 'write'] as const;
export type Action = (typeof ACTIONS)[number];

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

export function isResource(value: string): value is Resource {
  return (RESOURCES as readonly string[]).includes(value);
}
