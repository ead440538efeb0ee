import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import type { ApiClient } from '../client.ts';
import { db, likeContaining } from '../db/index.ts';
import type { CallOptions } from '../http.ts';
import { isUuid } from '../ids.ts';
import { notificationKeys } from './keys.ts';
import {
  checkTransitionSchema,
  notificationRuleRecordSchema,
  notificationRuleSchema,
  notificationRuleSummarySchema,
  notificationSendSchema,
  notificationSilenceSchema,
  recipientConnectionSchema,
  recipientPersonSchema,
  silencePreviewReplySchema,
  type CheckTransition,
  type NotificationRule,
  type NotificationRuleRecord,
  type NotificationRuleSummary,
  type NotificationSend,
  type NotificationSilence,
  type SilencePreviewItem,
} from './schemas.ts';

// The notification calls as the reference UI sends them (reference §5 "Requests"), so the console
// works unchanged against a real Mission Control.

export interface NotificationSendsQuery {
  pageIndex: number;
  pageSize: number;
  status?: string;
  resourceType?: string;
  /** A rule (notification) id. */
  ruleId?: string;
  /** ISO-8601 bounds of `created_at`; both or neither. */
  from?: string;
  to?: string;
}

/** `GET /db/notification_send_history_summary`, newest first, counted (reference §5 "flat"). */
export async function listNotificationSends(
  client: ApiClient,
  query: NotificationSendsQuery,
  options: CallOptions = {},
): Promise<{ rows: NotificationSend[]; total: number }> {
  const builder = db(client)
    .from('notification_send_history_summary')
    .select('*')
    .order('created_at', { direction: 'desc' })
    .limit(query.pageSize)
    .offset(query.pageSize * query.pageIndex);
  if (query.status) builder.triState('status', { include: [query.status] });
  if (query.resourceType) builder.triState('resource_type', { include: [query.resourceType] });
  if (query.ruleId) builder.eq('notification_id', query.ruleId);
  if (query.from && query.to) builder.gte('created_at', query.from).lte('created_at', query.to);
  const { data, total } = await builder
    .rows(notificationSendSchema)
    .count('exact')
    .execute(options.signal);
  return { rows: data, total };
}

/** One send with its resource (`&id=eq.{id}` on the same view); null for a malformed or unknown id. */
export function getNotificationSend(
  client: ApiClient,
  id: string,
  options: CallOptions = {},
): Promise<NotificationSend | null> {
  if (!isUuid(id)) return Promise.resolve(null);
  return db(client)
    .from('notification_send_history_summary')
    .select('*')
    .eq('id', id)
    .rows(notificationSendSchema)
    .maybeSingle()
    .execute(options.signal);
}

/**
 * The resource types seen in the latest sends, for the type filter: the backend has no list of
 * them of its own (Mission Control's `notification_send_history_resource_types` view).
 */
export async function listSendResourceTypes(
  client: ApiClient,
  options: CallOptions = {},
): Promise<string[]> {
  const rows = await db(client)
    .from('notification_send_history_summary')
    .select('resource_type')
    .not('resource_type', 'is', null)
    .order('created_at', { direction: 'desc' })
    .limit(500)
    .rows(z.object({ resource_type: z.nullish(z.string()) }))
    .execute(options.signal);
  const types = new Set(rows.flatMap((row) => (row.resource_type ? [row.resource_type] : [])));
  return [...types].sort((a, b) => a.localeCompare(b));
}

const ruleColumns = 'id,name,namespace,title,events,filter';

/**
 * How many sends failed (status `error`) after `since` (ISO-8601), for the header's bell: one
 * counted row of `notification_send_history`, the total from Content-Range.
 */
export async function countFailedSendsSince(
  client: ApiClient,
  since: string,
  options: CallOptions = {},
): Promise<number> {
  const { total } = await db(client)
    .from('notification_send_history')
    .select('id')
    .eq('status', 'error')
    .gt('created_at', since)
    .limit(1)
    .rows(z.object({ id: z.string() }))
    .count('exact')
    .execute(options.signal);
  return total;
}

