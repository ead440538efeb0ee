import { notificationContract, notificationSilenceContract } from '@opsdeck/contracts';
import { columnsOf, contractGuard } from '../contractWrites.ts';
import { defineService } from '../defineService.ts';
import { notificationSpecOfRow } from './notificationSpec.ts';
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

/** Notifications, silences and send history; for now tables, rpc objects and the demo seed only. */
export const notificationsService = defineService({
  name: 'notifications',
  // Settings first: the demo's PRNG drew job history before notifications.
  dependsOn: ['canary', 'topology', 'catalog', 'playbooks', 'settings'],
  migrations: true,
  tables: {
    // A notification's row holds its CRD spec spread over columns (recipients as ids): for every
    // writer, the spec it holds is one the Notification contract accepts (a 400 naming the path).
    notifications: {
      object: 'notifications',
      guardWrite: contractGuard(notificationContract, notificationSpecOfRow),
    },
    // A silence's columns are its CRD spec's fields: for every writer, what they hold is one the
    // NotificationSilence contract accepts (a 400 naming the column).
    notification_silences: {
      object: 'notifications',
      guardWrite: contractGuard(
        notificationSilenceContract,
        (row) => columnsOf(row, SILENCE_SPEC_COLUMNS),
        '',
      ),
    },
    notification_send_history: { object: 'notifications' },
  },
  rpc: {
    notification_send_history_of_resource: { object: 'notifications', readOnly: true },
  },
  seed: seedNotifications,
});
