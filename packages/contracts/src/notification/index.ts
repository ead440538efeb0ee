export { notificationContract, notificationSilenceContract } from './contract.ts';
/** What the notification and silence editors offer, and the specs they edit. @public */
export {
  notificationEvents,
  notificationRecipients,
  silenceResources,
  type NotificationSilenceSpec,
  type NotificationSpec,
} from './contract.ts';
/** The notification and silence editors' forms. @public */
export { notificationForm, notificationSilenceForm } from './form.ts';
