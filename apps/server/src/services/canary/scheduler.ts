import type { Database } from '../../db/database.ts';
import type { Logger } from '../../http/logging.ts';
import { defineJob, type JobContext, type JobDefinition } from '../../jobs/definition.ts';
import { JobScheduler } from '../../jobs/scheduler.ts';
import { recordResult, runCheck, type CheckDefinition } from './runner.ts';
import { nextRunAfter, parseSchedule } from './schedule.ts';

/** job_history.name of a canary's run (one record per canary and run, as the reference keeps). */
export const CANARY_JOB = 'Canary';

/** The canaries that carry a schedule (their own column, else spec.schedule). */
async function scheduledCanaries(db: Database) {
  const { rows } = await db.query<{ id: string; schedule: string }>(
    `SELECT id, COALESCE(NULLIF(schedule, ''), spec->>'schedule') AS schedule
     FROM canaries
     WHERE deleted_at IS NULL AND COALESCE(NULLIF(schedule, ''), spec->>'schedule', '') <> ''`,
  );
  return rows;
}

/**
 * Runs each scheduled canary's checks on the canary's schedule: one job run per canary, recorded
 * with the checks that passed (success) and failed (errors), under the lease `canary:{id}` (the
 * rows of the scheduler this replaced) so instances sharing a database run each canary once per
 * period.
 */
export function canaryJob(log: Logger, leaseMillis?: number): JobDefinition {
  return defineJob({
    name: CANARY_JOB,
    leaseKey: 'canary',
    ...(leaseMillis === undefined ? {} : { lease: { millis: leaseMillis } }),
    // A canary saved or deleted (its checks follow its spec) runs or stops at the next tick.
    forEach: {
      resourceType: 'canary',
      list: scheduledCanaries,
      rescanOn: ['canaries', 'checks'],
    },
    run: (context) => runCanary(context, log),
  });
}

async function runCanary(context: JobContext, log: Logger): Promise<void> {
  const { db, resource, signal } = context;
  const started = new Date();
  const { rows: checks } = await db.query<CheckDefinition & { canary: string; schedule: string }>(
    `SELECT k.id, k.name, k.type, k.spec, c.name AS canary,
            COALESCE(NULLIF(c.schedule, ''), c.spec->>'schedule', '') AS schedule
     FROM checks k JOIN canaries c ON c.id = k.canary_id
     WHERE k.canary_id = $1 AND k.deleted_at IS NULL`,
    [resource!.id],
  );
  // The checks' next run is this run's start on the canary's schedule, as the scheduler reckons it
  // (the check modal's "Next Run"; without it the seed's value soon lay in the past).
  const schedule = checks[0] && parseSchedule(checks[0].schedule);
  const next = schedule && nextRunAfter(schedule, started);
  if (next)
    await db.query(
      'UPDATE checks SET next_runtime = $2 WHERE canary_id = $1 AND deleted_at IS NULL',
      [resource!.id, next.toISOString()],
    );
  for (const check of checks) {
    if (signal.aborted) break;
    const result = await runCheck(check);
    await recordResult(db, check.id, result);
    if (result.pass) context.success();
    else context.error(`${check.name}: ${result.error || result.message || 'failed'}`);
    log({
      msg: 'check run',
      canary: check.canary,
      check: check.name,
      pass: result.pass,
      invalid: result.invalid,
      duration_ms: result.duration,
    });
  }
}

export interface SchedulerOptions {
  db: Database;
  log: Logger;
  /** How long a lease holds when its holder dies mid-run (default 5 min). */
  leaseMillis?: number;
  /** Identifies this instance in the lease rows. */
  holder?: string;
}

/** The canary job alone on a JobScheduler of its own (tests drive it a pass at a time). */
export class CanaryScheduler {
  private readonly scheduler: JobScheduler;

  constructor(options: SchedulerOptions) {
    this.scheduler = new JobScheduler([canaryJob(options.log, options.leaseMillis)], {
      db: options.db,
      log: options.log,
      ...(options.holder ? { holder: options.holder } : {}),
    });
  }

  get holder(): string {
    return this.scheduler.holder;
  }

  start(): void {
    this.scheduler.start();
  }

  stop(): Promise<void> {
    return this.scheduler.stop();
  }

  /** One pass: runs every due canary whose lease this instance gets; answers the canaries it ran. */
  async tick(): Promise<string[]> {
    const outcomes = await this.scheduler.tick();
    return outcomes.flatMap((outcome) => (outcome.resourceId ? [outcome.resourceId] : []));
  }
}
