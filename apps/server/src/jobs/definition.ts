import type { Database, SqlRunner } from '../db/database.ts';
import type { Logger } from '../http/logging.ts';

/** job_history.status (reference §6: RUNNING SUCCESS WARNING FAILED STALE SKIPPED). */
export type JobStatus = 'RUNNING' | 'SUCCESS' | 'WARNING' | 'FAILED';

/** Who a job's writes are made by (the audit trail and the change stream read it per transaction). */
export const JOB_ACTOR = 'system';

/**
 * How many finished runs of one job (per resource) job_history keeps, newest first: `success` of
 * SUCCESS, `failed` of FAILED and WARNING. The reference's RetentionBalanced (duty job.go) is the
 * default.
 */
export interface JobRetention {
  success: number;
  failed: number;
}

export const DEFAULT_RETENTION: JobRetention = { success: 3, failed: 3 };

/** A resource a job runs for: one record, one lease and one schedule each. */
export interface JobResource {
  id: string;
  /** `@every 30s`, an @hourly-style macro or 5-field cron (UTC); empty or unparsable: not run. */
  schedule: string;
}

/** What a run is handed: where it runs, how to report, and how to stop when told to. */
export interface JobContext {
  name: string;
  /** The resource of a per-resource job. */
  resource?: { type: string; id: string };
  db: Database;
  log: Logger;
  /**
   * Aborted when this instance lost the job's lease (another instance may now run it) or the
   * server is stopping: stop at the next safe point.
   */
  signal: AbortSignal;
  /** One transaction whose writes are the `system` actor's (see JOB_ACTOR). */
  transaction<T>(fn: (tx: SqlRunner) => Promise<T>): Promise<T>;
  /** Counts items done (success_count). */
  success(count?: number): void;
  /** Counts an item that failed (error_count) and keeps its message in details.errors. */
  error(message: string): void;
  /** Keeps a message in details.warnings: the run ends WARNING unless it failed. */
  warn(message: string): void;
  /** Adds a key to details (a summary of what the run did, e.g. `scrape_summary`). */
  detail(key: string, value: unknown): void;
}

/**
 * One background job of a service module (`scheduledJobs` on ServiceDefinition). The framework
 * (JobScheduler) runs it on its schedule, records each run in job_history, and — unless `lease` is
 * false — takes a lease in opsdeck.scheduler_leases so instances sharing one database run it once
 * per due time and never two at once.
 */
export interface JobDefinition {
  /** job_history.name. */
  name: string;
  /**
   * `@every 30s`, an @hourly-style macro or 5-field cron (UTC). Omitted: the job runs once when the
   * jobs start. A job never run (or whose last run is older than its period) is due at once.
   * Per-resource jobs take each resource's schedule instead.
   */
  schedule?: string;
  /**
   * One run per resource, each on its own schedule with its own lease and record (the reference
   * records canary runs per canary). `list` is read every `scanMillis` (default 5 s); at most
   * `concurrency` (default 4) of them run at once on one instance.
   */
  forEach?: {
    resourceType: string;
    list(db: Database): Promise<readonly JobResource[]>;
    scanMillis?: number;
    concurrency?: number;
    /**
     * Tables whose write (any writer, any instance: the change stream) makes the list be read
     * again at the next tick rather than after `scanMillis`: a saved resource runs at once.
     */
    rescanOn?: readonly string[];
  };
  /**
   * The lease: held for `millis` (default 5 min) and renewed while the run lasts, so a run whose
   * instance died is taken over once that time has passed. False: every instance runs the job on
   * its own (work that claims rows itself, or per-process state); such a run is recorded when it
   * ends, never as RUNNING.
   */
  lease?: false | { millis?: number };
  /**
   * The lease row's name (per resource: `{leaseKey}:{id}`); default `job:{name}`. Lets a job keep
   * the rows of the scheduler it replaced.
   */
  leaseKey?: string;
  retention?: JobRetention;
  /**
   * `always` (default): every run leaves a row. `busy`: a run that reported nothing (no success,
   * error or warning) and did not fail leaves none — for a frequent poll, so job_history holds the
   * polls that did something rather than one row a second.
   */
  record?: 'always' | 'busy';
  run(context: JobContext): Promise<void>;
  /** Called once when the jobs stop, after the job's last run ended (a runner's work in flight). */
  stop?(): Promise<void>;
}

/** Declares a job; the identity function that gives the definition its types. */
export function defineJob(definition: JobDefinition): JobDefinition {
  return definition;
}
