import * as z from 'zod/mini';
import type { ApiClient } from '../client.ts';
import { db, likeContaining } from '../db/index.ts';
import type { CallOptions } from '../http.ts';
import { isUuid } from '../ids.ts';
import { looseObject } from '../looseObject.ts';
import { maybeText, text } from '../schemaParts.ts';
import {
  hypothesisOptionSchema,
  incidentHistorySchema,
  incidentOptionSchema,
  incidentSchema,
  incidentSummarySchema,
  incidentTimelineSchema,
  componentOptionSchema,
  responderSchema,
  type HypothesisOption,
  type Incident,
  type IncidentHistory,
  type IncidentOption,
  type IncidentSummary,
  type IncidentTimeline,
  type Responder,
} from './schemas.ts';
import {
  defaultIncidentStatus,
  severityLevel,
  severityLevels,
  storedSeveritiesOf,
} from './values.ts';

// The incident requests, as reference §1 "Requests the UI makes" spells them, so the console works
// unchanged against a real Mission Control. Reads whose select or parameter order the reference
// fixes are sent as written (`getRows`), not rebuilt by the query builder.

/** `AVATAR_INFO` (reference, preamble). */
const avatarInfo = 'id,name,avatar,email';

/** The detail request's select, verbatim (reference §1 "detail"). */
export const incidentDetailSelect = `*,hypotheses(*,created_by(${avatarInfo}),evidences(*,created_by(${avatarInfo})),comments(created_at,comment,external_created_by,responder_id(team_id(*)),created_by(id,${avatarInfo}),id)),commander:commander_id(${avatarInfo}),communicator_id(${avatarInfo}),responders(created_by(${avatarInfo}))`;

/** The history timeline's select, verbatim (reference §1 "history timeline"). */
export const incidentHistorySelect =
  '*,evidence:evidences(id,description,type,components(id,name,icon),configs(id,name),config_changes(id,change_type),config_analysis(id,analyzer,message,analysis),checks(id,icon,name)),hypothesis:hypotheses(id,title),responder:responders(id,person:person_id(id,name,avatar),team:team_id(id,name,icon)),comment:comments(id,comment),created_by(id,name,avatar)';

/** The responders request's select, verbatim (reference §1 "responders"). */
export const responderSelect = '*,team:team_id(id,name,icon,spec),person:person_id(id,name,avatar)';

async function getRows<S extends z.ZodMiniType>(
  client: ApiClient,
  table: string,
  params: readonly (readonly [string, string])[],
  schema: S,
  options: CallOptions,
): Promise<z.output<S>[]> {
  return client.db.get(table, {
    searchParams: new URLSearchParams(params.map(([key, value]) => [key, value])),
    schema: z.array(schema),
    signal: options.signal,
  });
}

// ---- the list --------------------------------------------------------------------------------

export type IncidentSortColumn =
  'title' | 'severity' | 'type' | 'status' | 'created_at' | 'updated_at' | 'incident_id';
const sortColumns: ReadonlySet<string> = new Set<IncidentSortColumn>([
  'title',
  'severity',
  'type',
  'status',
  'created_at',
  'updated_at',
  'incident_id',
]);

/** What the incident list asks for: a page, a sort and the spec's filters (console §2). */
export interface IncidentListQuery {
  pageIndex: number;
  pageSize: number;
  sortBy?: string | undefined;
  sortOrder?: 'asc' | 'desc' | undefined;
  /** Matched anywhere in the title, case-insensitively. */
  search?: string | undefined;
  status?: string | undefined;
  severity?: string | undefined;
  type?: string | undefined;
  /** A person id: the incident's commander. */
  commander?: string | undefined;
  /** A component id: incidents with evidence on it. */
  component?: string | undefined;
}

export interface IncidentPage {
  rows: IncidentSummary[];
  total: number;
}

/**
 * A page of `incident_summary` (reference §1 "list"), newest first unless sorted otherwise.
 * The component filter goes through `incidents_by_component` (a view both backends have) rather
 * than the reference's `hypotheses.evidences.component_id`, which the summary view cannot embed.
 */
