import type {
  NotificationRuleRecord,
  NotificationRuleWrite,
} from '@opsdeck/api-client/notifications';
import { notificationEvents } from '@opsdeck/contracts';

// The rule editor's values and rules (settings spec §3 "Notification"; reference §5). Plain
// TypeScript: the form renders these, the server's Notification contract has the last word.

/** The events a rule may be sent on: the list the server's engine raises (packages/contracts). */
export const ruleEvents = notificationEvents;

/** Who a rule notifies: one person, one team, or connections (custom services). */
export type RuleRecipientKind = 'person' | 'team' | 'connection';

export const ruleRecipientKindLabels: Record<RuleRecipientKind, string> = {
  person: 'Person',
  team: 'Team',
  connection: 'Connections (webhook, email…)',
};

type Service = Record<string, unknown>;

export interface RuleFormValues {
  name: string;
  events: string[];
  filter: string;
  title: string;
  template: string;
  recipientKind: RuleRecipientKind;
  /** A person or team id (recipientKind person or team). */
  recipient: string;
  /** The custom services picked (recipientKind connection), each by its key (serviceKey). */
  services: string[];
  /** The stored custom_services entries by key: a kept one is written back as it was. */
  storedServices: Record<string, Service>;
  repeatInterval: string;
  waitFor: string;
  waitForEvalPeriod: string;
  /** What sends are grouped by, comma-separated (`type, label:app`). */
  groupBy: string;
  fallbackDelay: string;
  /** The team a failed send falls back to (an id), or empty. */
  fallbackTeam: string;
  /** The rule's inhibitions as JSON text (an array), empty for none. */
  inhibitions: string;
}

export type RuleFormErrors = Partial<
  Record<
    | 'name'
    | 'events'
    | 'recipient'
    | 'repeatInterval'
    | 'waitFor'
    | 'waitForEvalPeriod'
    | 'fallbackDelay'
    | 'inhibitions',
    string
  >
>;

export const emptyRuleForm: RuleFormValues = {
  name: '',
  events: [],
  filter: '',
  title: '',
  template: '',
  recipientKind: 'team',
  recipient: '',
  services: [],
  storedServices: {},
  repeatInterval: '',
  waitFor: '',
  waitForEvalPeriod: '',
  groupBy: '',
  fallbackDelay: '',
  fallbackTeam: '',
  inhibitions: '',
};

/** How a custom service is known in the form: its connection, else its url, else its email. */
export function serviceKey(service: Service): string | undefined {
  for (const field of ['connection', 'url', 'email'] as const) {
    const value = service[field];
    if (typeof value === 'string' && value) return value;
  }
  return undefined;
}

function servicesOf(value: unknown): Service[] {
  const list = Array.isArray(value) ? (value as unknown[]) : value ? [value] : [];
  return list.filter(
    (entry): entry is Service => !!entry && typeof entry === 'object' && !Array.isArray(entry),
  );
}

/** The form's values for a stored rule: every custom service is shown and kept. */
export function ruleFormOf(rule: NotificationRuleRecord): RuleFormValues {
  const storedServices: Record<string, Service> = {};
  for (const service of servicesOf(rule.custom_services)) {
    const key = serviceKey(service);
    if (key && !storedServices[key]) storedServices[key] = service;
  }
  const services = Object.keys(storedServices);
  const recipient: Pick<RuleFormValues, 'recipientKind' | 'recipient'> = rule.person_id
    ? { recipientKind: 'person', recipient: rule.person_id }
    : rule.team_id
      ? { recipientKind: 'team', recipient: rule.team_id }
      : services.length > 0
        ? { recipientKind: 'connection', recipient: '' }
        : { recipientKind: 'team', recipient: '' };
  const inhibitions = Array.isArray(rule.inhibitions) ? rule.inhibitions : [];
  return {
    name: rule.name ?? '',
    events: [...rule.events],
    filter: rule.filter ?? '',
    title: rule.title ?? '',
    template: rule.template ?? '',
    ...recipient,
    services,
    storedServices,
    repeatInterval: rule.repeat_interval ?? '',
    waitFor: rule.wait_for ?? '',
    waitForEvalPeriod: rule.wait_for_eval_period ?? '',
    groupBy: (rule.group_by ?? []).join(', '),
    fallbackDelay: rule.fallback_delay ?? '',
    fallbackTeam: rule.fallback_team_id ?? '',
    inhibitions: inhibitions.length > 0 ? JSON.stringify(inhibitions, null, 2) : '',
  };
}

