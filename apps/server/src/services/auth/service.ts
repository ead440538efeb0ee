import { checkPeopleWrite, checkPermissionWrite } from '../../auth/permissionWrites.ts';
import { permissionContract, teamContract } from '@opsdeck/contracts';
import { contractGuard } from '../contractWrites.ts';
import { allGuards, sourceGuard } from '../../resources/sourceGuard.ts';
import { teamResourceKind } from '../resourceKinds.ts';
import { permissionResourceKind, permissionSourceGuard } from './permissionResource.ts';
import { permissionSpecOfRow } from './permissionSpec.ts';
import { defineService } from '../defineService.ts';
import { agentRoutes } from './agents.ts';
import { inviteRoute, peopleRoutes, rbacRoutes } from './people.ts';
import { authRoutes } from './routes.ts';
import { seedPermissions } from './seed.ts';

/**
 * People and their access: people and teams (their tables are core's migration, as every module
 * refers to them), permission rows (rbac administration) and /api/auth (whoami).
 */
export const authService = defineService({
  name: 'auth',
  // Permission rows may be scoped to a config, component, canary, playbook, connection or notification.
  dependsOn: ['canary', 'topology', 'catalog', 'playbooks', 'settings', 'notifications'],
  routes: [
    // Before /api/auth's own app, so its path is not taken for one of that app's.
    {
      base: '/api/auth/invite_user',
      app: ({ db, config, log }) => inviteRoute(db, config.publicUrl, log),
    },
    { base: '/api/auth', app: () => authRoutes() },
    { base: '/api/people', app: ({ db }) => peopleRoutes(db) },
    { base: '/api/rbac', app: ({ db }) => rbacRoutes(db) },
    { base: '/api/agent', app: ({ db }) => agentRoutes(db) },
  ],
  migrations: true,
  // GitOps: Team documents of --resources DIR and `apply -f` (issue 35).
  // and Permission documents (issue 37), loaded after the teams they may name.
  resources: { Team: teamResourceKind, Permission: permissionResourceKind },
  tables: {
    // People and teams are embedded everywhere (created_by, team): readable by every role but guest.
    people: {
      object: 'auth',
      // Below admin, a writer may not touch the columns that make someone someone else.
      checkWrite: (write) => checkPeopleWrite(write),
    },
    // A team's name and members decide who may approve playbook runs (spec.approval.approvers.teams):
    // below admin, nobody changes them (no one joins the approver team to approve their own run).
    // For every writer, its spec is one the Team contract accepts (none is an empty spec).
    teams: {
      object: 'auth',
      checkWrite: async () => adminOnly('teams'),
      guardWrite: allGuards(
        sourceGuard('team'),
        contractGuard(teamContract, (row) => row.spec ?? {}),
      ),
    },
    team_members: { object: 'auth', checkWrite: async () => adminOnly('team_members') },
    people_roles: { object: 'auth' },
    // The reference's getting-started checklist (outside this product): kept, see migration 010.
    // Every signed-in user (guest included) records their own rows, so the reference console stops
    // re-posting them; below admin, only one's own rows are read and none changed or deleted. The
    // checklist's keys are not documented: any beyond the table's columns land in `properties`.
    person_analytics: {
      object: 'auth',
      personal: { column: 'person_id' },
      extraKeysInto: 'properties',
    },
    permissions: {
      object: 'permissions',
      // Below admin, a writer grants only what it holds (never `*`, never a deny against an admin).
      checkWrite: (write, { user, authorizer }) => checkPermissionWrite(user, write, authorizer),
      // For every writer, the row holds a spec the Permission contract accepts (one subject, its
      // actions, an object): a 400 naming the spec's path.
      // A row loaded from a resource file changes only with that file (settings §6: read-only).
      guardWrite: allGuards(
        permissionSourceGuard,
        contractGuard(permissionContract, permissionSpecOfRow),
      ),
    },
    // The console's permissions list: each row with its subject and object named (migration 002).
    permissions_summary: { object: 'permissions' },
  },
  rpc: {
    permissions_for_obj_selector: { object: 'permissions', readOnly: true },
  },
  seed: seedPermissions,
});

function adminOnly(table: string) {
  return {
    allowed: false,
    reason: `${table}: only an admin may change teams and their members (a team may approve playbook runs)`,
  };
}
