// The GitOps kinds of issue 34 (`--resources DIR`, `apply -f`): a Notification or a
// NotificationSilence document is one row of its /api/db table, its spec spread over the table's
// columns as the console writes them, checked by the same contract as those writes.
import {
  notificationContract,
  notificationSilenceContract,
  type Contract,
} from '@opsdeck/contracts';
import type { SqlRunner } from '../../db/database.ts';
import type { ResourceDocument } from '../../resources/kinds.ts';
import { tableResourceKind, type ResourceColumn } from '../../resources/tableKind.ts';
import { isUuid } from '../playbooks/resources.ts';

type Row = Record<string, unknown>;

const specOf = (document: ResourceDocument): Row =>
  document.spec && typeof document.spec === 'object' ? (document.spec as Row) : {};
const toOf = (document: ResourceDocument): Row => {
  const to = specOf(document).to;
  return to && typeof to === 'object' ? (to as Row) : {};
};
const given = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
const field =
  (key: string) =>
  (document: ResourceDocument): unknown =>
    specOf(document)[key] ?? null;

/** The recipient keys written to custom_services (the others are person_id, team_id, playbook_id). */
const CHANNEL_KEYS = ['email', 'connection', 'url'] as const;

// The id of the live row of `table` that `wanted` names: its id, or what `where` matches.
async function lookUp(
  tx: SqlRunner,
  what: 'person' | 'team' | 'playbook',
  wanted: string,
  table: string,
  where: string,
  params: unknown[],
): Promise<Row> {
  const byId = isUuid(wanted);
  const { rows } = await tx.query<{ id: string }>(
    `SELECT id FROM ${table} WHERE ${byId ? 'id = $1' : where} AND deleted_at IS NULL
     ORDER BY id LIMIT 1`,
    byId ? [wanted] : params,
  );
  if (rows[0]) return { [`${what}_id`]: rows[0].id };
  return {
    error: `spec.to.${what}: there is no ${what} ${wanted} (a ${what} is named by id or ${what === 'person' ? 'email' : 'name'})`,
  };
}

/**
 * The person, team or playbook a Notification's `to` names, as ids: a person by id or email, a
 * team by id or name, a playbook by id, `namespace/name` or name. One that does not exist does not
 * fail the load (the rest of the directory would not load either): the rule loads with its `error`
 * saying so, every send it decides is an error with that reason, and a later load once the team or
 * person exists sets the recipient.
 */
async function resolveRecipient(tx: SqlRunner, document: ResourceDocument): Promise<Row> {
  const to = toOf(document);
  const person = given(to.person);
  const team = given(to.team);
  const playbook = given(to.playbook);
  if (person) return lookUp(tx, 'person', person, 'people', 'lower(email) = lower($1)', [person]);
  if (team) return lookUp(tx, 'team', team, 'teams', 'name = $1', [team]);
  if (playbook) {
    const slash = playbook.indexOf('/');
    return lookUp(
      tx,
      'playbook',
      playbook,
      'playbooks',
      'name = $2 AND ($1::text IS NULL OR namespace = $1)',
      slash < 0 ? [null, playbook] : [playbook.slice(0, slash), playbook.slice(slash + 1)],
    );
  }
  return {};
}

const fallbackOf = (document: ResourceDocument): Row => {
  const fallback = specOf(document).fallback;
  return fallback && typeof fallback === 'object' ? (fallback as Row) : {};
};

/** The fallback's person, team or playbook as fallback_*_id (or the error saying which is missing). */
async function resolveFallback(tx: SqlRunner, document: ResourceDocument): Promise<Row> {
  const fallback = fallbackOf(document);
  const resolved = await resolveRecipient(tx, { ...document, spec: { to: fallback } });
  const out: Row = {};
  for (const [key, value] of Object.entries(resolved))
    if (key === 'error') out.error = String(value).replace('spec.to.', 'spec.fallback.');
    else out[`fallback_${key}`] = value;
  return out;
}

/** Both recipients' ids; the first error (the recipient's, else the fallback's) is the rule's. */
async function resolveRecipients(tx: SqlRunner, document: ResourceDocument): Promise<Row> {
  const recipient = await resolveRecipient(tx, document);
  const fallback = await resolveFallback(tx, document);
  return { ...fallback, ...recipient, error: recipient.error ?? fallback.error ?? null };
}

