import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/database.ts';
import type { Logger } from '../../http/logging.ts';
import { recordResult, runCheck, type CheckDefinition } from './runner.ts';
import { nextRunAfter, parseSchedule } from './schedule.ts';

export interface SchedulerOptions {
  db: Database;
  log: Logger;
  /** How often due canaries are looked for (default 5 s). */
  tickMillis?: number;
  /** How long a lease holds when its holder dies mid-run (default 5 min). */
  leaseMillis?: number;
  /** Identifies this instance in the lease rows. */
  holder?: string;
}

interface ScheduledCanary {
  id: string;
  name: string;
  schedule: string;
}

/**
 * Runs canaries that carry a schedule. Before running one, an instance takes its row in
 * opsdeck.scheduler_leases (only if free or expired); the row's last_run decides when it is due, so
 * several instances on one Postgres run each canary once per period.
 */
export class CanaryScheduler {
  readonly holder: string;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(private readonly options: SchedulerOptions) {
    this.holder = options.holder ?? `opsdeck-${randomUUID()}`;
  }

  start() {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.options.tickMillis ?? 5000);
    this.timer.unref();
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** One pass: run every due canary whose lease this instance gets. Returns the canaries it ran. */
  tick(): Promise<string[]> {
    if (this.running) return Promise.resolve([]);
    const pass = this.runDue().catch((error: Error) => {
      this.options.log({ level: 'error', msg: 'scheduler tick failed', error: error.message });
      return [] as string[];
    });
    this.running = pass.then(() => undefined);
    return pass.finally(() => {
      this.running = undefined;
    });
  }

  private async runDue(): Promise<string[]> {
    const { db } = this.options;
    const { rows } = await db.query<ScheduledCanary & { last_run: string | null }>(
      `SELECT c.id, c.name, COALESCE(NULLIF(c.schedule, ''), c.spec->>'schedule') AS schedule, l.last_run
       FROM canaries c LEFT JOIN opsdeck.scheduler_leases l ON l.name = 'canary:' || c.id
       WHERE c.deleted_at IS NULL AND COALESCE(NULLIF(c.schedule, ''), c.spec->>'schedule', '') <> ''`,
    );
    const ran: string[] = [];
    const now = new Date();
    for (const canary of rows) {
      const schedule = parseSchedule(canary.schedule);
      if (!schedule) continue;
      const next = canary.last_run ? nextRunAfter(schedule, new Date(canary.last_run)) : now;
      if (!next || next > now) continue;
      const lease = await this.acquire(`canary:${canary.id}`);
      if (!lease) continue;
      // Another instance may have run it between our read and our lease: trust the row, not the read.
      const stillDue = lease.lastRun ? nextRunAfter(schedule, new Date(lease.lastRun)) : now;
      if (!stillDue || stillDue > now) {
        await db.query(
          'UPDATE opsdeck.scheduler_leases SET expires_at = now() WHERE name = $1 AND holder = $2',
          [`canary:${canary.id}`, this.holder],
        );
        continue;
      }
      try {
        await this.runCanary(canary);
        ran.push(canary.id);
      } finally {
        await db.query(
          `UPDATE opsdeck.scheduler_leases SET last_run = $3, expires_at = now() WHERE name = $1 AND holder = $2`,
          [`canary:${canary.id}`, this.holder, now.toISOString()],
        );
      }
    }
    return ran;
  }

  /** Takes the lease when free or expired; answers the stored last_run. */
  private async acquire(name: string): Promise<{ lastRun: string | null } | undefined> {
    const lease = `${this.options.leaseMillis ?? 300_000} milliseconds`;
    const { rows } = await this.options.db.query<{ last_run: string | null }>(
      `INSERT INTO opsdeck.scheduler_leases (name, holder, expires_at) VALUES ($1, $2, now() + $3::interval)
       ON CONFLICT (name) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at
       WHERE opsdeck.scheduler_leases.expires_at <= now()
       RETURNING last_run`,
      [name, this.holder, lease],
    );
    const row = rows[0];
    return row ? { lastRun: row.last_run } : undefined;
  }

  private async runCanary(canary: ScheduledCanary) {
    const { db, log } = this.options;
    const { rows: checks } = await db.query<CheckDefinition>(
      'SELECT id, name, type, spec FROM checks WHERE canary_id = $1 AND deleted_at IS NULL',
      [canary.id],
    );
    for (const check of checks) {
      const result = await runCheck(check);
      await recordResult(db, check.id, result);
      log({
        msg: 'check run',
        canary: canary.name,
        check: check.name,
        pass: result.pass,
        invalid: result.invalid,
        duration_ms: result.duration,
      });
    }
  }
}
