export {
  notificationContract,
  notificationRecipients,
  notificationSilenceContract,
  notificationSilenceSpecSchema,
  notificationSpecSchema,
  silenceResources,
  type NotificationSilenceSpec,
  type NotificationSpec,
} from './contract.ts';
