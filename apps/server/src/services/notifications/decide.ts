import { Environment } from '@marcbachmann/cel-js';
import type { SqlRunner } from '../../db/database.ts';
import { evaluateCel, parseDuration, withoutRootDots } from '../playbooks/cel.ts';
import { selectorMatches, type PlaybookResource } from '../playbooks/resources.ts';
import type { ResourceSelector } from '../playbooks/spec.ts';

type Row = Record<string, unknown>;

/** What a notification event is about. */
export type SubjectKind = 'check' | 'incident' | 'playbook_run';

/**
 * One event's resource as rules and silences see it: the CEL variables of a `filter`, the ids a
 * silence's resource ids match (the resource and its canary or playbook) and, for a `recursive`
 * silence, the components and configs above it.
 */
export interface Subject {
  kind: SubjectKind;
  id: string;
  event: string;
  name: string;
  /** A check's type (http, tcp…), an incident's type, `playbook_run`: inhibitions name these. */
  type: string;
  status: string | null;
  health: string | null;
  variables: Row;
  directIds: ReadonlySet<string>;
  ancestorIds: ReadonlySet<string>;
  /** What a silence's selectors match (a check; incidents and runs match selectors by name). */
  selectable: PlaybookResource;
}

/** A notification_silences row, as far as a decision reads it. */
export interface SilenceRow {
  id: string;
  name?: string | null;
  filter: string | null;
  selectors: unknown;
  from: string | Date | null;
  until: string | Date | null;
  recursive: boolean;
  config_id: string | null;
  check_id: string | null;
  canary_id: string | null;
  component_id: string | null;
  deleted_at?: string | Date | null;
}

const syntax = new Environment({ unlistedVariablesAreDyn: true });

/** Why a CEL expression does not parse, or undefined when it does (a silence's filter is checked so). */
export function celSyntaxError(expression: string): string | undefined {
  try {
    // A leading dot names from the root scope (`matchQuery(.check, …)` in Mission Control's own
    // examples): CEL allows it, the parser here does not, so it is read without the dot.
    syntax.parse(withoutRootDots(expression));
    return undefined;
  } catch (error) {
    return (error as Error).message.split('\n')[0] ?? String(error);
  }
}

const time = (value: string | Date | null | undefined) =>
  value === null || value === undefined ? undefined : new Date(value).getTime();

/** Whether a silence is in force at `now`: not deleted, from passed (or none), until ahead (or none: indefinitely). */
export function silenceActive(silence: SilenceRow, now: Date): boolean {
  if (silence.deleted_at) return false;
  const from = time(silence.from);
  const until = time(silence.until);
  return (
    (from === undefined || from <= now.getTime()) && (until === undefined || until > now.getTime())
  );
}

function selectorsOf(value: unknown): ResourceSelector[] {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(parsed) ? (parsed as ResourceSelector[]) : [];
}

/**
 * Whether a silence covers an event, whatever its time window: every criterion it gives must hold —
 * its resource ids (the resource itself, the check's canary; with `recursive` also a component or
 * config above it), its CEL `filter` (true), its `selectors` (any one). A silence giving none covers
 * nothing. The engine's decision (with silenceActive) and the preview both ask this.
 */
export function silenceCovers(silence: SilenceRow, subject: Subject): boolean {
  const criteria: boolean[] = [];
  const ids = [silence.config_id, silence.check_id, silence.canary_id, silence.component_id].filter(
    (id): id is string => typeof id === 'string' && id !== '',
  );
  if (ids.length > 0)
    criteria.push(
      ids.some(
        (id) => subject.directIds.has(id) || (silence.recursive && subject.ancestorIds.has(id)),
      ),
    );
  if (silence.filter?.trim()) {
    try {
      const value = evaluateCel(silence.filter, { variables: subject.variables, previous: [] });
      criteria.push(value === true);
    } catch {
      criteria.push(false);
    }
  }
  const selectors = (() => {
    try {
      return selectorsOf(silence.selectors);
    } catch {
      return [];
    }
  })();
  if (selectors.length > 0)
    criteria.push(selectors.some((selector) => selectorMatches(selector, subject.selectable)));
  return criteria.length > 0 && criteria.every(Boolean);
}

/** The first active silence covering the event, or undefined. */
export function silencing(
  silences: readonly SilenceRow[],
  subject: Subject,
  now: Date,
): SilenceRow | undefined {
  return silences.find((silence) => silenceActive(silence, now) && silenceCovers(silence, subject));
}

// ------------------------------------------------------------------ subjects

const COMPONENT_ANCESTORS = `
  WITH RECURSIVE up(id, depth) AS (
    SELECT component_id, 1 FROM check_component_relationships
     WHERE check_id = $1 AND deleted_at IS NULL
    UNION
    SELECT c.parent_id, up.depth + 1 FROM components c JOIN up ON c.id = up.id
     WHERE c.parent_id IS NOT NULL AND up.depth < 20
  )
  SELECT DISTINCT id::text AS id FROM up`;