export async function listIncidents(
  client: ApiClient,
  query: IncidentListQuery,
  options: CallOptions = {},
): Promise<IncidentPage> {
  let ids: string[] | undefined;
  if (query.component) {
    const rows = await db(client)
      .from('incidents_by_component')
      .select('id')
      .eq('component_id', query.component)
      .rows(looseObject({ id: text }))
      .execute(options.signal);
    ids = [...new Set(rows.map((row) => row.id))];
    if (ids.length === 0) return { rows: [], total: 0 };
  }
  // An unknown column (a hand-edited URL) falls back to the spec's default, newest first.
  const known = query.sortBy !== undefined && sortColumns.has(query.sortBy);
  const builder = db(client)
    .from('incident_summary')
    .order(known ? query.sortBy! : 'created_at', {
      direction: known ? (query.sortOrder ?? 'asc') : 'desc',
    });
  if (query.search) builder.ilike('title', likeContaining(query.search));
  // The filter is by the level shown (settings §3), which several stored values share.
  if (query.severity) {
    const level = severityLevel(query.severity);
    if (level === 'low') {
      const others = severityLevels.flatMap((shown) =>
        shown === 'low' ? [] : storedSeveritiesOf(shown),
      );
      builder.or(`severity.is.null,severity.not.in.(${others.join(',')})`);
    } else builder.in('severity', storedSeveritiesOf(level));
  }
  if (query.status) builder.eq('status', query.status);
  if (query.type) builder.eq('type', query.type);
  if (query.commander) builder.eq('commander->>id', query.commander);
  if (ids) builder.in('id', ids);
  const from = query.pageIndex * query.pageSize;
  const { data, total } = await builder
    .range(from, from + query.pageSize - 1)
    .rows(incidentSummarySchema)
    .count()
    .execute(options.signal);
  return { rows: data, total };
}

// ---- one incident ----------------------------------------------------------------------------

/** The incident with its hypotheses, evidence and comments (reference §1 "detail"); null if none. */
export async function getIncident(
  client: ApiClient,
  id: string,
  options: CallOptions = {},
): Promise<Incident | null> {
  if (!isUuid(id)) return null;
  const rows = await getRows(
    client,
    'incidents',
    [
      ['id', `eq.${id}`],
      ['select', incidentDetailSelect],
    ],
    incidentSchema,
    options,
  );
  return rows[0] ?? null;
}

export function getIncidentResponders(
  client: ApiClient,
  incidentId: string,
  options: CallOptions = {},
): Promise<Responder[]> {
  return getRows(
    client,
    'responders',
    [
      ['incident_id', `eq.${incidentId}`],
      ['select', responderSelect],
      ['deleted_at', 'is.null'],
    ],
    responderSchema,
    options,
  );
}

/** The incident's history rows, newest first, written by the database (reference §1). */
export function getIncidentHistory(
  client: ApiClient,
  incidentId: string,
  options: CallOptions = {},
): Promise<IncidentHistory[]> {
  return getRows(
    client,
    'incident_histories',
    [
      ['incident_id', `eq.${incidentId}`],
      ['select', incidentHistorySelect],
      ['order', 'created_at.desc'],
    ],
    incidentHistorySchema,
    options,
  );
}

const subjectSchema = looseObject({
  id: text,
  name: maybeText,
  status: maybeText,
  health: maybeText,
  type: maybeText,
  icon: maybeText,
});
export type EvidenceSubject = z.output<typeof subjectSchema>;

const configChangeSchema = looseObject({
  id: text,
  config_id: maybeText,
  change_type: maybeText,
  summary: maybeText,
  severity: maybeText,
  diff: maybeText,
  created_at: maybeText,
});
export type EvidenceConfigChange = z.output<typeof configChangeSchema>;

/** What evidence cards show besides the evidence row: the checks, configs, changes, components. */
export interface EvidenceSubjects {
  checks: ReadonlyMap<string, EvidenceSubject>;
  configs: ReadonlyMap<string, EvidenceSubject>;
  components: ReadonlyMap<string, EvidenceSubject>;
  configChanges: ReadonlyMap<string, EvidenceConfigChange>;
}

export interface EvidenceSubjectIds {
  checks: readonly string[];
  configs: readonly string[];
  components: readonly string[];
  configChanges: readonly string[];
}

async function byIds<S extends z.ZodMiniType<{ id: string }>>(
  client: ApiClient,
  table: string,
  select: string,
  ids: readonly string[],
  schema: S,
  signal: AbortSignal | undefined,
): Promise<Map<string, z.output<S>>> {
  if (ids.length === 0) return new Map();
  try {
    const rows = await db(client)
      .from(table)
      .select(select)
      .in('id', [...new Set(ids)])
      .rows(schema)
      .execute(signal);
    return new Map(rows.map((row) => [(row as { id: string }).id, row]));
  } catch (error) {
    // A reader may not see a table (a responder without catalog rights): the card falls back to
    // the evidence's own description rather than the whole page failing.
    if (signal?.aborted) throw error;
    return new Map();
  }
}

