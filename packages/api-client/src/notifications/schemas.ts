import * as z from 'zod/mini';
import { looseObject } from '../looseObject.ts';
import { listOf, maybeBoolean, maybeNumber, maybeText, text } from '../schemaParts.ts';

// Notifications and silences on the wire (shared/reference/mission-control-areas.md §5; settings
// spec §3 "Notification", "Silence", "Notification send history"). Replies are loose: a newer
// Mission Control adds columns and the console keeps working.

/** Send statuses (reference §5 notification_send_history). */
export const notificationSendStatuses = [
  'sent',
  'error',
  'pending',
  'skipped',
  'silenced',
  'repeat-interval',
  'inhibited',
  'pending_playbook_run',
  'pending_playbook_completion',
  'evaluating-waitfor',
  'attempting_fallback',
] as const;
export type NotificationSendStatus = (typeof notificationSendStatuses)[number];

/** A send's resource as the summary view builds it (`{id,name,type,…}` jsonb). */
const sendResourceSchema = z.nullish(
  looseObject({
    id: maybeText,
    name: maybeText,
    type: maybeText,
    kind: maybeText,
    status: maybeText,
    health: maybeText,
    deleted_at: maybeText,
  }),
);

/** A row of `notification_send_history_summary` (reference §5 "Send history, flat"). */
export const notificationSendSchema = looseObject({
  id: text,
  notification_id: maybeText,
  status: maybeText,
  source_event: maybeText,
  resource_id: maybeText,
  body: maybeText,
  error: maybeText,
  reason: maybeText,
  count: maybeNumber,
  duration_millis: maybeNumber,
  first_observed: maybeText,
  created_at: maybeText,
  person_id: maybeText,
  team_id: maybeText,
  connection_id: maybeText,
  silenced_by: maybeText,
  resource: sendResourceSchema,
  resource_kind: maybeText,
  resource_type: maybeText,
});
export type NotificationSend = z.output<typeof notificationSendSchema>;

/** A rule as the filter and a send's detail name it (`notifications_summary`). */
export const notificationRuleSchema = looseObject({
  id: text,
  name: maybeText,
  namespace: maybeText,
  title: maybeText,
  events: listOf(text),
  filter: maybeText,
});
export type NotificationRule = z.output<typeof notificationRuleSchema>;

/** A rule as its editor reads and writes it (`notifications`, settings spec §3 "Notification"). */
export const notificationRuleRecordSchema = looseObject({
  id: text,
  name: maybeText,
  namespace: maybeText,
  title: maybeText,
  template: maybeText,
  events: listOf(text),
  filter: maybeText,
  person_id: maybeText,
  team_id: maybeText,
  custom_services: z.nullish(z.unknown()),
  repeat_interval: maybeText,
  wait_for: maybeText,
  wait_for_eval_period: maybeText,
  group_by: z.nullish(z.array(z.string())),
  fallback_delay: maybeText,
  fallback_team_id: maybeText,
  inhibitions: z.nullish(z.unknown()),
  source: maybeText,
});
export type NotificationRuleRecord = z.output<typeof notificationRuleRecordSchema>;

const namedRef = z.nullish(looseObject({ id: text, name: maybeText }));

/** A row of `notifications_summary` with the rules list's embeds (reference §5 "Rules"). */
export const notificationRuleSummarySchema = looseObject({
  id: text,
  name: maybeText,
  namespace: maybeText,
  title: maybeText,
  events: listOf(text),
  filter: maybeText,
  error: maybeText,
  custom_services: z.nullish(z.unknown()),
  source: maybeText,
  repeat_interval: maybeText,
  created_at: maybeText,
  sent: maybeNumber,
  failed: maybeNumber,
  pending: maybeNumber,
  avg_duration_ms: maybeNumber,
  most_common_error: maybeText,
  last_failed_at: maybeText,
  person: z.nullish(looseObject({ id: text, name: maybeText, email: maybeText })),
  team: namedRef,
});
export type NotificationRuleSummary = z.output<typeof notificationRuleSummarySchema>;

/** A send's recipient, whichever of person, team or connection it went to. */
export const recipientPersonSchema = looseObject({ id: text, name: maybeText, email: maybeText });
export const recipientConnectionSchema = looseObject({
  id: text,
  name: maybeText,
  type: maybeText,
});

/** A row of `notification_silences` with the list's embeds (reference §5 "Silences list"). */
export const notificationSilenceSchema = looseObject({
  id: text,
  name: maybeText,
  description: maybeText,
  filter: maybeText,
  selectors: z.nullish(z.unknown()),
  from: maybeText,
  until: maybeText,
  recursive: maybeBoolean,
  config_id: maybeText,
  check_id: maybeText,
  canary_id: maybeText,
  component_id: maybeText,
  source: maybeText,
  created_at: maybeText,
  deleted_at: maybeText,
  checks: namedRef,
  catalog: namedRef,
  component: namedRef,
  createdBy: z.nullish(looseObject({ id: text, name: maybeText, email: maybeText })),
});
export type NotificationSilence = z.output<typeof notificationSilenceSchema>;

/** One send `silence_preview` says the silence would have stopped (reference §5). */
export const silencePreviewItemSchema = looseObject({
  id: text,
  notification_id: maybeText,
  source_event: maybeText,
  resource_id: maybeText,
  created_at: maybeText,
  resource: sendResourceSchema,
});
export type SilencePreviewItem = z.output<typeof silencePreviewItemSchema>;

/** `silence_preview` answers null when nothing matches; read as empty. */
export const silencePreviewReplySchema = listOf(silencePreviewItemSchema);

/** One rule's decision about a check transition (notification_check_transitions.decisions[]). */
const transitionDecisionSchema = looseObject({
  /** The send-history row's id (a due send's detail). */
  id: text,
  rule_id: maybeText,
  rule_name: maybeText,
  status: maybeText,
  reason: maybeText,
  error: maybeText,
  silenced_by: maybeText,
  silence_name: maybeText,
});
export type TransitionDecision = z.output<typeof transitionDecisionSchema>;

/** A row of Opsdeck's `notification_check_transitions`: one check transition and its decisions. */
export const checkTransitionSchema = looseObject({
  id: text,
  check_id: maybeText,
  check_name: maybeText,
  check_type: maybeText,
  source_event: maybeText,
  status: maybeText,
  created_at: maybeText,
  decision_count: maybeNumber,
  matched_count: maybeNumber,
  decisions: listOf(transitionDecisionSchema),
});
export type CheckTransition = z.output<typeof checkTransitionSchema>;
