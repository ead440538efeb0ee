import { randomUUID } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, SqlRunner } from '../db/database.ts';
import { createApp } from '../http/app.ts';
import { silentLogger } from '../http/logging.ts';
import { CanaryScheduler } from '../services/canary/scheduler.ts';
import { defineService } from '../services/defineService.ts';
import { testDatabases } from '../testing/databases.ts';
import { defineJob, type JobDefinition } from './definition.ts';
import { INTERRUPTED_JOB, jobHistoryCleanupJob } from './history.ts';
import { JobScheduler } from './scheduler.ts';

interface HistoryRow {
  status: string;
  success_count: number;
  error_count: number;
  details: Record<string, unknown> | null;
  hostname: string | null;
  resource_type: string | null;
  resource_id: string | null;
  duration_millis: number | null;
  time_start: string | null;
  time_end: string | null;
}

const history = async (db: SqlRunner, name: string) =>
  (
    await db.query<HistoryRow>(
      `SELECT status, success_count, error_count, details, hostname, resource_type, resource_id,
              duration_millis, time_start, time_end
       FROM job_history WHERE name = $1 ORDER BY time_start, created_at`,
      [name],
    )
  ).rows;

const scheduler = (db: Database, jobs: JobDefinition[], holder: string = randomUUID()) =>
  new JobScheduler(jobs, { db, log: silentLogger, holder, hostname: 'test-host' });

const sleep = (millis: number) => new Promise((resolve) => setTimeout(resolve, millis));