const notificationColumns: ResourceColumn[] = [
  { name: 'events', type: 'text[]', value: field('events') },
  { name: 'title', value: field('title') },
  { name: 'template', value: field('template') },
  { name: 'filter', value: field('filter') },
  { name: 'repeat_interval', value: field('repeatInterval') },
  { name: 'wait_for', value: field('waitFor') },
  { name: 'inhibitions', json: true, value: field('inhibitions') },
  { name: 'wait_for_eval_period', value: field('waitForEvalPeriod') },
  // A text[] column is written as an array (none given: an empty one, which reads back equal).
  { name: 'group_by', type: 'text[]', value: (document) => specOf(document).groupBy ?? [] },
  { name: 'group_by_interval', value: field('groupByInterval') },
  { name: 'fallback_delay', value: (document) => fallbackOf(document).delay ?? null },
  {
    name: 'fallback_person_id',
    type: 'uuid',
    value: (_, resolved) => resolved.fallback_person_id ?? null,
  },
  {
    name: 'fallback_team_id',
    type: 'uuid',
    value: (_, resolved) => resolved.fallback_team_id ?? null,
  },
  {
    name: 'fallback_playbook_id',
    type: 'uuid',
    value: (_, resolved) => resolved.fallback_playbook_id ?? null,
  },
  {
    name: 'fallback_custom_services',
    json: true,
    value: (document) => {
      const fallback = fallbackOf(document);
      const key = CHANNEL_KEYS.find((candidate) => given(fallback[candidate]));
      if (!key) return null;
      return [
        {
          [key]: fallback[key],
          ...(fallback.properties !== undefined ? { properties: fallback.properties } : {}),
        },
      ];
    },
  },
  { name: 'properties', json: true, value: (document) => toOf(document).properties ?? null },
  { name: 'person_id', type: 'uuid', value: (_, resolved) => resolved.person_id ?? null },
  { name: 'team_id', type: 'uuid', value: (_, resolved) => resolved.team_id ?? null },
  { name: 'playbook_id', type: 'uuid', value: (_, resolved) => resolved.playbook_id ?? null },
  { name: 'error', value: (_, resolved) => resolved.error ?? null },
  {
    // An email address, connection or URL: one entry as the engine and the rules editor read it.
    name: 'custom_services',
    json: true,
    value: (document) => {
      const to = toOf(document);
      const key = CHANNEL_KEYS.find((candidate) => given(to[candidate]));
      if (!key) return null;
      return [
        { [key]: to[key], ...(to.properties !== undefined ? { properties: to.properties } : {}) },
      ];
    },
  },
];

/**
 * Notification (mission-control.flanksource.com/v1): a row of `notifications`. Its recipient is a
 * person, team or playbook (by id) or a custom service (email, connection, URL); its fallback
 * likewise in the fallback_* columns, waitForEvalPeriod and groupBy in theirs (migration 005).
 */
export const notificationResourceKind = tableResourceKind({
  table: 'notifications',
  contract: notificationContract as Contract<unknown>,
  namespaced: true,
  specColumn: false,
  columns: notificationColumns,
  resolve: resolveRecipients,
  // A team or playbook of the same load is there before the notification naming it.
  loadsAfter: ['Team', 'Playbook'],
});

const SILENCE_IDS = ['config_id', 'check_id', 'canary_id', 'component_id'] as const;

/** NotificationSilence (mission-control.flanksource.com/v1): a row of `notification_silences`. */
export const notificationSilenceResourceKind = tableResourceKind({
  table: 'notification_silences',
  contract: notificationSilenceContract as Contract<unknown>,
  namespaced: true,
  specColumn: false,
  columns: [
    { name: 'description', value: field('description') },
    { name: 'filter', value: field('filter') },
    { name: 'selectors', json: true, value: field('selectors') },
    { name: 'from', type: 'timestamptz', value: field('from') },
    // None: silenced indefinitely.
    { name: 'until', type: 'timestamptz', value: field('until') },
    {
      name: 'recursive',
      type: 'boolean',
      value: (document) => specOf(document).recursive === true,
    },
    ...SILENCE_IDS.map((key): ResourceColumn => ({ name: key, type: 'uuid', value: field(key) })),
  ],
  check: (document) => {
    const spec = specOf(document);
    const bad = SILENCE_IDS.find((key) => spec[key] !== undefined && !isUuid(String(spec[key])));
    return bad
      ? `spec.${bad}: must be an id (a UUID), got ${JSON.stringify(spec[bad])}`
      : undefined;
  },
});
