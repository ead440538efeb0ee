import { defineService } from '../defineService.ts';
import { seedSavedViews } from './seed.ts';

/**
 * Saved views (issue 38): a list page's URL state under a name, one's own or shared with one of
 * one's teams, and each person's default view per page. Only tables: the console reads and writes
 * them through /api/db, under the rules of TableDeclaration.shared and .personal.
 */
export const viewsService = defineService({
  name: 'views',
  dependsOn: ['core'],
  migrations: true,
  tables: {
    saved_views: { object: 'auth', shared: { owner: 'created_by', team: 'team_id' } },
    saved_view_defaults: { object: 'auth', personal: { column: 'person_id' } },
  },
  seed: seedSavedViews,
});
