import { randomUUID } from 'node:crypto';
import { hostname as osHostname } from 'node:os';
import type { Database, SqlRunner } from '../db/database.ts';
import type { Logger } from '../http/logging.ts';
import { nextRunAfter, parseSchedule, type Schedule } from '../services/canary/schedule.ts';
import {
  DEFAULT_RETENTION,
  JOB_ACTOR,
  type JobContext,
  type JobDefinition,
  type JobResource,
} from './definition.ts';
import {
  applyRetention,
  closeAbandonedRuns,
  failInterruptedRuns,
  recordEnd,
  recordStart,
  type FinishedRun,
  type JobRecordKey,
} from './history.ts';

export interface JobSchedulerOptions {
  db: Database;
  log: Logger;
  /** This instance's name on the leases it holds (default: a fresh one per scheduler). */
  holder?: string;
  /** job_history.hostname (default: the machine's). */
  hostname?: string;
  /** How often due jobs are looked for (default 1 s). */
  tickMillis?: number;
  /** How often RUNNING rows of expired leases are closed as FAILED (default 30 s). */
  sweepMillis?: number;
  /**
   * This process alone uses the database (PGlite owns its data directory): at start every lease is
   * a dead process's, so runs it left RUNNING are closed and its jobs run without waiting.
   */
  exclusive?: boolean;
}

/** One run the scheduler made (tick's answer). */
export interface JobRunOutcome {
  name: string;
  resourceId?: string;
  status: FinishedRun['status'];
}

const DEFAULT_LEASE_MILLIS = 300_000;
const DEFAULT_SCAN_MILLIS = 5_000;

interface Due {
  definition: JobDefinition;
  leaseName: string;
  schedule: Schedule | undefined;
  resource?: { type: string; id: string };
}

/**
 * Runs every module's JobDefinitions: on schedule, under a lease in opsdeck.scheduler_leases when
 * the job has one (the row's last_run decides when it is due, so instances sharing one database run
 * it once per due time), recording each run in job_history (RUNNING at start, then SUCCESS, WARNING
 * or FAILED with the counts and details the run reported) and trimming the job's rows to its
 * retention. A run whose instance died stays RUNNING until its lease expires; the instance that
 * takes the lease over (or the periodic sweep) closes it as FAILED.
 */
export class JobScheduler {
  readonly holder: string;
  private readonly hostname: string;
  private readonly nextDue = new Map<string, number>();
  private readonly lastScan = new Map<string, number>();
  private readonly resources = new Map<string, readonly JobResource[]>();
  private readonly inFlight = new Map<string, Promise<JobRunOutcome | undefined>>();
  private readonly stopping = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private scanning: Promise<Promise<JobRunOutcome | undefined>[]> | undefined;
  private readonly running = new Map<string, number>();
  private lastSweep = 0;
  private started = false;
  private starting: Promise<void> | undefined;

  constructor(
    readonly jobs: readonly JobDefinition[],
    private readonly options: JobSchedulerOptions,
  ) {
    this.holder = options.holder ?? `opsdeck-${randomUUID()}`;
    this.hostname = options.hostname ?? osHostname();
    const names = new Set<string>();
    for (const job of jobs) {
      if (names.has(job.name)) throw new Error(`two jobs are named ${job.name}`);
      names.add(job.name);
      if (job.schedule !== undefined && !parseSchedule(job.schedule))
        throw new Error(
          `job ${job.name}: cannot read its schedule ${JSON.stringify(job.schedule)}`,
        );
    }
  }

  /** Starts the timer; the first pass starts at once (stopping right after still lets it run). */
  start(): void {
    if (this.started) return;
    this.started = true;
    const beginTimer = () => {
      if (this.stopping.signal.aborted) return;
      this.timer = setInterval(() => void this.startDue(), this.options.tickMillis ?? 1000);
      this.timer.unref();
    };
    if (!this.options.exclusive) {
      void this.startDue();
      beginTimer();
      return;
    }
    this.starting = this.takeOverAll().then(() => {
      if (this.stopping.signal.aborted) return;
      void this.startDue();
      beginTimer();
    });
  }

  /**
   * A table was written: every per-resource job that lists its resources from it reads them again
   * at its next pass (`forEach.rescanOn`), so a new resource starts and a removed one stops.
   */
  tableWritten(table: string): void {
    for (const job of this.jobs)
      if (job.forEach?.rescanOn?.includes(table)) this.lastScan.delete(job.name);
  }

