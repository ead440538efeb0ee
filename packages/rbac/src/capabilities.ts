import type { Action, Resource, Role } from './roles.ts';

/**
 * A named action beyond read/write on one table. Held when any of these is true:
 * - the user has one of `roles`;
 * - the user can `derivesFrom` (roles or permission rows, through `can`);
 * - an unconditional permission row names `object` (or '*') with `action` (or '*') among its verbs.
 * A deny row naming `object` (or '*') with `action` (or '*') takes it away from everyone but an admin.
 */
export interface Capability {
  roles: readonly Role[];
  derivesFrom?: readonly [Resource, Action];
  /** The permission-row object and action that grant or deny this capability by name. */
  object: string;
  action: string;
}

/**
 * Every capability the console and the server check by name. Each entry cites the spec line it
 * comes from; a feature adds its own here, then gates the button with `<Can capability>` and the
 * route with `requireCapability`.
 */
export const CAPABILITIES = {
  // console §2 Check modal: "Run Now, visible only to the roles admin, editor, responder and commander".
  'canaries.run': {
    roles: ['admin', 'editor', 'responder', 'commander'],
    derivesFrom: ['canaries', 'write'],
    object: 'canaries',
    action: 'run',
  },
  // settings §6: "The playbooks menu needs write on playbook_runs"; row action 'playbook:run' (§6 permission editor values).
  'playbooks.run': {
    roles: [],
    derivesFrom: ['playbook_runs', 'write'],
    object: 'playbooks',
    action: 'playbook:run',
  },
  // settings §4 "Playbook runs can be approved" and the row action 'playbook:approve' (§6); an approval writes playbook_runs.
  'playbooks.approve': {
    roles: [],
    derivesFrom: ['playbook_runs', 'write'],
    object: 'playbooks',
    action: 'playbook:approve',
  },
  // settings §6: "Attaching evidence needs write on incidents".
  'incidents.attach': {
    roles: [],
    derivesFrom: ['incident', 'write'],
    object: 'incident',
    action: 'attach',
  },
  // console §2 routes: "/notifications/silences/add | add a silence | write on database".
  'silences.create': {
    roles: [],
    derivesFrom: ['database', 'write'],
    object: 'notification',
    action: 'silence',
  },
  // console §2 /logs; the reference guards POST /api/logs with logs:read, admin only by default (a
  // server's log holds everyone's requests and the sign-in codes it mails): a row {logs, read} grants it.
  'logs.read': {
    roles: ['admin'],
    object: 'logs',
    action: 'read',
  },
} as const satisfies Record<string, Capability>;

export type CapabilityName = keyof typeof CAPABILITIES;

export const CAPABILITY_NAMES = Object.keys(CAPABILITIES) as CapabilityName[];
