import { insertRows } from '../../db/seed/insert.ts';
import { seedUuid } from '../../db/seed/random.ts';
import { need, type DemoSeed } from '../seed.ts';

/**
 * Two believable demo views, drawing nothing from the shared PRNG: the admin's own failing checks
 * in production on Health (not its default: a bare /health stays every check), and a catalog view
 * the admin shares with the platform team (the admin's team in the demo; responder@local too).
 */
export const seedSavedViews: DemoSeed = async (context) => {
  const { db, key } = context;
  const adminId = need(context.estate.adminId, 'adminId');
  const [platform] = need(context.estate.teamIds, 'teamIds');
  // A database of the legacy runner (seeded before it is migrated) has no saved_views yet.
  const { rows } = await db.query<{ present: boolean }>(
    `SELECT to_regclass('public.saved_views') IS NOT NULL AS present`,
  );
  if (!rows[0]?.present) return;
  await insertRows(db, 'saved_views', [
    {
      id: seedUuid(key('saved-view:health:failing-in-production')),
      name: 'Failing in production',
      page: '/health',
      // The health list's URL: passing checks hidden, the env=production label included.
      search: new URLSearchParams({ hidePassing: 'true', labels: 'env=production:1' }).toString(),
      created_by: adminId,
      team_id: null,
    },
    {
      id: seedUuid(key('saved-view:catalog:platform-deployments')),
      name: 'Platform deployments',
      page: '/catalog',
      // The catalog list's tri-state type filter (`:` written `____` in a value).
      search: new URLSearchParams({ 'type.filter': 'Kubernetes____Deployment:1' }).toString(),
      created_by: adminId,
      team_id: platform,
    },
  ]);
  context.step('saved views');
};