  /** Stops looking for due jobs, tells runs in flight to stop, waits for them, then each job's stop. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.stopping.abort('the server is stopping');
    await this.starting;
    await this.scanning;
    await Promise.allSettled([...this.inFlight.values()]);
    for (const job of [...this.jobs].reverse())
      await job.stop?.().catch((error: unknown) =>
        this.options.log({
          level: 'error',
          msg: 'stopping a job failed',
          job: job.name,
          error: (error as Error).message,
        }),
      );
  }

  /**
   * One pass, for tests: starts every due job (and per-resource run) not already running here and
   * answers once those it started have ended.
   */
  async tick(): Promise<JobRunOutcome[]> {
    const started = await this.startDue();
    const outcomes = await Promise.all(started);
    return outcomes.filter((outcome): outcome is JobRunOutcome => outcome !== undefined);
  }

  /** Starts what is due without waiting for it (the timer's pass): a long run delays no other job. */
  private startDue(): Promise<Promise<JobRunOutcome | undefined>[]> {
    if (this.scanning) return Promise.resolve([]);
    this.scanning = this.scan()
      .catch((error: unknown) => {
        this.options.log({
          level: 'error',
          msg: 'job scheduler pass failed',
          error: (error as Error).message,
        });
        return [];
      })
      .finally(() => {
        this.scanning = undefined;
      });
    return this.scanning;
  }

  private async scan(): Promise<Promise<JobRunOutcome | undefined>[]> {
    const now = Date.now();
    if (now - this.lastSweep >= (this.options.sweepMillis ?? 30_000)) {
      this.lastSweep = now;
      await this.sweep();
    }
    const started: Promise<JobRunOutcome | undefined>[] = [];
    for (const definition of this.jobs) {
      const limit = definition.forEach?.concurrency ?? 4;
      for (const due of await this.dueRuns(definition, now)) {
        const key = this.key(due);
        if (this.inFlight.has(key)) continue;
        if ((this.running.get(definition.name) ?? 0) >= limit) break;
        this.running.set(definition.name, (this.running.get(definition.name) ?? 0) + 1);
        const run = this.runLeased(due)
          .catch((error: unknown) => {
            this.options.log({
              level: 'error',
              msg: 'job failed in the scheduler',
              job: definition.name,
              resource_id: due.resource?.id,
              error: (error as Error).message,
            });
            return undefined;
          })
          .finally(() => {
            this.inFlight.delete(key);
            this.running.set(definition.name, (this.running.get(definition.name) ?? 1) - 1);
          });
        this.inFlight.set(key, run);
        started.push(run);
      }
    }
    return started;
  }

  /** The runs of one job that look due by what this instance knows (the lease row decides). */
  private async dueRuns(definition: JobDefinition, now: number): Promise<Due[]> {
    const leaseKey = definition.leaseKey ?? `job:${definition.name}`;
    if (!definition.forEach) {
      const due: Due = {
        definition,
        leaseName: leaseKey,
        schedule:
          definition.schedule === undefined ? undefined : parseSchedule(definition.schedule),
      };
      const at = this.nextDue.get(this.key(due)) ?? 0;
      return at <= now ? [due] : [];
    }
    const { forEach } = definition;
    const scanned = this.lastScan.get(definition.name) ?? 0;
    if (
      !this.resources.has(definition.name) ||
      now - scanned >= (forEach.scanMillis ?? DEFAULT_SCAN_MILLIS)
    ) {
      this.lastScan.set(definition.name, now);
      this.resources.set(definition.name, await forEach.list(this.options.db));
    }
    const runs: Due[] = [];
    for (const resource of this.resources.get(definition.name) ?? []) {
      const schedule = parseSchedule(resource.schedule);
      if (!schedule) continue;
      const due: Due = {
        definition,
        leaseName: `${leaseKey}:${resource.id}`,
        schedule,
        resource: { type: forEach.resourceType, id: resource.id },
      };
      if ((this.nextDue.get(this.key(due)) ?? 0) <= now) runs.push(due);
    }
    return runs;
  }

  private key(due: Due): string {
    return due.resource ? `${due.definition.name}\u0000${due.resource.id}` : due.definition.name;
  }

  /** When this instance next looks at a job, after a run (or a look) at `from`. */
  private later(due: Due, from: Date): number {
    if (!due.schedule) return Number.POSITIVE_INFINITY;
    return nextRunAfter(due.schedule, from)?.getTime() ?? Number.POSITIVE_INFINITY;
  }

