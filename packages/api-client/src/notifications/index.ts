export {
  checkTransitionsQuery,
  createNotificationRule,
  createSilence,
  deleteNotificationRule,
  expireSilence,
  failedSendsSinceQuery,
  listNotificationRuleSummaries,
  listNotificationSends,
  listSilences,
  notificationRuleQuery,
  notificationRuleRecordQuery,
  notificationRuleSummariesQuery,
  notificationRulesQuery,
  notificationSendQuery,
  notificationSendsQuery,
  recipientConnectionsQuery,
  sendRecipientQuery,
  sendResourceTypesQuery,
  silencePreviewQuery,
  silencesQuery,
  updateNotificationRule,
  type NotificationRuleWrite,
  type NotificationRulesQuery,
  type NotificationSendsQuery,
  type SilencePreviewQuery,
  type SilenceRequest,
  type SilencesQuery,
  type SilenceState,
} from './calls.ts';
/** What the calls answer and take, for a component's props. @public */
export type {
  CheckTransitionsQuery,
  RecipientConnection,
  SendRecipient,
  SilenceResourceKind,
} from './calls.ts';
export { notificationInvalidations, notificationKeys } from './keys.ts';
export {
  notificationSendStatuses,
  type CheckTransition,
  type TransitionDecision,
  type NotificationRuleSummary,
  type NotificationSend,
  type NotificationSilence,
} from './schemas.ts';
/** Rows as the schemas read them, for a component's props. @public */
export type {
  NotificationRule,
  NotificationRuleRecord,
  NotificationSendStatus,
  SilencePreviewItem,
} from './schemas.ts';
