import { defineService } from '../defineService.ts';
import { seedFoundation } from './seed.ts';

/**
 * The foundation every module's tables refer to: its migration creates people, teams, team members
 * and agents (owned under /api/db by auth and settings, which declare them), person roles and the
 * scheduler's leases; its seed makes the demo's people, agents and teams. First in the service
 * list, so both run before any other module's.
 */
export const coreService = defineService({
  name: 'core',
  migrations: true,
  seed: seedFoundation,
});