/** Live rules by name (`notifications_summary`), for the rule filter: console §9, a picker's 1000. */
export function listNotificationRules(
  client: ApiClient,
  options: CallOptions = {},
): Promise<NotificationRule[]> {
  return db(client)
    .from('notifications_summary')
    .select(ruleColumns)
    .order('name')
    .limit(1000)
    .rows(notificationRuleSchema)
    .execute(options.signal);
}

/** One rule, deleted or not (a send outlives its rule). */
export function getNotificationRule(
  client: ApiClient,
  id: string,
  options: CallOptions = {},
): Promise<NotificationRule | null> {
  if (!isUuid(id)) return Promise.resolve(null);
  return db(client)
    .from('notifications')
    .select(ruleColumns)
    .eq('id', id)
    .rows(notificationRuleSchema)
    .maybeSingle()
    .execute(options.signal);
}

export interface NotificationRulesQuery {
  pageIndex: number;
  pageSize: number;
}

/** The rules list's embeds (reference §5 "Rules"). */
export const rulesSelect =
  '*,person:person_id(id,name,avatar,email),team:team_id(id,name,icon),created_by(id,name,avatar,email)';

/** `GET /db/notifications_summary`: live rules with their send counts, newest first, counted. */
export async function listNotificationRuleSummaries(
  client: ApiClient,
  query: NotificationRulesQuery,
  options: CallOptions = {},
): Promise<{ rows: NotificationRuleSummary[]; total: number }> {
  const { data, total } = await db(client)
    .from('notifications_summary')
    .select(rulesSelect)
    .order('created_at', { direction: 'desc' })
    .limit(query.pageSize)
    .offset(query.pageSize * query.pageIndex)
    .rows(notificationRuleSummarySchema)
    .count('exact')
    .execute(options.signal);
  return { rows: data, total };
}

/** The columns a rule's editor writes (settings spec §3 "Notification"); null clears one. */
export interface NotificationRuleWrite {
  name: string;
  events: string[];
  title: string | null;
  template: string | null;
  filter: string | null;
  person_id: string | null;
  team_id: string | null;
  /** Each entry a connection, url or email (with its properties); several are kept. */
  custom_services: Record<string, unknown>[] | null;
  repeat_interval: string | null;
  wait_for: string | null;
  /** `[{direction, from, to[], depth?}]`: this rule's sends of `from` resources hold back `to` ones. */
  inhibitions?: Record<string, unknown>[] | null;
  /** After waitFor, how long the resource's health is watched again before sending. */
  wait_for_eval_period?: string | null;
  /** Sends grouped by these (`type`, `label:app`…); null for none. */
  group_by?: string[] | null;
  /** How long after a failed send the fallback team is notified, and that team. */
  fallback_delay?: string | null;
  fallback_team_id?: string | null;
}

const ruleRecordColumns =
  'id,name,namespace,title,template,events,filter,person_id,team_id,custom_services,repeat_interval,wait_for,wait_for_eval_period,group_by,fallback_delay,fallback_team_id,inhibitions,source';

/** One live rule with every column its editor shows; null for a malformed, unknown or deleted id. */
export function getNotificationRuleRecord(
  client: ApiClient,
  id: string,
  options: CallOptions = {},
): Promise<NotificationRuleRecord | null> {
  if (!isUuid(id)) return Promise.resolve(null);
  return db(client)
    .from('notifications')
    .select(ruleRecordColumns)
    .eq('id', id)
    .is('deleted_at', null)
    .rows(notificationRuleRecordSchema)
    .maybeSingle()
    .execute(options.signal);
}

/** `POST /db/notifications` (reference §5 "Create and update"); a refusal rejects with its message. */
export async function createNotificationRule(
  client: ApiClient,
  rule: NotificationRuleWrite,
): Promise<void> {
  await db(client)
    .from('notifications')
    .insert({ ...rule, source: 'UI' } as unknown as Partial<NotificationRuleRecord>)
    .rows(notificationRuleRecordSchema)
    .execute();
}