const CONFIG_ANCESTORS = `
  WITH RECURSIVE up(id, depth) AS (
    SELECT config_id, 1 FROM check_config_relationships
     WHERE check_id = $1 AND deleted_at IS NULL
    UNION
    SELECT c.parent_id, up.depth + 1 FROM config_items c JOIN up ON c.id = up.id
     WHERE c.parent_id IS NOT NULL AND up.depth < 20
  )
  SELECT DISTINCT id::text AS id FROM up`;

/** The event's resource, or undefined when it is gone. */
export async function loadSubject(
  db: SqlRunner,
  kind: SubjectKind,
  id: string,
  event: string,
): Promise<Subject | undefined> {
  const common = { event, source_event: event, event_time: new Date().toISOString() };
  if (kind === 'check') {
    const { rows } = await db.query<Row>(
      `SELECT id, canary_id, type, name, namespace, description, labels, owner, severity, status,
              last_transition_time, created_at, updated_at, deleted_at
       FROM checks WHERE id = $1`,
      [id],
    );
    const check = rows[0];
    if (!check || check.deleted_at) return undefined;
    // One after another: inside a transaction they share one connection.
    const canary = await db.query<Row>(
      'SELECT id, name, namespace, labels FROM canaries WHERE id = $1',
      [check.canary_id],
    );
    const status = await db.query<Row>(
      `SELECT status, message, error, time, duration FROM check_statuses
       WHERE check_id = $1 ORDER BY time DESC LIMIT 1`,
      [id],
    );
    const components = await db.query<{ id: string }>(COMPONENT_ANCESTORS, [id]);
    const configs = await db.query<{ id: string }>(CONFIG_ANCESTORS, [id]);
    return {
      kind,
      id,
      event,
      name: String(check.name),
      type: String(check.type),
      status: (check.status as string | null) ?? null,
      health: check.status === 'healthy' ? 'healthy' : 'unhealthy',
      variables: {
        ...common,
        check: { ...check, labels: check.labels ?? {} },
        canary: canary.rows[0] ?? {},
        status: status.rows[0] ?? {},
      },
      directIds: new Set([id, String(check.canary_id)]),
      ancestorIds: new Set([...components.rows, ...configs.rows].map((row) => row.id)),
      selectable: { kind: 'check', row: check } as PlaybookResource,
    };
  }
  if (kind === 'incident') {
    const { rows } = await db.query<Row>(
      `SELECT id, incident_id, title, description, type, status, severity, created_by,
              commander_id, communicator_id, created_at, updated_at
       FROM incidents WHERE id = $1`,
      [id],
    );
    const incident = rows[0];
    if (!incident) return undefined;
    return {
      kind,
      id,
      event,
      name: String(incident.title),
      type: String(incident.type ?? 'incident'),
      status: (incident.status as string | null) ?? null,
      health: null,
      variables: { ...common, incident },
      directIds: new Set([id]),
      ancestorIds: new Set(),
      selectable: {
        kind: 'check',
        row: { ...incident, name: incident.title, labels: {} },
      } as unknown as PlaybookResource,
    };
  }
  const { rows } = await db.query<Row>(
    `SELECT r.id, r.playbook_id, r.status, r.check_id, r.config_id, r.component_id, r.created_by,
            r.start_time, r.end_time, r.error, p.name AS playbook_name, p.namespace, p.title
     FROM playbook_runs r JOIN playbooks p ON p.id = r.playbook_id WHERE r.id = $1`,
    [id],
  );
  const run = rows[0];
  if (!run) return undefined;
  return {
    kind,
    id,
    event,
    name: String(run.playbook_name),
    type: 'playbook_run',
    status: (run.status as string | null) ?? null,
    health: null,
    variables: {
      ...common,
      run,
      playbook: { id: run.playbook_id, name: run.playbook_name, title: run.title },
    },
    directIds: new Set(
      [id, run.playbook_id, run.check_id, run.config_id, run.component_id]
        .filter(Boolean)
        .map(String),
    ),
    ancestorIds: new Set(),
    selectable: {
      kind: 'check',
      row: { ...run, name: run.playbook_name, labels: {} },
    } as unknown as PlaybookResource,
  };
}

/** Which kind of resource an id is (the preview and the summary read history rows by resource id). */
export async function kindOf(db: SqlRunner, id: string): Promise<SubjectKind | undefined> {
  const { rows } = await db.query<{ kind: SubjectKind }>(
    `SELECT 'check' AS kind FROM checks WHERE id = $1
     UNION ALL SELECT 'incident' FROM incidents WHERE id = $1
     UNION ALL SELECT 'playbook_run' FROM playbook_runs WHERE id = $1 LIMIT 1`,
    [id],
  );
  return rows[0]?.kind;
}

// ------------------------------------------------------------------ rules

/** A notifications row, as far as a decision reads it. */
export interface RuleRow {
  id: string;
  name: string;
  events: string[];
  title: string | null;
  template: string | null;
  filter: string | null;
  person_id: string | null;
  team_id: string | null;
  playbook_id: string | null;
  custom_services: unknown;
  repeat_interval: string | null;
  /** Hold a due send this long, then send it only if the resource is still as it was. */
  wait_for?: string | null;
  /** Added to wait_for: how long after it the resource is looked at again. */
  wait_for_eval_period?: string | null;
  inhibitions: unknown;
  /** Why the rule cannot be sent as written (a resource file naming a team that does not exist). */
  error?: string | null;
}

