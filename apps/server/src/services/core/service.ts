import { checkPeopleWrite } from '../../auth/permissionWrites';
import { defineService } from '../defineService';
import { seedFoundation } from './seed';

/**
 * The foundation every module refers to: people, teams and agents. First in the service list, so
 * its migration and seed run before any other module's.
 */
export const coreService = defineService({
  name: 'core',
  migrations: true,
  // People and teams are embedded everywhere (created_by, team): readable by every role but guest.
  tables: {
    people: {
      object: 'auth',
      // Below admin, a writer may not touch the columns that make someone someone else.
      checkWrite: (write) => checkPeopleWrite(write),
    },
    teams: { object: 'auth' },
    team_members: { object: 'auth' },
    // "monitor" in Mission Control.
    agents: { object: 'agents' },
  },
  seed: seedFoundation,
});
