import { defineService, type ServiceContext, type ServiceJob } from '../defineService.ts';
import { ChangeFeed } from './feed.ts';
import { eventRoutes } from './stream.ts';

/** How long and how many change events the window keeps for Last-Event-ID resumes. */
const WINDOW_MILLIS = 60 * 60_000;
const WINDOW_EVENTS = 100_000;
const TRIM_EVERY_MILLIS = 60_000;

/**
 * The change stream and the audit trail (issue 32): the triggers' tables and functions
 * (migrations/001), `GET /api/events`, `audit_log` under /api/db for admins, and the window's
 * trimming. Last in the service list: its triggers go on every table the modules before it declare.
 */
export const changesService = defineService({
  name: 'changes',
  migrations: true,
  setup: feedOf,
  routes: [{ base: '/api/events', app: (context, changes) => eventRoutes(context, changes) }],
  tables: {
    audit_log: {
      object: 'audit',
      // Written by the triggers only: no /api/db write, an admin's included.
      guardWrite: () =>
        Promise.resolve({
          allowed: false,
          reason: 'audit_log is written by the server only',
        }),
    },
  },
  jobs: ({ log }, changes): ServiceJob => {
    const started = changes.start();
    const trim = () =>
      changes
        .trim(WINDOW_MILLIS, WINDOW_EVENTS)
        .catch((error: Error) =>
          log({ level: 'error', msg: 'change window trim failed', error: error.message }),
        );
    const timer = setInterval(trim, TRIM_EVERY_MILLIS);
    timer.unref();
    return {
      async stop() {
        clearInterval(timer);
        // Open streams would hold the server's close until they end on their own.
        changes.endStreams();
        await started;
        await changes.stop();
      },
    };
  },
});

// The app's feed; a hand-built context (a test of one module) gets one of its own.
function feedOf(context: ServiceContext): ChangeFeed {
  return (
    context.changes ??
    new ChangeFeed(context.db, context.log, (event) => context.events.emit('table-written', event))
  );
}
