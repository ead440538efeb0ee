import { insertRows } from '../../db/seed/insert.ts';
import { seedUuid } from '../../db/seed/random.ts';
import { type DemoSeed, need } from '../seed.ts';

/**
 * Demo permission rows: a role-wide grant, a team-scoped one, a deny (the responder may never run
 * the restart playbook, even if given playbook rights later) and an allow about one playbook (the
 * commander may run the health probe). Neither of the last two changes a page a role sees.
 */
export const seedPermissions: DemoSeed = async (context) => {
  const { db } = context;
  const id = (s: string) => seedUuid(context.key(s));
  const adminId = need(context.estate.adminId, 'adminId');
  const teamIds = need(context.estate.teamIds, 'teamIds');
  await insertRows(db, 'permissions', [
    {
      id: id('permission:editor-playbooks'),
      name: 'editors-run-playbooks',
      namespace: 'default',
      description: 'Editors may run playbooks',
      source: 'UI',
      action: 'playbook:run',
      object: 'playbooks',
      deny: false,
      subject: 'editor',
      subject_type: 'role',
      created_by: adminId,
    },
    {
      id: id('permission:team-platform'),
      name: 'platform-read-catalog',
      namespace: 'default',
      description: 'Platform team reads the catalog',
      source: 'UI',
      action: 'read',
      object: 'catalog',
      deny: false,
      subject: teamIds[0],
      subject_type: 'team',
      team_id: teamIds[0],
      created_by: adminId,
    },
    {
      id: id('permission:responder-no-restart'),
      name: 'responder-never-restarts',
      namespace: 'default',
      description: 'Responders do not restart services themselves',
      source: 'UI',
      action: 'playbook:run',
      deny: true,
      subject: id('person:responder'),
      subject_type: 'person',
      person_id: id('person:responder'),
      playbook_id: id('playbook:restart-service-demo'),
      created_by: adminId,
    },
    {
      id: id('permission:commander-probe'),
      name: 'commander-runs-health-probe',
      namespace: 'default',
      description: 'The incident commander may probe the server health',
      source: 'UI',
      action: 'playbook:run',
      deny: false,
      subject: id('person:commander'),
      subject_type: 'person',
      person_id: id('person:commander'),
      playbook_id: id('playbook:probe-opsdeck-health'),
      created_by: adminId,
    },
  ]);
};
