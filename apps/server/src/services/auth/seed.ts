import { insertRows } from '../../db/seed/insert.ts';
import { seedUuid } from '../../db/seed/random.ts';
import { type DemoSeed, need } from '../seed.ts';

/** Demo permission rows: a role-wide grant and a team-scoped one. */
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
  ]);
};