/** `PATCH /db/notifications?id=eq.{id}`. */
export async function updateNotificationRule(
  client: ApiClient,
  id: string,
  rule: NotificationRuleWrite,
): Promise<void> {
  await db(client)
    .from('notifications')
    .eq('id', id)
    .update({
      ...rule,
      updated_at: new Date().toISOString(),
    } as unknown as Partial<NotificationRuleRecord>)
    .rows(notificationRuleRecordSchema)
    .execute();
}

/** The console's deletion of a rule: `PATCH ?id=eq.{id}` with `deleted_at` (soft delete, §7). */
export async function deleteNotificationRule(client: ApiClient, id: string): Promise<void> {
  await db(client)
    .from('notifications')
    .eq('id', id)
    .softDelete()
    .rows(notificationRuleRecordSchema)
    .execute();
}

/** A connection a rule may send through, with the reference a custom service names it by. */
export interface RecipientConnection {
  id: string;
  name: string;
  type: string;
  /** `connection://namespace/name`, as the engine reads it. */
  reference: string;
}

/** Connections by name for the rule editor's recipient picker (console §9: a picker's 1000). */
export async function listRecipientConnections(
  client: ApiClient,
  options: CallOptions = {},
): Promise<RecipientConnection[]> {
  const rows = await db(client)
    .from('connections')
    .select('id,name,namespace,type')
    .is('deleted_at', null)
    .order('name')
    .limit(1000)
    .rows(recipientConnectionSchema)
    .execute(options.signal);
  return rows.map((row) => {
    const name = row.name || row.id;
    const namespace =
      typeof row.namespace === 'string' && row.namespace ? row.namespace : 'default';
    return {
      id: row.id,
      name,
      type: row.type ?? '',
      reference: `connection://${namespace}/${name}`,
    };
  });
}

/** Who a send went to: a person, a team or a connection (one of the row's ids). */
export interface SendRecipient {
  kind: 'person' | 'team' | 'connection';
  id: string;
  name: string;
  detail?: string;
}

/** The send's recipient by name; null when the row names none (a custom service without connection). */
export async function getSendRecipient(
  client: ApiClient,
  send: Pick<NotificationSend, 'person_id' | 'team_id' | 'connection_id'>,
  options: CallOptions = {},
): Promise<SendRecipient | null> {
  if (send.person_id) {
    const person = await db(client)
      .from('people')
      .select('id,name,email')
      .eq('id', send.person_id)
      .rows(recipientPersonSchema)
      .maybeSingle()
      .execute(options.signal);
    return {
      kind: 'person',
      id: send.person_id,
      name: person?.name || person?.email || send.person_id,
      ...(person?.email ? { detail: person.email } : {}),
    };
  }
  if (send.connection_id) {
    const connection = await db(client)
      .from('connections')
      .select('id,name,type')
      .eq('id', send.connection_id)
      .rows(recipientConnectionSchema)
      .maybeSingle()
      .execute(options.signal);
    return {
      kind: 'connection',
      id: send.connection_id,
      name: connection?.name || send.connection_id,
      ...(connection?.type ? { detail: connection.type } : {}),
    };
  }
  if (send.team_id) {
    const team = await db(client)
      .from('teams')
      .select('id,name')
      .eq('id', send.team_id)
      .rows(recipientPersonSchema)
      .maybeSingle()
      .execute(options.signal);
    return { kind: 'team', id: send.team_id, name: team?.name || send.team_id };
  }
  return null;
}

/** Which silences a list shows: those still to end, those ended, or every one. */
export type SilenceState = 'active' | 'expired' | 'all';

export interface SilencesQuery {
  pageIndex: number;
  pageSize: number;
  state: SilenceState;
}

/** The silences list's embeds (reference §5 "Silences list"). */
export const silencesSelect =
  '*,checks:check_id(id,name,type,status),catalog:config_id(id,name,type,config_class),component:component_id(id,name,icon),createdBy:created_by(id,name,avatar,email)';

/**
 * `GET /db/notification_silences`, newest first, deleted ones left out, counted. Active and expired
 * are told apart at the time of asking, so a refetch after "expire now" moves the silence.
 */