  private async runLeased(due: Due): Promise<JobRunOutcome | undefined> {
    const { definition } = due;
    const key = this.key(due);
    if (definition.lease === false) {
      const startedAt = new Date();
      this.nextDue.set(key, this.later(due, startedAt));
      return this.execute(due, { startedAt });
    }
    const leaseMillis = definition.lease?.millis ?? DEFAULT_LEASE_MILLIS;
    const lease = await this.acquire(due.leaseName, leaseMillis);
    if (!lease) {
      // Another instance runs it now: look again in a while (its last_run then says when).
      this.nextDue.set(key, Date.now() + Math.min(leaseMillis, DEFAULT_SCAN_MILLIS));
      return undefined;
    }
    const now = new Date(lease.now);
    const lastRun = lease.lastRun ? new Date(lease.lastRun) : undefined;
    // Another instance may have run it between our look and our lease: trust the row.
    // A job without a schedule runs once per start of each instance, whenever it last ran.
    const next = lastRun && due.schedule ? this.later(due, lastRun) : now.getTime();
    if (next > now.getTime()) {
      await this.release(due.leaseName, undefined);
      this.nextDue.set(key, next);
      return undefined;
    }
    if (lease.abandoned) await failInterruptedRuns(this.options.db, [lease.abandoned]);
    this.nextDue.set(key, this.later(due, now));
    return this.execute(due, { startedAt: now, leaseMillis });
  }

  /** Takes the lease when free or expired; answers its last_run, the run it held, and the db's now. */
  private async acquire(
    name: string,
    leaseMillis: number,
  ): Promise<{ lastRun: string | null; abandoned: string | null; now: string } | undefined> {
    const { rows } = await this.options.db.query<{
      last_run: string | null;
      history_id: string | null;
      now: string;
    }>(
      `INSERT INTO opsdeck.scheduler_leases (name, holder, expires_at)
       VALUES ($1, $2, now() + make_interval(secs => $3::double precision / 1000))
       ON CONFLICT (name) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at
       WHERE opsdeck.scheduler_leases.expires_at <= now()
       RETURNING last_run, history_id, now() AS now`,
      [name, this.holder, leaseMillis],
    );
    const row = rows[0];
    return row ? { lastRun: row.last_run, abandoned: row.history_id, now: row.now } : undefined;
  }

  private async release(name: string, lastRun: Date | undefined, tx: SqlRunner = this.options.db) {
    await tx.query(
      `UPDATE opsdeck.scheduler_leases
       SET expires_at = now(), history_id = NULL, last_run = COALESCE($3::timestamptz, last_run)
       WHERE name = $1 AND holder = $2`,
      [name, this.holder, lastRun?.toISOString() ?? null],
    );
  }

