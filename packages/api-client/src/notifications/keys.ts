import type { TableInvalidations } from '../changes.ts';
import { apiKeyRoot } from '../keys.ts';
import type {
  CheckTransitionsQuery,
  NotificationRulesQuery,
  NotificationSendsQuery,
  SilencePreviewQuery,
  SilencesQuery,
} from './calls.ts';

/**
 * Keys of the notification queries, under `['opsdeck-api', 'notifications']`: sends, rules and
 * silences each under their own branch, so a silence written refreshes the silences lists alone.
 */
export const notificationKeys = {
  all: () => [apiKeyRoot, 'notifications'] as const,
  sends: () => [...notificationKeys.all(), 'sends'] as const,
  sendList: (query: NotificationSendsQuery) =>
    [...notificationKeys.sends(), 'list', query] as const,
  send: (id: string) => [...notificationKeys.sends(), 'send', id] as const,
  failedSince: (since: string) => [...notificationKeys.sends(), 'failedSince', since] as const,
  resourceTypes: () => [...notificationKeys.sends(), 'resourceTypes'] as const,
  /** Under the sends' key: a send written (the change stream) refreshes the trace too. */
  transitionLists: () => [...notificationKeys.sends(), 'transitions'] as const,
  transitions: (query: CheckTransitionsQuery) =>
    [...notificationKeys.transitionLists(), query] as const,
  rules: () => [...notificationKeys.all(), 'rules'] as const,
  ruleList: () => [...notificationKeys.rules(), 'list'] as const,
  ruleSummaries: (query: NotificationRulesQuery) =>
    [...notificationKeys.rules(), 'summaries', query] as const,
  rule: (id: string) => [...notificationKeys.rules(), 'rule', id] as const,
  ruleRecord: (id: string) => [...notificationKeys.rules(), 'record', id] as const,
  connections: () => [...notificationKeys.all(), 'connections'] as const,
  recipients: () => [...notificationKeys.all(), 'recipient'] as const,
  recipient: (kind: string, id: string) => [...notificationKeys.recipients(), kind, id] as const,
  silences: () => [...notificationKeys.all(), 'silences'] as const,
  silenceList: (query: SilencesQuery) => [...notificationKeys.silences(), 'list', query] as const,
  silencePreview: (query: SilencePreviewQuery) =>
    [...notificationKeys.silences(), 'preview', query] as const,
};

/** The tables whose writes make notification queries stale (the console maps change events to these). */
export const notificationInvalidations: TableInvalidations = {
  notification_send_history: [
    notificationKeys.sends(),
    notificationKeys.silences(),
    notificationKeys.rules(),
  ],
  notifications: [notificationKeys.rules(), notificationKeys.transitionLists()],
  // A silence decides what the check trace shows as silenced.
  notification_silences: [notificationKeys.silences(), notificationKeys.transitionLists()],
  // A check's status change is a transition of the trace; the sends name checks and configs too,
  // but those rows are written on every run and scrape, so the sends stay on their own refresh.
  checks: [notificationKeys.transitionLists()],
  // The sends name their incident, run or component (rarely renamed, often written when incidents).
  incidents: [notificationKeys.sends()],
  playbook_runs: [notificationKeys.sends()],
  playbooks: [notificationKeys.sends()],
  components: [notificationKeys.sends()],
  connections: [notificationKeys.connections(), notificationKeys.recipients()],
  people: [notificationKeys.recipients()],
  teams: [notificationKeys.recipients()],
};
