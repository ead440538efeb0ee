import { notificationRecipients } from '@opsdeck/contracts';

type Row = Record<string, unknown>;

const isRecord = (value: unknown): value is Row =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const set = (value: unknown) => value !== null && value !== undefined;

// The recipient columns that hold a person, team or playbook by id (the CRD names them).
const RECIPIENT_COLUMNS = {
  person_id: 'person',
  team_id: 'team',
  playbook_id: 'playbook',
} as const;

/**
 * The Notification CRD spec a `notifications` row holds (issue 32 §1): its recipient columns
 * (person_id, team_id, playbook_id, and the connection, url or email of each custom_services entry)
 * become `to`, so the contract sees a row naming no recipient, or two, as it sees such a spec.
 * Columns left null are fields left out.
 */
export function notificationSpecOfRow(row: Row): Row {
  const to: Row = {};
  for (const [column, key] of Object.entries(RECIPIENT_COLUMNS))
    if (set(row[column])) to[key] = String(row[column]);
  const services = Array.isArray(row.custom_services)
    ? row.custom_services
    : isRecord(row.custom_services)
      ? [row.custom_services]
      : [];
  for (const service of services) {
    if (!isRecord(service)) continue;
    for (const key of notificationRecipients)
      if (set(service[key]) && service[key] !== '') to[key] = service[key];
    if (isRecord(service.properties)) to.properties = service.properties;
  }
  const spec: Row = { events: row.events, to };
  if (set(row.title)) spec.title = row.title;
  if (set(row.template)) spec.template = row.template;
  if (typeof row.filter === 'string' && row.filter !== '') spec.filter = row.filter;
  if (set(row.repeat_interval) && row.repeat_interval !== '')
    spec.repeatInterval = row.repeat_interval;
  if (Array.isArray(row.inhibitions)) spec.inhibitions = row.inhibitions;
  if (set(row.wait_for) && row.wait_for !== '') spec.waitFor = row.wait_for;
  if (set(row.wait_for_eval_period) && row.wait_for_eval_period !== '')
    spec.waitForEvalPeriod = row.wait_for_eval_period;
  if (set(row.group_by)) spec.groupBy = row.group_by;
  if (set(row.fallback_delay) && row.fallback_delay !== '') {
    const fallback = notificationSpecOfRow({
      person_id: row.fallback_person_id,
      team_id: row.fallback_team_id,
      playbook_id: row.fallback_playbook_id,
      custom_services: row.fallback_custom_services,
    }).to as Row;
    spec.fallback = { ...fallback, delay: row.fallback_delay };
  }
  return spec;
}