  private async execute(
    due: Due,
    at: { startedAt: Date; leaseMillis?: number },
  ): Promise<JobRunOutcome> {
    const { db, log } = this.options;
    const { definition } = due;
    const record: JobRecordKey = {
      name: definition.name,
      resourceType: due.resource?.type ?? null,
      resourceId: due.resource?.id ?? null,
    };
    const leased = at.leaseMillis !== undefined;
    const recordRunning = leased && definition.record !== 'busy';
    let historyId: string | undefined;
    if (recordRunning) {
      historyId = await db.transaction(async (tx) => {
        const id = await recordStart(tx, record, this.hostname);
        await tx.query(
          'UPDATE opsdeck.scheduler_leases SET history_id = $3 WHERE name = $1 AND holder = $2',
          [due.leaseName, this.holder, id],
        );
        return id;
      });
    }

    const lost = new AbortController();
    const signal = AbortSignal.any([lost.signal, this.stopping.signal]);
    const renewed = { at: Date.now() };
    const heartbeat = leased
      ? setInterval(
          () => void this.renew(due.leaseName, at.leaseMillis!, lost, renewed),
          Math.max(50, at.leaseMillis! / 3),
        )
      : undefined;
    heartbeat?.unref();

    let successCount = 0;
    const errors: string[] = [];
    const warnings: string[] = [];
    const extra: Record<string, unknown> = {};
    const context: JobContext = {
      name: definition.name,
      ...(due.resource ? { resource: due.resource } : {}),
      db,
      log,
      signal,
      transaction: (fn) =>
        db.transaction(async (tx) => {
          await tx.query("SELECT set_config('opsdeck.actor', $1, true)", [JOB_ACTOR]);
          return fn(tx);
        }),
      success: (count = 1) => {
        successCount += count;
      },
      error: (message) => {
        errors.push(message);
      },
      warn: (message) => {
        warnings.push(message);
      },
      detail: (name, value) => {
        extra[name] = value;
      },
    };
    let thrown: Error | undefined;
    try {
      await definition.run(context);
    } catch (error) {
      thrown = error instanceof Error ? error : new Error(String(error));
      errors.push(thrown.message);
    } finally {
      if (heartbeat) clearInterval(heartbeat);
    }
    const status: FinishedRun['status'] =
      thrown || (errors.length > 0 && successCount === 0)
        ? 'FAILED'
        : errors.length > 0 || warnings.length > 0
          ? 'WARNING'
          : 'SUCCESS';
    const finished: FinishedRun = {
      status,
      successCount,
      errorCount: errors.length,
      details: {
        ...extra,
        ...(errors.length > 0 ? { errors } : {}),
        ...(warnings.length > 0 ? { warnings } : {}),
      },
    };
    if (thrown)
      log({
        level: 'error',
        msg: 'job failed',
        job: definition.name,
        resource_id: record.resourceId,
        error: thrown.message,
      });
    if (lost.signal.aborted) {
      // Another instance may hold the lease (and will close our row as interrupted): write nothing.
      log({
        level: 'warn',
        msg: 'job lost its lease while running',
        job: definition.name,
        resource_id: record.resourceId,
      });
      return {
        name: definition.name,
        ...(record.resourceId ? { resourceId: record.resourceId } : {}),
        status: 'FAILED',
      };
    }
    const busy =
      thrown !== undefined || successCount > 0 || errors.length > 0 || warnings.length > 0;
    await db.transaction(async (tx) => {
      if (historyId) await recordEnd(tx, record, this.hostname, finished, { id: historyId });
      else if (definition.record !== 'busy' || busy)
        await recordEnd(tx, record, this.hostname, finished, { startedAt: at.startedAt });
      if (historyId || busy || definition.record !== 'busy')
        await applyRetention(tx, record, definition.retention ?? DEFAULT_RETENTION);
      if (leased) await this.release(due.leaseName, at.startedAt, tx);
    });
    return {
      name: definition.name,
      ...(record.resourceId ? { resourceId: record.resourceId } : {}),
      status,
    };
  }

  // Renews the lease while the run lasts; a lease another instance now holds aborts the run.
  private async renew(
    name: string,
    leaseMillis: number,
    lost: AbortController,
    renewed: { at: number },
  ): Promise<void> {
    if (lost.signal.aborted) return;
    try {
      const { rows } = await this.options.db.query(
        `UPDATE opsdeck.scheduler_leases
         SET expires_at = now() + make_interval(secs => $3::double precision / 1000)
         WHERE name = $1 AND holder = $2
         RETURNING name`,
        [name, this.holder, leaseMillis],
      );
      if (rows.length === 0) lost.abort('this instance lost the job’s lease');
      else renewed.at = Date.now();
    } catch (error) {
      // Unable to renew for a whole lease: another instance may have taken it over by now.
      if (Date.now() - renewed.at >= leaseMillis)
        lost.abort('the job’s lease could not be renewed');
      this.options.log({
        level: 'warn',
        msg: 'job lease renewal failed',
        lease: name,
        error: (error as Error).message,
      });
    }
  }

  /** Closes runs whose instance died (their lease ran out) as FAILED. */
  private async sweep(): Promise<void> {
    const closed = await this.options.db.transaction((tx) => closeAbandonedRuns(tx));
    if (closed > 0)
      this.options.log({
        level: 'warn',
        msg: 'interrupted job runs closed as failed',
        runs: closed,
      });
  }

  // Alone on the database: every lease is a dead process's, so free them all before the first pass.
  private async takeOverAll(): Promise<void> {
    try {
      await this.options.db.query(
        'UPDATE opsdeck.scheduler_leases SET expires_at = now() WHERE expires_at > now()',
      );
      this.lastSweep = Date.now();
      await this.sweep();
    } catch (error) {
      this.options.log({
        level: 'error',
        msg: 'taking over the job leases failed',
        error: (error as Error).message,
      });
    }
  }
}