export async function listSilences(
  client: ApiClient,
  query: SilencesQuery,
  options: CallOptions & { now?: Date } = {},
): Promise<{ rows: NotificationSilence[]; total: number }> {
  const now = (options.now ?? new Date()).toISOString();
  const builder = db(client)
    .from('notification_silences')
    .select(silencesSelect)
    .is('deleted_at', null)
    .order('created_at', { direction: 'desc' })
    .limit(query.pageSize)
    .offset(query.pageSize * query.pageIndex);
  // `until` null is indefinitely: never expired.
  if (query.state === 'active') builder.or(`(until.is.null,until.gt.${now})`);
  if (query.state === 'expired') builder.lte('until', now);
  const { data, total } = await builder
    .rows(notificationSilenceSchema)
    .count('exact')
    .execute(options.signal);
  return { rows: data, total };
}

/**
 * Ends a silence now (`PATCH ?id=eq.{id}` with `until`); one that had not started yet starts and
 * ends now, so it never applies.
 */
export async function expireSilence(
  client: ApiClient,
  silence: Pick<NotificationSilence, 'id' | 'from'>,
  now: Date = new Date(),
): Promise<void> {
  const at = now.toISOString();
  const notStarted = silence.from ? Date.parse(silence.from) > now.getTime() : false;
  await db(client)
    .from('notification_silences')
    .eq('id', silence.id)
    .update({ until: at, ...(notStarted ? { from: at } : {}) })
    .rows(notificationSilenceSchema)
    .execute();
}

/** The resource kinds a silence may name by id. */
export type SilenceResourceKind = 'config' | 'check' | 'component' | 'canary';

/** `POST /notification/silence`'s body (reference §5 "Create a silence"). */
export interface SilenceRequest {
  name?: string;
  description?: string;
  /** Absolute ISO-8601 or datemath; absent: now. */
  from?: string;
  /** Absolute ISO-8601, or `indefinitely` (stored as null). */
  until: string;
  recursive: boolean;
  filter?: string;
  resource?: { kind: SilenceResourceKind; id: string };
}

const resourceIdKey = {
  config: 'config_id',
  check: 'check_id',
  component: 'component_id',
  canary: 'canary_id',
} as const;

/** `POST /notification/silence` (200 with an empty body); a refusal rejects with its message. */
export async function createSilence(client: ApiClient, request: SilenceRequest): Promise<void> {
  const { resource, ...rest } = request;
  await client.notification.post('silence', {
    json: { ...rest, ...(resource ? { [resourceIdKey[resource.kind]]: resource.id } : {}) },
    prefer: null,
  });
}

export interface SilencePreviewQuery {
  resource?: { kind: SilenceResourceKind; id: string };
  filter?: string;
  recursive: boolean;
}

/** `GET /notification/silence_preview`: the recent sends the silence would have stopped. */
export function previewSilence(
  client: ApiClient,
  query: SilencePreviewQuery,
  options: CallOptions = {},
): Promise<SilencePreviewItem[]> {
  const searchParams: Record<string, string> = {};
  if (query.resource) {
    searchParams.id = query.resource.id;
    searchParams.type = query.resource.kind;
  }
  if (query.filter) searchParams.filter = query.filter;
  if (query.recursive) searchParams.recursive = 'true';
  return client.notification.get('silence_preview', {
    searchParams,
    schema: silencePreviewReplySchema,
    signal: options.signal,
  });
}

/** The trace page's filters and page. @public */
export interface CheckTransitionsQuery {
  pageIndex: number;
  pageSize: number;
  /** Part of the check's name (case-insensitive). */
  check?: string;
  /** The status the check turned to. */
  status?: 'healthy' | 'unhealthy';
  /** ISO-8601: transitions at or after it. */
  since: string;
}

/**
 * `GET /db/notification_check_transitions` (Opsdeck's trace view): each check transition since
 * `since`, newest first, counted, with every rule's decision about it.
 * @public
 */
