export {
  createSilence,
  expireSilence,
  listNotificationSends,
  listSilences,
  notificationRuleQuery,
  notificationRulesQuery,
  notificationSendQuery,
  notificationSendsQuery,
  sendRecipientQuery,
  sendResourceTypesQuery,
  silencePreviewQuery,
  silencesQuery,
  type NotificationSendsQuery,
  type SilencePreviewQuery,
  type SilenceRequest,
  type SilencesQuery,
  type SilenceState,
} from './calls.ts';
/** What the calls answer and take, for a component's props. @public */
export type { SendRecipient, SilenceResourceKind } from './calls.ts';
export { notificationInvalidations, notificationKeys } from './keys.ts';
export {
  notificationSendStatuses,
  type NotificationSend,
  type NotificationSilence,
} from './schemas.ts';
/** Rows as the schemas read them, for a component's props. @public */
export type { NotificationRule, NotificationSendStatus, SilencePreviewItem } from './schemas.ts';
