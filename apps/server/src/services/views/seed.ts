import { insertRows } from '../../db/seed/insert.ts';
import { seedUuid } from '../../db/seed/random.ts';
import { need, type DemoSeed } from '../seed.ts';

/**
 * Two believable demo views, drawing nothing from the shared PRNG: the admin's own failing checks
 * in production on Health (its default there), and a catalog view the admin shares with the
 * platform team (the admin's team in the demo; responder@local is in it too).
 */
export const seedSavedViews: DemoSeed = async (context) => {
  const { db, key } = context;
  const adminId = need(context.estate.adminId, 'adminId');
  const [platform] = need(context.estate.teamIds, 'teamIds');
  const failing = seedUuid(key('saved-view:health:failing-in-production'));
  await insertRows(db, 'saved_views', [
    {
      id: failing,
      name: 'Failing in production',
      page: '/health',
      search: 'status=unhealthy&namespace=production',
      created_by: adminId,
      team_id: null,
    },
    {
      id: seedUuid(key('saved-view:catalog:platform-deployments')),
      name: 'Platform deployments',
      page: '/catalog',
      search: 'type=Kubernetes%3A%3ADeployment',
      created_by: adminId,
      team_id: platform,
    },
  ]);
  await insertRows(db, 'saved_view_defaults', [
    { person_id: adminId, page: '/health', view_id: failing },
  ]);
  context.step('saved views');
};
