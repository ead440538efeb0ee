import type {
  NotificationRuleRecord,
  NotificationRuleWrite,
} from '@opsdeck/api-client/notifications';

// The rule editor's values and rules (settings spec §3 "Notification"; reference §5). Plain
// TypeScript: the form renders these, the server's Notification contract has the last word.

/** The events a rule may be sent on, as the embedded engine raises them. */
export const ruleEvents = [
  'check.failed',
  'check.passed',
  'incident.created',
  'incident.status.open',
  'incident.status.investigating',
  'incident.status.mitigated',
  'incident.status.resolved',
  'incident.status.closed',
  'playbook.run.completed',
  'playbook.run.failed',
  'playbook.spec.approval.requested',
] as const;

/** Who a rule notifies: one person, one team, or a connection (a custom service). */
export type RuleRecipientKind = 'person' | 'team' | 'connection';

export const ruleRecipientKindLabels: Record<RuleRecipientKind, string> = {
  person: 'Person',
  team: 'Team',
  connection: 'Connection (webhook, email…)',
};

export interface RuleFormValues {
  name: string;
  events: string[];
  filter: string;
  title: string;
  template: string;
  recipientKind: RuleRecipientKind;
  /** A person or team id, or a connection's `connection://namespace/name`. */
  recipient: string;
  repeatInterval: string;
  waitFor: string;
}

export type RuleFormErrors = Partial<
  Record<'name' | 'events' | 'recipient' | 'repeatInterval' | 'waitFor', string>
>;

export const emptyRuleForm: RuleFormValues = {
  name: '',
  events: [],
  filter: '',
  title: '',
  template: '',
  recipientKind: 'team',
  recipient: '',
  repeatInterval: '',
  waitFor: '',
};

function firstConnection(services: unknown): string | undefined {
  const list = Array.isArray(services) ? (services as unknown[]) : services ? [services] : [];
  for (const service of list) {
    if (service && typeof service === 'object') {
      const { connection } = service as Record<string, unknown>;
      if (typeof connection === 'string' && connection) return connection;
    }
  }
  return undefined;
}

/** The form's values for a stored rule. */
export function ruleFormOf(rule: NotificationRuleRecord): RuleFormValues {
  const connection = firstConnection(rule.custom_services);
  const recipient: Pick<RuleFormValues, 'recipientKind' | 'recipient'> = rule.person_id
    ? { recipientKind: 'person', recipient: rule.person_id }
    : rule.team_id
      ? { recipientKind: 'team', recipient: rule.team_id }
      : connection
        ? { recipientKind: 'connection', recipient: connection }
        : { recipientKind: 'team', recipient: '' };
  return {
    name: rule.name ?? '',
    events: [...rule.events],
    filter: rule.filter ?? '',
    title: rule.title ?? '',
    template: rule.template ?? '',
    ...recipient,
    repeatInterval: rule.repeat_interval ?? '',
    waitFor: rule.wait_for ?? '',
  };
}

// Go durations as the server reads them (`4h`, `1h30m`).
const DURATION = /^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h|d))+$/;

/** What the form refuses before asking the server (which checks the rest: CEL, the contract). */
export function validateRuleForm(values: RuleFormValues): RuleFormErrors {
  const errors: RuleFormErrors = {};
  if (!values.name.trim()) errors.name = 'A rule needs a name';
  if (values.events.length === 0) errors.events = 'Pick at least one event';
  if (!values.recipient) errors.recipient = 'Pick who is notified';
  if (values.repeatInterval.trim() && !DURATION.test(values.repeatInterval.trim()))
    errors.repeatInterval = 'A duration such as 4h or 30m';
  if (values.waitFor.trim() && !DURATION.test(values.waitFor.trim()))
    errors.waitFor = 'A duration such as 5m';
  return errors;
}

const orNull = (value: string) => (value.trim() ? value.trim() : null);

/** The row the form writes: one recipient column set, the others cleared. */
export function ruleWriteOf(values: RuleFormValues): NotificationRuleWrite {
  const name = values.name.trim();
  return {
    name,
    events: values.events,
    title: orNull(values.title),
    template: values.template.trim() ? values.template : null,
    filter: orNull(values.filter),
    person_id: values.recipientKind === 'person' ? values.recipient : null,
    team_id: values.recipientKind === 'team' ? values.recipient : null,
    custom_services:
      values.recipientKind === 'connection' ? [{ name, connection: values.recipient }] : null,
    repeat_interval: orNull(values.repeatInterval),
    wait_for: orNull(values.waitFor),
  };
}