export async function listCheckTransitions(
  client: ApiClient,
  query: CheckTransitionsQuery,
  options: CallOptions = {},
): Promise<{ rows: CheckTransition[]; total: number }> {
  const builder = db(client)
    .from('notification_check_transitions')
    .select('*')
    .gte('created_at', query.since)
    .order('created_at', { direction: 'desc' })
    .limit(query.pageSize)
    .offset(query.pageSize * query.pageIndex);
  if (query.check) builder.ilike('check_name', likeContaining(query.check));
  if (query.status) builder.eq('status', query.status);
  const { data, total } = await builder
    .rows(checkTransitionSchema)
    .count('exact')
    .execute(options.signal);
  return { rows: data, total };
}

export const checkTransitionsQuery = (client: ApiClient, query: CheckTransitionsQuery) =>
  queryOptions({
    queryKey: notificationKeys.transitions(query),
    queryFn: ({ signal }) => listCheckTransitions(client, query, { signal }),
    placeholderData: keepPreviousData,
  });

export const notificationSendsQuery = (client: ApiClient, query: NotificationSendsQuery) =>
  queryOptions({
    queryKey: notificationKeys.sendList(query),
    queryFn: ({ signal }) => listNotificationSends(client, query, { signal }),
    placeholderData: keepPreviousData,
  });

/** Under the sends' key, so a send written anywhere (the change stream) refreshes the bell. */
export const failedSendsSinceQuery = (client: ApiClient, since: string) =>
  queryOptions({
    queryKey: notificationKeys.failedSince(since),
    queryFn: ({ signal }) => countFailedSendsSince(client, since, { signal }),
  });

export const notificationSendQuery = (client: ApiClient, id: string) =>
  queryOptions({
    queryKey: notificationKeys.send(id),
    queryFn: ({ signal }) => getNotificationSend(client, id, { signal }),
  });

export const sendResourceTypesQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: notificationKeys.resourceTypes(),
    queryFn: ({ signal }) => listSendResourceTypes(client, { signal }),
  });

export const notificationRulesQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: notificationKeys.ruleList(),
    queryFn: ({ signal }) => listNotificationRules(client, { signal }),
  });

export const notificationRuleSummariesQuery = (client: ApiClient, query: NotificationRulesQuery) =>
  queryOptions({
    queryKey: notificationKeys.ruleSummaries(query),
    queryFn: ({ signal }) => listNotificationRuleSummaries(client, query, { signal }),
    placeholderData: keepPreviousData,
  });

export const notificationRuleQuery = (client: ApiClient, id: string) =>
  queryOptions({
    queryKey: notificationKeys.rule(id),
    queryFn: ({ signal }) => getNotificationRule(client, id, { signal }),
  });

export const notificationRuleRecordQuery = (client: ApiClient, id: string) =>
  queryOptions({
    queryKey: notificationKeys.ruleRecord(id),
    queryFn: ({ signal }) => getNotificationRuleRecord(client, id, { signal }),
    // The editor starts from what the server holds now, not from a copy cached minutes ago.
    staleTime: 0,
  });

export const recipientConnectionsQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: notificationKeys.connections(),
    queryFn: ({ signal }) => listRecipientConnections(client, { signal }),
  });

export const sendRecipientQuery = (
  client: ApiClient,
  send: Pick<NotificationSend, 'person_id' | 'team_id' | 'connection_id'>,
) =>
  queryOptions({
    queryKey: notificationKeys.recipient(
      send.person_id ? 'person' : send.connection_id ? 'connection' : 'team',
      send.person_id ?? send.connection_id ?? send.team_id ?? '',
    ),
    queryFn: ({ signal }) => getSendRecipient(client, send, { signal }),
  });

export const silencesQuery = (client: ApiClient, query: SilencesQuery) =>
  queryOptions({
    queryKey: notificationKeys.silenceList(query),
    queryFn: ({ signal }) => listSilences(client, query, { signal }),
    placeholderData: keepPreviousData,
  });

/** Settings: the preview is asked for as the form changes, never kept (it reads live history). */
export const silencePreviewQuery = (client: ApiClient, query: SilencePreviewQuery) =>
  queryOptions({
    queryKey: notificationKeys.silencePreview(query),
    queryFn: ({ signal }) => previewSilence(client, query, { signal }),
    staleTime: 0,
    gcTime: 0,
  });
