// The demo's shared vocabulary: every module's seed names namespaces, apps and teams from these
// lists, so checks, components and configs of one namespace line up.

export const DEMO_ROLES = ['admin', 'editor', 'viewer', 'commander', 'responder', 'guest'] as const;
export const LOCAL_AGENT_ID = '00000000-0000-0000-0000-000000000000';

export const NAMESPACES = [
  'default',
  'payments',
  'checkout',
  'platform',
  'monitoring',
  'data',
  'identity',
  'logistics',
];
export const APPS = [
  'api',
  'web',
  'worker',
  'gateway',
  'db',
  'cache',
  'queue',
  'auth',
  'search',
  'billing',
  'cart',
  'inventory',
];
export const CHECK_TYPES = [
  'http',
  'http',
  'http',
  'tcp',
  'dns',
  'icmp',
  'postgres',
  'kubernetes',
  'exec',
  'prometheus',
];
export const ENVS = ['production', 'staging', 'dev'];
export const TEAMS = ['platform', 'payments', 'sre', 'data'];

export const minutesAgo = (now: Date, minutes: number) =>
  new Date(now.getTime() - minutes * 60_000).toISOString();

export function titleCase(word: string) {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
