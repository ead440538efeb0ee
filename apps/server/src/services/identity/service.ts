import { defineService } from '../defineService.ts';

/**
 * Identities: the Kratos-compatible self-service flows (src/services/identity, mounted by the server
 * ahead of the core app's auth, as their session cookie and Basic are its resolvers) and their
 * tables, migrated by the runner like every module's; Mission Control's identities and sessions
 * under /api/db for admins.
 */
export const identityService = defineService({
  name: 'identity',
  migrations: true,
  tables: {
    // A view of the self-service identities (identity/004): changed through /api/people and the
    // flows, never through /api/db.
    identities: { object: 'identities', serverWritten: true },
    sessions: { object: 'identities' },
  },
});