async function until(condition: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + 10_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

/** The database as a process that died sees it: after cut(), nothing it sends arrives. */
function severable(db: Database) {
  let cut = false;
  const refuse = () => Promise.reject(new Error('connection lost'));
  const wrapped: Database = {
    engine: db.engine,
    query: (sql, params) => (cut ? refuse() : db.query(sql, params)),
    exec: (sql) => (cut ? refuse() : db.exec(sql)),
    transaction: (fn) => (cut ? refuse() : db.transaction(fn)),
    listen: (channel, handler) => (cut ? refuse() : db.listen(channel, handler)),
    close: async () => undefined,
  };
  return { db: wrapped, cut: () => (cut = true) };
}

describe.each(testDatabases())('jobs on $engine', (target) => {
  let db: Database;
  beforeAll(async () => {
    db = await target.open();
  });
  afterAll(() => target.release());

  // Issue 35: a saved resource runs at the next pass, not after the list's scan period.
  it('reads a per-resource list again when a table it names is written', async () => {
    const name = `rescan-${randomUUID()}`;
    const listed = [{ id: randomUUID(), schedule: '@every 1h' }];
    const ran: string[] = [];
    const jobs = scheduler(db, [
      defineJob({
        name,
        forEach: {
          resourceType: 'canary',
          list: async () => [...listed],
          scanMillis: 3_600_000,
          rescanOn: ['canaries'],
        },
        run: async ({ resource }) => {
          ran.push(resource!.id);
        },
      }),
    ]);
    await jobs.tick();
    expect(ran).toEqual([listed[0]!.id]);
    listed.push({ id: randomUUID(), schedule: '@every 1h' });
    await jobs.tick();
    jobs.tableWritten('checks_elsewhere');
    await jobs.tick();
    // Within the scan period and after a write to another table, the list is as it was read.
    expect(ran).toEqual([listed[0]!.id]);
    jobs.tableWritten('canaries');
    await jobs.tick();
    expect(ran).toEqual([listed[0]!.id, listed[1]!.id]);
    await jobs.stop();
  });

  it('records every run: SUCCESS with its counts, WARNING, and FAILED with the error in details', async () => {
    const name = `counts-${randomUUID()}`;
    let mode: 'ok' | 'partial' | 'throw' = 'ok';
    const job = defineJob({
      name,
      run: async (context) => {
        if (mode === 'throw') throw new Error('the upstream answered 502');
        context.success(5);
        context.detail('summary', { scraped: 5 });
        if (mode === 'partial') context.error('item 6: refused');
      },
    });
    for (const next of ['ok', 'partial', 'throw'] as const) {
      mode = next;
      // A job without a schedule runs once per start of each instance.
      expect(await scheduler(db, [job]).tick()).toEqual([
        { name, status: { ok: 'SUCCESS', partial: 'WARNING', throw: 'FAILED' }[next] },
      ]);
    }
    const rows = await history(db, name);
    expect(rows).toMatchObject([
      {
        status: 'SUCCESS',
        success_count: 5,
        error_count: 0,
        details: { summary: { scraped: 5 } },
        hostname: 'test-host',
        resource_type: null,
      },
      {
        status: 'WARNING',
        success_count: 5,
        error_count: 1,
        details: { summary: { scraped: 5 }, errors: ['item 6: refused'] },
      },
      {
        status: 'FAILED',
        success_count: 0,
        error_count: 1,
        details: { errors: ['the upstream answered 502'] },
      },
    ]);
    for (const row of rows) {
      expect(row.duration_millis).toBeGreaterThanOrEqual(0);
      expect(Date.parse(row.time_end!)).toBeGreaterThanOrEqual(Date.parse(row.time_start!));
    }
  });

  it('shows a run as RUNNING while it lasts', async () => {
    const name = `running-${randomUUID()}`;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const tick = scheduler(db, [defineJob({ name, run: () => gate })]).tick();
    await until(async () => (await history(db, name)).length === 1, 'the RUNNING row');
    expect(await history(db, name)).toMatchObject([{ status: 'RUNNING', time_end: null }]);
    release();
    await tick;
    expect(await history(db, name)).toMatchObject([{ status: 'SUCCESS' }]);
  });

  it('runs a leased job once per due time across two instances', async () => {
    const name = `leased-${randomUUID()}`;
    let runs = 0;
    let concurrent = 0;
    let most = 0;
    const job = defineJob({
      name,
      schedule: '@every 1m',
      run: async () => {
        runs += 1;
        most = Math.max(most, (concurrent += 1));
        await sleep(50);
        concurrent -= 1;
      },
    });
    const a = scheduler(db, [job], 'a');
    const b = scheduler(db, [job], 'b');
    const [ranA, ranB] = await Promise.all([a.tick(), b.tick()]);
    expect([...ranA, ...ranB]).toEqual([{ name, status: 'SUCCESS' }]);
    // A new instance (no memory of the run) reads the lease: not due again within the minute.
    expect(await scheduler(db, [job], 'c').tick()).toEqual([]);
    expect([...(await a.tick()), ...(await b.tick())]).toEqual([]);
    expect(runs).toBe(1);
    expect(most).toBe(1);
    expect(await history(db, name)).toMatchObject([{ status: 'SUCCESS' }]);
  });

  it('two app instances on one database run a module’s leased job once', async () => {
    const name = `app-${randomUUID()}`;
    let runs = 0;
    const service = defineService({
      name: 'worker',
      scheduledJobs: () => [
        defineJob({
          name,
          schedule: '@every 1h',
          run: async (context) => {
            runs += 1;
            context.success();
          },
        }),
      ],
    });
    const apps = [0, 1].map(() => createApp({ db, auth: 'disabled', services: [service] }));
    const jobs = apps.map((app) => app.startJobs());
    try {
      await until(async () => (await history(db, name)).length > 0, 'the run');
      await sleep(1500);
    } finally {
      for (const job of jobs) await job.stop();
    }
    expect(runs).toBe(1);
    expect(await history(db, name)).toMatchObject([{ status: 'SUCCESS', success_count: 1 }]);
  });

  it('a run whose instance died is recorded FAILED and is not run again until its lease expired', async () => {
    const name = `killed-${randomUUID()}`;
    let runs = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const job = defineJob({
      name,
      schedule: '@every 1h',
      lease: { millis: 600 },
      run: async (context) => {
        runs += 1;
        // The first run hangs until its instance is gone; the one that takes over finishes.
        if (runs === 1) await gate;
        context.success();
      },
    });
    const dying = severable(db);
    const a = new JobScheduler([job], { db: dying.db, log: silentLogger, holder: 'dying' });
    const first = a.tick();
    await until(async () => (await history(db, name)).length === 1, 'the first run');
    dying.cut();

    const b = scheduler(db, [job], 'survivor');
    // Its lease still holds: the survivor leaves it alone.
    expect(await b.tick()).toEqual([]);
    expect(runs).toBe(1);
    expect(await history(db, name)).toMatchObject([{ status: 'RUNNING' }]);

    await sleep(700);
    const survivor = scheduler(db, [job], 'survivor-2');
    expect(await survivor.tick()).toEqual([{ name, status: 'SUCCESS' }]);
    expect(runs).toBe(2);
    release();
    await first;
    expect(await history(db, name)).toMatchObject([
      { status: 'FAILED', error_count: 1, details: { errors: [INTERRUPTED_JOB] } },
      { status: 'SUCCESS', success_count: 1 },
    ]);
  });

  it('a start alone on its database closes what a killed process left RUNNING and runs the job', async () => {
    const name = `restart-${randomUUID()}`;
    let runs = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const job = defineJob({
      name,
      schedule: '@every 1h',
      run: async () => {
        runs += 1;
        if (runs === 1) await gate;
      },
    });
    const dying = severable(db);
    const first = new JobScheduler([job], { db: dying.db, log: silentLogger }).tick();
    await until(async () => (await history(db, name)).length === 1, 'the first run');
    dying.cut();
    // The next start (PGlite: the data directory is this process's) need not wait out the lease.
    const restarted = new JobScheduler([job], { db, log: silentLogger, exclusive: true });
    restarted.start();
    try {
      await until(async () => (await history(db, name)).length === 2, 'the run after restart');
      await until(
        async () => (await history(db, name)).every((row) => row.status !== 'RUNNING'),
        'the runs to end',
      );
    } finally {
      await restarted.stop();
      release();
      await first;
    }
    expect(runs).toBe(2);
    expect(await history(db, name)).toMatchObject([
      { status: 'FAILED', details: { errors: [INTERRUPTED_JOB] } },
      { status: 'SUCCESS' },
    ]);
  });

  it('keeps each job’s newest runs per status and resource (retention), and drops month-old rows', async () => {
    const name = `retention-${randomUUID()}`;
    let fail = false;
    const job = defineJob({
      name,
      retention: { success: 2, failed: 1 },
      run: async () => {
        if (fail) throw new Error('no');
      },
    });
    // Another resource's row of the same job name is not this job's to trim.
    await db.query(
      `INSERT INTO job_history (name, resource_id, status, time_start) VALUES ($1, 'other', 'SUCCESS', now())`,
      [name],
    );
    for (const next of [false, false, true, false, true, false, true]) {
      fail = next;
      await scheduler(db, [job]).tick();
    }
    const rows = await history(db, name);
    expect(rows.filter((row) => row.resource_id === null).map((row) => row.status)).toEqual([
      'SUCCESS',
      'SUCCESS',
      'FAILED',
    ]);
    expect(rows.filter((row) => row.resource_id === 'other')).toHaveLength(1);

    await db.query(
      `INSERT INTO job_history (name, status, time_start) VALUES ($1, 'SUCCESS', now() - interval '40 days')`,
      [`old-${name}`],
    );
    await scheduler(db, [jobHistoryCleanupJob()]).tick();
    expect(await history(db, `old-${name}`)).toEqual([]);
    expect(await history(db, name)).toHaveLength(4);
  });

  it('a busy-only job leaves no row for a run that did nothing', async () => {
    const name = `busy-${randomUUID()}`;
    let work = 0;
    const job = defineJob({
      name,
      lease: false,
      record: 'busy',
      run: async (context) => {
        if (work > 0) context.success(work);
      },
    });
    await scheduler(db, [job]).tick();
    expect(await history(db, name)).toEqual([]);
    work = 2;
    await scheduler(db, [job]).tick();
    expect(await history(db, name)).toMatchObject([{ status: 'SUCCESS', success_count: 2 }]);
  });

  it('records a canary’s run on the canary: passed checks as successes, failed ones as errors', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const open = createServer((socket) => socket.end());
    await new Promise<void>((resolve) => open.listen(0, '127.0.0.1', resolve));
    const openPort = (open.address() as AddressInfo).port;
    try {
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO canaries (name, schedule) VALUES ($1, '@every 1h') RETURNING id`,
        [`jobs-${randomUUID()}`],
      );
      const canary = rows[0]!.id;
      await db.query(
        `INSERT INTO checks (canary_id, type, name, spec) VALUES
           ($1, 'tcp', 'up', $2::jsonb), ($1, 'tcp', 'down', $3::jsonb)`,
        [
          canary,
          JSON.stringify({ endpoint: `127.0.0.1:${openPort}` }),
          JSON.stringify({ endpoint: `127.0.0.1:${closedPort}` }),
        ],
      );
      const ran = await new CanaryScheduler({ db, log: silentLogger }).tick();
      expect(ran).toContain(canary);
      const { rows: records } = await db.query<HistoryRow>(
        `SELECT status, success_count, error_count, details, resource_type
         FROM job_history WHERE name = 'Canary' AND resource_id = $1`,
        [canary],
      );
      expect(records).toMatchObject([
        {
          status: 'WARNING',
          success_count: 1,
          error_count: 1,
          resource_type: 'canary',
          details: { errors: [expect.stringMatching(/^down: /)] },
        },
      ]);
    } finally {
      await new Promise<void>((resolve) => open.close(() => resolve()));
    }
  });
});