/** The records evidence points at, one request per kind; a kind the reader may not read is empty. */
export async function getEvidenceSubjects(
  client: ApiClient,
  ids: EvidenceSubjectIds,
  options: CallOptions = {},
): Promise<EvidenceSubjects> {
  const { signal } = options;
  const [checks, configs, components, configChanges] = await Promise.all([
    byIds(client, 'checks', 'id,name,status,type,icon', ids.checks, subjectSchema, signal),
    byIds(client, 'config_items', 'id,name,status,health,type', ids.configs, subjectSchema, signal),
    byIds(
      client,
      'components',
      'id,name,status,health,type,icon',
      ids.components,
      subjectSchema,
      signal,
    ),
    byIds(
      client,
      'config_changes',
      'id,config_id,change_type,summary,severity,diff,created_at',
      ids.configChanges,
      configChangeSchema,
      signal,
    ),
  ]);
  return { checks, configs, components, configChanges };
}

// ---- the attach dialog's searches --------------------------------------------------------------

/** Incidents whose title contains `search`, newest first, with their hypotheses' ids and types. */
export function searchIncidents(
  client: ApiClient,
  search: string,
  options: CallOptions = {},
): Promise<IncidentOption[]> {
  return getRows(
    client,
    'incidents',
    [
      ['order', 'created_at.desc'],
      ['title', `ilike.${likeContaining(search)}`],
      // The space after the comma is the reference UI's, sent as it sends it.
      ['select', '*,hypotheses(id, type)'],
    ],
    incidentOptionSchema,
    options,
  );
}

/** The incident's hypotheses whose title contains `search`, newest first. */
export function searchHypotheses(
  client: ApiClient,
  incidentId: string,
  search: string,
  options: CallOptions = {},
): Promise<HypothesisOption[]> {
  return getRows(
    client,
    'hypotheses',
    [
      ['order', 'created_at.desc'],
      ['title', `ilike.${likeContaining(search)}`],
      ['incident_id', `eq.${incidentId}`],
    ],
    hypothesisOptionSchema,
    options,
  );
}

// ---- writes ----------------------------------------------------------------------------------

const createdIncidentSchema = z.array(looseObject({ id: text, title: text }));
const createdRowSchema = z.array(looseObject({ id: text }));

export interface NewIncident {
  title: string;
  description?: string;
  severity: string;
  type: string;
  status?: string;
  /** The signed-in person: creator and communicator, and commander unless `commanderId` names another (settings §4). */
  userId: string;
  /** The person in command when not the creator (the create form's Commander). */
  commanderId?: string | undefined;
}

/** Creates an incident (reference §1 "create incident"); resolves the row the backend wrote. */
export async function createIncident(
  client: ApiClient,
  incident: NewIncident,
): Promise<{ id: string; title: string }> {
  const rows = await client.db.post('incidents', {
    searchParams: { select: '*' },
    json: {
      title: incident.title,
      description: incident.description ?? '',
      severity: incident.severity,
      type: incident.type,
      status: incident.status ?? defaultIncidentStatus,
      created_by: incident.userId,
      commander_id: incident.commanderId ?? incident.userId,
      communicator_id: incident.userId,
    },
    schema: createdIncidentSchema,
  });
  const [created] = rows;
  if (!created) throw new Error('The backend created no incident');
  return created;
}

export interface NewHypothesis {
  incidentId: string;
  title: string;
  type: string;
  status: string;
  parentId?: string | undefined;
  userId: string;
}

/** Creates a hypothesis (reference §1 "create hypothesis"; the attach dialog sends no id). */
export async function createHypothesis(
  client: ApiClient,
  hypothesis: NewHypothesis,
): Promise<{ id: string }> {
  const rows = await client.db.post('hypotheses', {
    json: {
      created_by: hypothesis.userId,
      incident_id: hypothesis.incidentId,
      type: hypothesis.type,
      title: hypothesis.title,
      status: hypothesis.status,
      ...(hypothesis.parentId ? { parent_id: hypothesis.parentId } : {}),
    },
    schema: createdRowSchema,
  });
  const [created] = rows;
  if (!created) throw new Error('The backend created no hypothesis');
  return created;
}

/** What evidence points at: exactly the keys given are sent (undefined ones are left out). */
export interface NewEvidence {
  hypothesisId: string;
  userId: string;
  description: string;
  type: string;
  check_id?: string;
  config_id?: string;
  config_change_id?: string;
  config_analysis_id?: string;
  component_id?: string;
  evidence?: unknown;
  properties?: unknown;
  definition_of_done?: boolean;
  done?: boolean;
  script?: string;
}

