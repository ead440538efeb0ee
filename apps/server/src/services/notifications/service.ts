import { defineService } from '../defineService.ts';
import { seedNotifications } from './seed.ts';

/** Notifications, silences and send history; for now tables, rpc objects and the demo seed only. */
export const notificationsService = defineService({
  name: 'notifications',
  // Settings first: the demo's PRNG drew job history before notifications.
  dependsOn: ['canary', 'topology', 'catalog', 'playbooks', 'settings'],
  migrations: true,
  tables: {
    notifications: { object: 'notifications' },
    notification_silences: { object: 'notifications' },
    notification_send_history: { object: 'notifications' },
  },
  rpc: {
    notification_send_history_of_resource: { object: 'notifications', readOnly: true },
  },
  seed: seedNotifications,
});