export interface Decision {
  status: 'pending' | 'skipped' | 'silenced' | 'repeat-interval' | 'inhibited' | 'error';
  reason: string;
  silencedBy?: string;
}

interface Inhibition {
  direction?: string;
  from: string;
  to: string[];
  depth?: number;
}

/** How far back a repeat interval, or an inhibition of a rule without one, looks. */
const DEFAULT_INHIBITION_MILLIS = 60 * 60_000;

/**
 * What becomes of one rule on one event, in this order: its CEL filter (false: skipped, an error:
 * error), an active silence (silenced), an inhibition (a related resource of the `from` type was
 * notified by this rule within its repeat interval: inhibited), its repeat interval (this resource
 * was notified for this event within it: repeat-interval); else a send is due (pending).
 */
export async function decide(
  db: SqlRunner,
  rule: RuleRow,
  subject: Subject,
  silences: readonly SilenceRow[],
  now: Date,
): Promise<Decision> {
  if (rule.filter?.trim()) {
    let value: unknown;
    try {
      value = evaluateCel(rule.filter, { variables: subject.variables, previous: [] });
    } catch (error) {
      return { status: 'error', reason: `filter failed: ${(error as Error).message}` };
    }
    if (value !== true) return { status: 'skipped', reason: `filter is false: ${rule.filter}` };
  }
  const silence = silencing(silences, subject, now);
  if (silence)
    return {
      status: 'silenced',
      reason: `silenced by ${silence.name ?? silence.id}`,
      silencedBy: silence.id,
    };
  const interval = rule.repeat_interval ? parseDuration(rule.repeat_interval) : undefined;
  const inhibited = await inhibitedBy(
    db,
    rule,
    subject,
    interval ?? DEFAULT_INHIBITION_MILLIS,
    now,
  );
  if (inhibited) return { status: 'inhibited', reason: inhibited };
  if (interval) {
    const { rows } = await db.query<{ created_at: string }>(
      `SELECT created_at FROM notification_send_history
       WHERE notification_id = $1 AND resource_id = $2 AND source_event = $3
         AND status IN ('sent', 'pending', 'evaluating-waitfor') AND created_at > $4::timestamptz - make_interval(secs => $5::double precision / 1000)
       ORDER BY created_at DESC LIMIT 1`,
      [rule.id, subject.id, subject.event, now.toISOString(), interval],
    );
    if (rows[0])
      return {
        status: 'repeat-interval',
        reason: `already notified at ${new Date(rows[0].created_at).toISOString()}, within the repeat interval ${rule.repeat_interval}`,
      };
  }
  return { status: 'pending', reason: 'due' };
}

function inhibitionsOf(value: unknown): Inhibition[] {
  return Array.isArray(value)
    ? value.filter(
        (entry): entry is Inhibition =>
          !!entry &&
          typeof (entry as Inhibition).from === 'string' &&
          Array.isArray((entry as Inhibition).to),
      )
    : [];
}

/**
 * A check's related resources for inhibitions are the checks sharing its canary or one of its
 * components (depth 1), and theirs in turn up to `depth`. Incidents and playbook runs have none.
 */
async function inhibitedBy(
  db: SqlRunner,
  rule: RuleRow,
  subject: Subject,
  windowMillis: number,
  now: Date,
): Promise<string | undefined> {
  if (subject.kind !== 'check') return undefined;
  for (const inhibition of inhibitionsOf(rule.inhibitions)) {
    if (!inhibition.to.includes(subject.type)) continue;
    const { rows } = await db.query<{ name: string; created_at: string }>(
      `WITH RECURSIVE related(id, depth) AS (
         SELECT $1::uuid, 0
         UNION
         SELECT other.id, related.depth + 1 FROM related
           JOIN checks mine ON mine.id = related.id
           JOIN checks other ON other.id <> mine.id AND other.deleted_at IS NULL AND (
             other.canary_id = mine.canary_id OR EXISTS (
               SELECT 1 FROM check_component_relationships a
                 JOIN check_component_relationships b ON b.component_id = a.component_id
               WHERE a.check_id = mine.id AND b.check_id = other.id))
         WHERE related.depth < $2
       )
       SELECT c.name, h.created_at FROM related
         JOIN checks c ON c.id = related.id AND c.type = $3 AND c.id <> $1::uuid
         JOIN notification_send_history h ON h.resource_id = c.id AND h.notification_id = $4
       WHERE h.status IN ('sent', 'pending')
         AND h.created_at > $5::timestamptz - make_interval(secs => $6::double precision / 1000)
       ORDER BY h.created_at DESC LIMIT 1`,
      [
        subject.id,
        Math.max(1, inhibition.depth ?? 1),
        inhibition.from,
        rule.id,
        now.toISOString(),
        windowMillis,
      ],
    );
    if (rows[0])
      return `inhibited by ${inhibition.from} check ${rows[0].name}, notified at ${new Date(rows[0].created_at).toISOString()}`;
  }
  return undefined;
}