/** Links evidence to a hypothesis (reference §1 "attach evidence"). */
export async function attachEvidence(
  client: ApiClient,
  evidence: NewEvidence,
): Promise<{ id: string }> {
  const { hypothesisId, userId, ...fields } = evidence;
  const rows = await client.db.post('evidences', {
    json: { ...fields, created_by: userId, hypothesis_id: hypothesisId },
    schema: createdRowSchema,
  });
  return rows[0] ?? { id: '' };
}

export type IncidentPatch = Partial<
  Record<'title' | 'status' | 'severity' | 'type' | 'commander_id' | 'communicator_id', string>
>;

export async function updateIncident(
  client: ApiClient,
  id: string,
  patch: IncidentPatch,
): Promise<void> {
  await db(client).from('incidents').update(patch).eq('id', id);
}

export async function updateHypothesis(
  client: ApiClient,
  id: string,
  patch: Partial<Record<'title' | 'status' | 'type', string>>,
): Promise<void> {
  await db(client).from('hypotheses').update(patch).eq('id', id);
}

/**
 * Its evidence, then the hypothesis (settings §4 "Deletion", reference §1). Not its comments one by
 * one as the reference UI does: a comment is deleted only by its author or an admin, and the
 * server marks a deleted hypothesis's comments deleted with it.
 */
export async function deleteHypothesis(client: ApiClient, id: string): Promise<void> {
  await db(client).from('evidences').delete().eq('hypothesis_id', id);
  await db(client).from('hypotheses').delete().eq('id', id);
}

export async function updateEvidence(
  client: ApiClient,
  id: string,
  patch: { definition_of_done?: boolean; done?: boolean; script?: string },
): Promise<void> {
  await db(client).from('evidences').update(patch).eq('id', id);
}

export interface NewResponder {
  incidentId: string;
  userId: string;
  personId?: string;
  teamId?: string;
}

/** Adds a person or team (reference §1 "add responder"; a team is a `system` responder there). */
export async function addResponder(client: ApiClient, responder: NewResponder): Promise<void> {
  const isPerson = responder.personId !== undefined;
  await client.db.post('responders', {
    searchParams: { select: '*' },
    json: {
      type: isPerson ? 'person' : 'system',
      incident_id: responder.incidentId,
      created_by: responder.userId,
      ...(isPerson ? { person_id: responder.personId } : { team_id: responder.teamId }),
      properties: {
        responderType: isPerson
          ? { value: 'person', label: 'Person' }
          : { value: 'team', label: 'Team' },
      },
    },
  });
}

/** Responders are removed softly (reference §0.4). */
export async function removeResponder(client: ApiClient, id: string): Promise<void> {
  await client.db.patch('responders', {
    searchParams: { id: `eq.${id}` },
    json: { deleted_at: 'now()' },
  });
}

export interface NewComment {
  incidentId: string;
  hypothesisId: string;
  comment: string;
  userId: string;
}

export async function addComment(client: ApiClient, comment: NewComment): Promise<void> {
  await client.db.post('comments', {
    json: {
      created_by: comment.userId,
      incident_id: comment.incidentId,
      hypothesis_id: comment.hypothesisId,
      comment: comment.comment,
    },
  });
}

/** A component as the list's component filter offers it. */
export interface ComponentOption {
  id: string;
  name: string;
}

/** Components by name for the list's component filter (reference §3 `component_names`). */
export async function listComponentOptions(
  client: ApiClient,
  options: CallOptions = {},
): Promise<ComponentOption[]> {
  const rows = await db(client)
    .from('component_names')
    .select('id,name')
    .order('name', { direction: 'asc' })
    .rows(componentOptionSchema)
    .execute(options.signal);
  return rows.map((row) => ({ id: row.id, name: row.name ?? row.id }));
}

/** Components whose name contains `search`, by name, at most 20 (the create form's affected component). */
export async function searchComponents(
  client: ApiClient,
  search: string,
  options: CallOptions = {},
): Promise<ComponentOption[]> {
  const rows = await db(client)
    .from('component_names')
    .select('id,name')
    .ilike('name', likeContaining(search))
    .order('name', { direction: 'asc' })
    .limit(20)
    .rows(componentOptionSchema)
    .execute(options.signal);
  return rows.map((row) => ({ id: row.id, name: row.name ?? row.id }));
}

/**
 * `GET /api/incidents/{id}/timeline`: the evidence's check turns and config changes in the
 * incident's window. Our server's addition; a backend without it answers 404.
 */
export function getIncidentTimeline(
  client: ApiClient,
  incidentId: string,
  options: CallOptions = {},
): Promise<IncidentTimeline> {
  return client.general.get(`incidents/${encodeURIComponent(incidentId)}/timeline`, {
    schema: incidentTimelineSchema,
    signal: options.signal,
  });
}
