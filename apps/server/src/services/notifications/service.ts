import { notificationContract, notificationSilenceContract } from '@opsdeck/contracts';
import { columnsOf, contractGuard } from '../contractWrites.ts';
import { STRICT_OUTBOUND, type OutboundPolicy } from '../../http/outbound.ts';
import { allGuards, sourceGuard } from '../../resources/sourceGuard.ts';
import { defineService } from '../defineService.ts';
import type { SecretBox } from '../playbooks/secrets.ts';
import type { PermissionWrite, PermissionWriteDecision } from '../../auth/permissionWrites.ts';
import { celSyntaxError } from './decide.ts';
import { NotificationEngine } from './engine.ts';
import { notificationSpecOfRow } from './notificationSpec.ts';
import { notificationResourceKind, notificationSilenceResourceKind } from './resources.ts';
import { notificationRoutes, notificationSinkRoutes } from './routes.ts';
import { seedNotifications } from './seed.ts';

// The columns of notification_silences that are NotificationSilence spec fields.
const SILENCE_SPEC_COLUMNS = [
  'description',
  'filter',
  'selectors',
  'from',
  'until',
  'recursive',
  'config_id',
  'check_id',
  'canary_id',
  'component_id',
] as const;

// The tables whose writes may queue a notification event (migration 002's triggers).
const EVENT_TABLES = new Set(['checks', 'incidents', 'incident_records', 'playbook_runs']);

/**
 * A rule's or a silence's `filter` must parse as CEL for every writer, as POST
 * /api/notification/silence checks it: else the engine would record 'filter failed' on each event.
 */
async function celFilterGuard(write: PermissionWrite): Promise<PermissionWriteDecision> {
  for (const row of write.after) {
    if (row.deleted_at || typeof row.filter !== 'string' || row.filter.trim() === '') continue;
    const problem = celSyntaxError(row.filter);
    if (problem)
      return { allowed: false, status: 400, reason: `filter: not a CEL expression: ${problem}` };
  }
  return { allowed: true };
}

/**
 * Notifications, silences and send history: the engine (engine.ts, its job), the
 * /api/notification routes, the tables and the demo seed.
 */
export const notificationsService = defineService({
  name: 'notifications',
  // Settings first: the demo's PRNG drew job history before notifications.
  dependsOn: ['canary', 'topology', 'catalog', 'incidents', 'playbooks', 'settings'],
  migrations: true,
  setup: ({ db, log, config }) =>
    new NotificationEngine({
      db,
      log,
      outbound: (config.outbound as OutboundPolicy | undefined) ?? STRICT_OUTBOUND,
      ...(config.playbookSecrets ? { secrets: config.playbookSecrets as SecretBox } : {}),
      publicUrl: config.publicUrl,
    }),
  routes: [
    // The demo team's webhook target (a path of this server): public, it keeps nothing.
    {
      base: '/api/notification/sink',
      public: true,
      crossSite: true,
      app: () => notificationSinkRoutes(),
    },
    { base: '/api/notification', app: ({ db }) => notificationRoutes(db) },
  ],
  // The change stream wakes the engine at once; its job polls every second anyway.
  on: {
    'table-written': ({ table }, _context, engine) => {
      if (EVENT_TABLES.has(table)) engine.wake();
    },
  },
  scheduledJobs: (_context, engine) => [engine.job()],
  // GitOps: Notification and NotificationSilence documents of --resources DIR and `apply -f`.
  resources: {
    Notification: notificationResourceKind,
    NotificationSilence: notificationSilenceResourceKind,
  },
  tables: {
    // A notification's row holds its CRD spec spread over columns (recipients as ids): one a file
    // loaded changes in that file (409); for every writer, the spec it holds is one the Notification contract accepts (a 400 naming the path).
    notifications: {
      object: 'notifications',
      guardWrite: allGuards(
        sourceGuard('notification'),
        contractGuard(notificationContract, notificationSpecOfRow),
        celFilterGuard,
      ),
    },
    // A silence's columns are its CRD spec's fields: one a file loaded changes in that file (409);
    // for every writer, what they hold is one the
    // NotificationSilence contract accepts (a 400 naming the column).
    notification_silences: {
      object: 'notifications',
      guardWrite: allGuards(
        sourceGuard('notification silence'),
        contractGuard(
          notificationSilenceContract,
          (row) => columnsOf(row, SILENCE_SPEC_COLUMNS),
          '',
        ),
        celFilterGuard,
      ),
    },
    notification_send_history: { object: 'notifications' },
    // The rules page's and the history page's views (reference §5).
    notifications_summary: { object: 'notifications' },
    notification_send_history_summary: { object: 'notifications' },
    // The trace page's view (migration 004): each check transition with its rules' decisions.
    notification_check_transitions: { object: 'notifications', serverWritten: true },
  },
  rpc: {
    notification_send_history_of_resource: { object: 'notifications', readOnly: true },
  },
  seed: seedNotifications,
});
