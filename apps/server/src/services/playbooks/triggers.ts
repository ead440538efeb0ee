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
import { parsePlaybookSpec, type CanaryTrigger, type PlaybookSpec } from './spec.ts';

/** One check status turn, as the trigger on checks queued it (migration 003). */
interface CheckEvent {
  id: number;
  event: 'passed' | 'failed';
  check_id: string;
  created_at: string;
}

/**
 * Takes one queued check event (`FOR UPDATE SKIP LOCKED`, deleted in the same transaction as the
 * runs it schedules, so one event gives one run per matching playbook however many runners drain
 * the queue) and schedules a run of every playbook whose `on.canary` matches it. Answers the run
 * ids, or undefined when the queue is empty.
 */
export async function takeCheckEvent(
  db: Database,
  secrets: SecretBox,
  log: Logger,
): Promise<string[] | undefined> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<CheckEvent>(
      `DELETE FROM opsdeck.playbook_events
       WHERE id = (SELECT id FROM opsdeck.playbook_events ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
       RETURNING id, event, check_id, created_at`,
    );
    const event = rows[0];
    if (!event) return undefined;
    return scheduleFor(tx, secrets, event, log);
  });
}

async function scheduleFor(
  tx: SqlRunner,
  secrets: SecretBox,
  event: CheckEvent,
  log: Logger,
): Promise<string[]> {
  const check = await loadResource(tx, 'check', event.check_id);
  if (!check || check.row.deleted_at) return [];
  const [canary, status, playbooks] = await Promise.all([
    tx.query('SELECT id, name, namespace, labels FROM canaries WHERE id = $1', [
      check.row.canary_id,
    ]),
    tx.query(
      `SELECT status, message, error, time, duration FROM check_statuses
       WHERE check_id = $1 ORDER BY time DESC LIMIT 1`,
      [event.check_id],
    ),
    tx.query<PlaybookRow>(
      `SELECT id, namespace, name, title, icon, description, source, category, created_at, spec
       FROM playbooks WHERE deleted_at IS NULL AND spec->'on'->'canary' IS NOT NULL
       ORDER BY created_at, id`,
    ),
  ]);
  // What an on.canary filter sees (CEL): the check, its canary, its latest result, the event.
  const variables = {
    check: check.row,
    canary: canary.rows[0] ?? {},
    status: status.rows[0] ?? {},
    event: event.event,
  };
  const runIds: string[] = [];
  for (const playbook of playbooks.rows) {
    const parsed = parsePlaybookSpec(playbook.spec);
    if (!parsed.ok) continue;
    const spec = parsed.spec;
    const trigger = (spec.on?.canary ?? []).find((candidate) =>
      triggerMatches(candidate, event, variables, playbook, log),
    );
    if (!trigger || !fitsResource(spec, check)) continue;
    try {
      const { run_id } = await insertTriggeredRun(tx, secrets, { playbook, spec, resource: check });
      runIds.push(run_id);
    } catch (error) {
      // A parameter without a default, a spec filter that says no: no run, said in the log.
      if (!(error instanceof ApiError)) throw error;
      log({
        level: 'warn',
        msg: 'playbook not run on a check event',
        playbook_id: playbook.id,
        check_id: event.check_id,
        event: event.event,
        error: error.message,
      });
    }
  }
  return runIds;
}

function triggerMatches(
  trigger: CanaryTrigger,
  event: CheckEvent,
  variables: { check: Record<string, unknown> } & Record<string, unknown>,
  playbook: PlaybookRow,
  log: Logger,
): boolean {
  if (trigger.event !== event.event) return false;
  const labels = (variables.check.labels ?? {}) as Record<string, unknown>;
  for (const [name, value] of Object.entries(trigger.labels ?? {}))
    if (labels[name] === undefined || String(labels[name]) !== value) return false;
  if (!trigger.filter?.trim()) return true;
  try {
    const value = evaluateCel(trigger.filter, { variables, previous: [] });
    return value === true || value === 'true';
  } catch (error) {
    log({
      level: 'warn',
      msg: 'playbook on.canary filter failed: no run',
      playbook_id: playbook.id,
      check_id: event.check_id,
      error: (error as Error).message,
    });
    return false;
  }
}

// A playbook that selects resources runs on this check only when it selects checks and this one.
function fitsResource(spec: PlaybookSpec, check: PlaybookResource): boolean {
  const kinds = acceptsResources(spec);
  return kinds.length === 0 || (kinds.includes('check') && playbookMatches(spec, check));
}
