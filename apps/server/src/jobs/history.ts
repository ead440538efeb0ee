import type { SqlRunner } from '../db/database.ts';
import { defineJob, type JobDefinition, type JobRetention, type JobStatus } from './definition.ts';

/** The error a run is closed with when the instance running it died (its lease ran out). */
export const INTERRUPTED_JOB =
  'interrupted: the instance running this job stopped before it finished (its lease expired)';

/** Statuses the `failed` retention keeps; every other finished status is kept as `success`. */
const FAILED_STATUSES = ['FAILED', 'WARNING', 'SKIPPED', 'STALE'];

export interface JobRecordKey {
  name: string;
  resourceType: string | null;
  resourceId: string | null;
}

export interface FinishedRun {
  status: Exclude<JobStatus, 'RUNNING'>;
  successCount: number;
  errorCount: number;
  details: Record<string, unknown>;
}

/** A RUNNING row for a run starting now; answers its id. */
export async function recordStart(
  db: SqlRunner,
  key: JobRecordKey,
  hostname: string,
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO job_history (name, resource_type, resource_id, status, hostname, time_start, created_at)
     VALUES ($1, $2, $3, 'RUNNING', $4, now(), now()) RETURNING id`,
    [key.name, key.resourceType, key.resourceId, hostname],
  );
  return rows[0]!.id;
}

/**
 * Closes a run: its RUNNING row when there is one (`id`), else a new row from `startedAt`. The
 * duration is the database's clock, as time_start is.
 */
export async function recordEnd(
  db: SqlRunner,
  key: JobRecordKey,
  hostname: string,
  run: FinishedRun,
  at: { id: string } | { startedAt: Date },
): Promise<void> {
  const values = [run.status, run.successCount, run.errorCount, JSON.stringify(run.details)];
  if ('id' in at) {
    await db.query(
      `UPDATE job_history SET status = $2, success_count = $3, error_count = $4, details = $5::jsonb,
         time_end = now(),
         duration_millis = GREATEST(0, round(extract(epoch FROM now() - time_start) * 1000))::integer
       WHERE id = $1`,
      [at.id, ...values],
    );
    return;
  }
  await db.query(
    `INSERT INTO job_history (name, resource_type, resource_id, hostname, status, success_count,
       error_count, details, time_start, time_end, duration_millis, created_at)
     VALUES ($5, $6, $7, $8, $1, $2, $3, $4::jsonb, $9::timestamptz, now(),
       GREATEST(0, round(extract(epoch FROM now() - $9::timestamptz) * 1000))::integer, $9::timestamptz)`,
    [...values, key.name, key.resourceType, key.resourceId, hostname, at.startedAt.toISOString()],
  );
}

/**
 * Keeps the newest `success` SUCCESS rows and `failed` FAILED/WARNING rows of one job (and
 * resource); RUNNING rows are never trimmed. Answers how many rows went.
 */
export async function applyRetention(
  db: SqlRunner,
  key: JobRecordKey,
  retention: JobRetention,
): Promise<number> {
  const { rowCount } = await db.query(
    `DELETE FROM job_history WHERE id IN (
       SELECT id FROM (
         SELECT id, status = ANY($5::text[]) AS failed,
                row_number() OVER (PARTITION BY status = ANY($5::text[])
                                   ORDER BY time_start DESC NULLS LAST, id) AS newer
         FROM job_history
         WHERE name = $1 AND resource_id IS NOT DISTINCT FROM $2 AND status <> 'RUNNING'
       ) ranked
       WHERE newer > CASE WHEN failed THEN $4::int ELSE $3::int END)`,
    [key.name, key.resourceId, retention.success, retention.failed, FAILED_STATUSES],
  );
  return rowCount;
}

const FAIL_INTERRUPTED = `UPDATE job_history SET status = 'FAILED', time_end = now(), error_count = error_count + 1,
    duration_millis = GREATEST(0, round(extract(epoch FROM now() - time_start) * 1000))::integer,
    details = jsonb_set(COALESCE(details, '{}'::jsonb), '{errors}',
      COALESCE(details->'errors', '[]'::jsonb) || to_jsonb($2::text))
  WHERE status = 'RUNNING' AND id = ANY($1::uuid[])
  RETURNING id`;

/** Closes these RUNNING rows as FAILED with INTERRUPTED_JOB (a run taken over from a dead instance). */
export async function failInterruptedRuns(db: SqlRunner, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const { rows } = await db.query(FAIL_INTERRUPTED, [ids, INTERRUPTED_JOB]);
  return rows.length;
}

/**
 * Closes as FAILED every RUNNING row whose lease ran out (its instance died mid-run) and forgets it
 * on the lease, for runs nobody takes over soon (a daily job, a deleted canary). Answers how many.
 */
export async function closeAbandonedRuns(db: SqlRunner): Promise<number> {
  const { rows } = await db.query<{ history_id: string }>(
    `WITH abandoned AS (
       SELECT name, history_id FROM opsdeck.scheduler_leases
       WHERE history_id IS NOT NULL AND expires_at <= now()
       FOR UPDATE SKIP LOCKED
     )
     UPDATE opsdeck.scheduler_leases l SET history_id = NULL FROM abandoned a
     WHERE l.name = a.name AND l.expires_at <= now()
     RETURNING a.history_id`,
  );
  return failInterruptedRuns(
    db,
    rows.map((row) => row.history_id),
  );
}

/** Deletes finished rows older than `maxAgeMillis` (by time_start); answers how many. */
export async function deleteOldRuns(db: SqlRunner, maxAgeMillis: number): Promise<number> {
  const { rowCount } = await db.query(
    `DELETE FROM job_history
     WHERE status <> 'RUNNING'
       AND COALESCE(time_start, created_at) < now() - make_interval(secs => $1::double precision / 1000)`,
    [maxAgeMillis],
  );
  return rowCount;
}

/** How long a finished run is kept at most, whatever its job's retention (30 days). */
export const JOB_HISTORY_MAX_AGE_MILLIS = 30 * 24 * 60 * 60 * 1000;

/**
 * The age bound on job_history (duty's CleanupStaleJobHistory): daily, finished rows older than
 * JOB_HISTORY_MAX_AGE_MILLIS go — those of jobs that no longer run, which their retention never
 * trims again.
 */
export function jobHistoryCleanupJob(maxAgeMillis = JOB_HISTORY_MAX_AGE_MILLIS): JobDefinition {
  return defineJob({
    name: 'CleanupJobHistory',
    schedule: '@daily',
    retention: { success: 1, failed: 3 },
    run: async (context) => {
      context.success(await context.transaction((tx) => deleteOldRuns(tx, maxAgeMillis)));
    },
  });
}
