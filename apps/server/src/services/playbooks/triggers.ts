import type { Database, SqlRunner } from '../../db/database.ts';
import { ApiError } from '../../http/errors.ts';
import type { Logger } from '../../http/logging.ts';
import { evaluateCel } from './cel.ts';
import {
  acceptsResources,
  loadResource,
  playbookMatches,
  type PlaybookResource,
} from './resources.ts';
import { insertTriggeredRun, type PlaybookRow } from './runs.ts';
import type { SecretBox } from './secrets.ts';
import { parsePlaybookSpec, type PlaybookSpec } from './spec.ts';

/**
 * One status turn as the triggers of migration 003 queued it: a check's (passed, failed) or a
 * component's health (healthy, unhealthy, warning, unknown).
 */
interface QueuedEvent {
  id: number;
  event: string;
  check_id: string | null;
  component_id: string | null;
}

/** An `on.canary` or `on.component` entry. */
interface EventTrigger {
  event: string;
  labels?: Record<string, string> | undefined;
  filter?: string | undefined;
}

/**
 * Takes one queued event (`FOR UPDATE SKIP LOCKED`, deleted in the same transaction as the runs it
 * schedules, so one event gives one run per matching playbook however many runners drain the
 * queue) and schedules a run of every playbook whose `on.canary` (a check's event) or
 * `on.component` (a component's) matches it. Answers the run ids, or undefined when the queue is
 * empty.
 */
export async function takePlaybookEvent(
  db: Database,
  secrets: SecretBox,
  log: Logger,
): Promise<string[] | undefined> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<QueuedEvent>(
      `DELETE FROM opsdeck.playbook_events
       WHERE id = (SELECT id FROM opsdeck.playbook_events ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
       RETURNING id, event, check_id, component_id`,
    );
    const event = rows[0];
    if (!event) return undefined;
    const subject = event.check_id
      ? await checkSubject(tx, event.check_id, event.event)
      : event.component_id
        ? await componentSubject(tx, event.component_id, event.event)
        : undefined;
    return subject ? scheduleFor(tx, secrets, event, subject, log) : [];
  });
}

/** What the event is about: the resource, which `on` list listens, and what its filters see. */
interface Subject {
  resource: PlaybookResource;
  on: 'canary' | 'component';
  variables: Record<string, unknown>;
}

async function checkSubject(
  tx: SqlRunner,
  id: string,
  event: string,
): Promise<Subject | undefined> {
  const check = await loadResource(tx, 'check', id);
  if (!check || check.row.deleted_at) return undefined;
  const [canary, status] = await Promise.all([
    tx.query('SELECT id, name, namespace, labels FROM canaries WHERE id = $1', [
      check.row.canary_id,
    ]),
    tx.query(
      `SELECT status, message, error, time, duration FROM check_statuses
       WHERE check_id = $1 ORDER BY time DESC LIMIT 1`,
      [id],
    ),
  ]);
  // What an on.canary filter sees (CEL): the check, its canary, its latest result, the event.
  return {
    resource: check,
    on: 'canary',
    variables: {
      check: check.row,
      canary: canary.rows[0] ?? {},
      status: status.rows[0] ?? {},
      event,
    },
  };
}

async function componentSubject(
  tx: SqlRunner,
  id: string,
  event: string,
): Promise<Subject | undefined> {
  const component = await loadResource(tx, 'component', id);
  if (!component || component.row.deleted_at) return undefined;
  return { resource: component, on: 'component', variables: { component: component.row, event } };
}

async function scheduleFor(
  tx: SqlRunner,
  secrets: SecretBox,
  event: QueuedEvent,
  subject: Subject,
  log: Logger,
): Promise<string[]> {
  const { rows: playbooks } = await tx.query<PlaybookRow>(
    `SELECT id, namespace, name, title, icon, description, source, category, created_at, spec
     FROM playbooks WHERE deleted_at IS NULL AND spec->'on'->$1::text IS NOT NULL
     ORDER BY created_at, id`,
    [subject.on],
  );
  const runIds: string[] = [];
  for (const playbook of playbooks) {
    const parsed = parsePlaybookSpec(playbook.spec);
    if (!parsed.ok) continue;
    const spec = parsed.spec;
    const triggers: EventTrigger[] = spec.on?.[subject.on] ?? [];
    const matched = triggers.some((trigger) =>
      triggerMatches(trigger, event, subject, playbook, log),
    );
    if (!matched || !fitsResource(spec, subject.resource)) continue;
    try {
      const { run_id } = await insertTriggeredRun(tx, secrets, {
        playbook,
        spec,
        resource: subject.resource,
      });
      runIds.push(run_id);
    } catch (error) {
      // A parameter without a default, a spec filter that says no: no run, said in the log.
      if (!(error instanceof ApiError)) throw error;
      log({
        level: 'warn',
        msg: `playbook not run on a ${subject.resource.kind} event`,
        playbook_id: playbook.id,
        resource_id: subject.resource.row.id,
        event: event.event,
        error: error.message,
      });
    }
  }
  return runIds;
}

function triggerMatches(
  trigger: EventTrigger,
  event: QueuedEvent,
  subject: Subject,
  playbook: PlaybookRow,
  log: Logger,
): boolean {
  if (trigger.event !== event.event) return false;
  const labels = (subject.resource.row.labels ?? {}) as Record<string, unknown>;
  for (const [name, value] of Object.entries(trigger.labels ?? {}))
    if (labels[name] === undefined || String(labels[name]) !== value) return false;
  if (!trigger.filter?.trim()) return true;
  try {
    const value = evaluateCel(trigger.filter, { variables: subject.variables, previous: [] });
    return value === true || value === 'true';
  } catch (error) {
    log({
      level: 'warn',
      msg: `playbook on.${subject.on} filter failed: no run`,
      playbook_id: playbook.id,
      resource_id: subject.resource.row.id,
      error: (error as Error).message,
    });
    return false;
  }
}

// A playbook that selects resources runs on this one only when it selects its kind and it.
function fitsResource(spec: PlaybookSpec, resource: PlaybookResource): boolean {
  const kinds = acceptsResources(spec);
  return kinds.length === 0 || (kinds.includes(resource.kind) && playbookMatches(spec, resource));
}