// Go durations as the server reads them (`4h`, `1h30m`).
const DURATION = /^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h|d))+$/;

/** The inhibitions text as a list, or the reason it is not one. */
function parseInhibitions(text: string): Service[] | string {
  if (!text.trim()) return [];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'Inhibitions are a JSON list, e.g. [{"direction": "outgoing", "from": "http", "to": ["tcp"]}]';
  }
  if (!Array.isArray(value)) return 'Inhibitions are a JSON list of {direction, from, to}';
  for (const entry of value as unknown[]) {
    const item = entry as Service | null;
    if (
      !item ||
      typeof item !== 'object' ||
      typeof item.from !== 'string' ||
      !item.from ||
      !Array.isArray(item.to) ||
      item.to.length === 0
    )
      return 'Each inhibition needs a "from" type and a list of "to" types';
  }
  return value as Service[];
}

/** What the form refuses before asking the server (which checks the rest: CEL, the contract). */
export function validateRuleForm(values: RuleFormValues): RuleFormErrors {
  const errors: RuleFormErrors = {};
  if (!values.name.trim()) errors.name = 'A rule needs a name';
  if (values.events.length === 0) errors.events = 'Pick at least one event';
  if (values.recipientKind === 'connection' ? values.services.length === 0 : !values.recipient)
    errors.recipient = 'Pick who is notified';
  if (values.repeatInterval.trim() && !DURATION.test(values.repeatInterval.trim()))
    errors.repeatInterval = 'A duration such as 4h or 30m';
  if (values.waitFor.trim() && !DURATION.test(values.waitFor.trim()))
    errors.waitFor = 'A duration such as 5m';
  if (values.waitForEvalPeriod.trim() && !DURATION.test(values.waitForEvalPeriod.trim()))
    errors.waitForEvalPeriod = 'A duration such as 30s';
  if (values.fallbackDelay.trim() && !DURATION.test(values.fallbackDelay.trim()))
    errors.fallbackDelay = 'A duration such as 1h';
  const inhibitions = parseInhibitions(values.inhibitions);
  if (typeof inhibitions === 'string') errors.inhibitions = inhibitions;
  return errors;
}

const orNull = (value: string) => (value.trim() ? value.trim() : null);

/**
 * The row the form writes: one recipient column set, the others cleared. Each picked custom
 * service is written back as it was stored (its properties kept); a newly picked one is a
 * connection reference.
 */
export function ruleWriteOf(values: RuleFormValues): NotificationRuleWrite {
  const name = values.name.trim();
  const inhibitions = parseInhibitions(values.inhibitions);
  const groupBy = values.groupBy
    .split(',')
    .map((key) => key.trim())
    .filter(Boolean);
  return {
    name,
    events: values.events,
    title: orNull(values.title),
    template: values.template.trim() ? values.template : null,
    filter: orNull(values.filter),
    person_id: values.recipientKind === 'person' ? values.recipient : null,
    team_id: values.recipientKind === 'team' ? values.recipient : null,
    custom_services:
      values.recipientKind === 'connection'
        ? values.services.map((key) => values.storedServices[key] ?? { name, connection: key })
        : null,
    repeat_interval: orNull(values.repeatInterval),
    wait_for: orNull(values.waitFor),
    wait_for_eval_period: orNull(values.waitForEvalPeriod),
    group_by: groupBy.length > 0 ? groupBy : null,
    fallback_delay: orNull(values.fallbackDelay),
    fallback_team_id: values.fallbackTeam || null,
    inhibitions: typeof inhibitions === 'string' || inhibitions.length === 0 ? null : inhibitions,
  };
}
