// The job history section of `pnpm bench` (issue 37): BENCH_JOB_HISTORY_ROWS runs (default 100k)
// over the last 30 days across job names, statuses and resource types, and the page
// /settings/jobs asks for (listJobHistory of @opsdeck/api-client/admin, the console's own call:
// filters, order, 150 a page, count=exact), p50 and p95 over BENCH_JOB_HISTORY_RUNS runs, next to
// the unfiltered first page and a SELECT 1 round trip measured in the same run.
// Alone: `BENCH_ONLY=job-history node dist/bench.js`.
import { serve } from '@hono/node-server';
import { createApiClient, type ApiClient } from '@opsdeck/api-client';
import { listJobHistory, type JobHistoryQuery } from '@opsdeck/api-client/admin';
import { PGliteDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { createApp } from '../http/app.ts';

const ROWS = Number(process.env.BENCH_JOB_HISTORY_ROWS ?? 100_000);
const RUNS = Number(process.env.BENCH_JOB_HISTORY_RUNS ?? 50);
const TARGET_MILLIS = 150;
const DAY = 86_400_000;

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

/**
 * `rows` runs of twelve jobs over the last 30 days: per-resource jobs on canaries, topologies and
 * scrapers, mostly SUCCESS with some WARNING, FAILED and a few RUNNING, durations from 0.1 s to
 * about 20 min.
 */
async function fillJobHistory(db: PGliteDatabase, rows: number): Promise<void> {
  // Written without the change stream's and audit's triggers: the bench times the page, not 100k
  // recorded inserts.
  await db.exec('ALTER TABLE job_history DISABLE TRIGGER USER');
  const chunk = 50_000;
  for (let from = 1; from <= rows; from += chunk) {
    await db.query(
      `INSERT INTO job_history (name, resource_type, resource_id, status, success_count,
         error_count, duration_millis, time_start, time_end, created_at, details)
       SELECT (ARRAY['CanaryCheck', 'TopologyRun', 'ConfigScraper', 'SummaryRefresh',
                     'NotificationSend', 'PlaybookRunner', 'CleanupJobHistory', 'SyncCanaries',
                     'RefreshConfigCost', 'PushQueue', 'EventQueueConsumer', 'CheckStatusRollup'])[1 + g % 12],
              (ARRAY['canary', 'topology', 'config_scraper'])[1 + g % 3],
              'resource-' || (g % 400),
              CASE WHEN g % 97 = 0 THEN 'RUNNING' WHEN g % 13 = 0 THEN 'FAILED'
                   WHEN g % 7 = 0 THEN 'WARNING' ELSE 'SUCCESS' END,
              g % 50, CASE WHEN g % 13 = 0 THEN 1 + g % 5 ELSE 0 END,
              100 + (g * 7919) % 1200000,
              now() - (g * $3::float8) * interval '1 millisecond',
              now() - (g * $3::float8) * interval '1 millisecond' + interval '1 second',
              now() - (g * $3::float8) * interval '1 millisecond',
              CASE WHEN g % 13 = 0 THEN '{"errors": ["timed out"]}'::jsonb END
       FROM generate_series($1::int, $2::int) AS g`,
      [from, Math.min(rows, from + chunk - 1), (30 * DAY) / rows],
    );
  }
  await db.exec('ALTER TABLE job_history ENABLE TRIGGER USER');
  await db.query('ANALYZE job_history');
}

async function pageLatency(client: ApiClient, query: JobHistoryQuery) {
  const samples: number[] = [];
  let total = 0;
  for (let run = -3; run < RUNS; run += 1) {
    const started = performance.now();
    total = (await listJobHistory(client, query)).total;
    if (run >= 0) samples.push(performance.now() - started);
  }
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), total };
}

export async function jobHistorySection(report: (line: string) => void): Promise<void> {
  if (ROWS <= 0) return;
  const db = await PGliteDatabase.open();
  await migrate(db);
  const started = performance.now();
  await fillJobHistory(db, ROWS);
  report(
    `job history: ${ROWS} runs over 30 days written in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const rounds: number[] = [];
  for (let i = 0; i < 200; i += 1) {
    const at = performance.now();
    await db.query('SELECT 1');
    rounds.push(performance.now() - at);
  }
  const selectOne = percentile(rounds, 50);
  const app = createApp({ db, auth: 'disabled' });
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const instance = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () =>
      resolve(instance),
    );
  });
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const client = createApiClient({ baseUrl: `${url}/api` });
  const iso = (ago: number) => new Date(Date.now() - ago).toISOString();
  const page = { pageIndex: 0, pageSize: 150 };
  try {
    const first = await pageLatency(client, page);
    report(
      `job history unfiltered first page at ${ROWS} runs: p50 ${ms(first.p50)}, p95 ${ms(first.p95)}, total ${first.total} (baseline; SELECT 1 p50 ${ms(selectOne)})`,
    );
    const cases: [string, JobHistoryQuery][] = [
      [
        'the default page (status SUCCESS:-1, last 2 days)',
        { ...page, status: { include: [], exclude: ['SUCCESS'] }, from: iso(2 * DAY) },
      ],
      [
        'one job name, FAILED, last 7 days',
        {
          ...page,
          name: 'ConfigScraper',
          status: { include: ['FAILED'], exclude: [] },
          from: iso(7 * DAY),
        },
      ],
      [
        'resource type canary, duration >= 15 m, 30 days, page 3 by duration',
        {
          ...page,
          pageIndex: 2,
          resourceType: 'canary',
          minDurationMillis: 15 * 60_000,
          sortBy: 'duration_millis',
          sortOrder: 'desc',
          from: iso(30 * DAY),
        },
      ],
      [
        'name + resource type + status + duration >= 15 s + a day 10 days ago',
        {
          ...page,
          name: 'CanaryCheck',
          resourceType: 'canary',
          status: { include: ['SUCCESS', 'WARNING'], exclude: [] },
          minDurationMillis: 15_000,
          from: iso(11 * DAY),
          to: iso(10 * DAY),
        },
      ],
      ['page 20 of everything, oldest first', { ...page, pageIndex: 19, sortOrder: 'asc' }],
    ];
    const over: string[] = [];
    for (const [name, query] of cases) {
      const latency = await pageLatency(client, query);
      if (latency.p95 > TARGET_MILLIS) over.push(name);
      report(
        `job history ${name}: p50 ${ms(latency.p50)}, p95 ${ms(latency.p95)}, total ${latency.total}` +
          ` (x${(latency.p95 / first.p95).toFixed(2)} of the unfiltered page's p95, x${(latency.p50 / selectOne).toFixed(0)} of SELECT 1) (target p95 <= ${TARGET_MILLIS} ms)`,
      );
    }
    report(
      `job history at ${ROWS} runs: ${cases.length - over.length} of ${cases.length} filtered pages p95 <= ${TARGET_MILLIS} ms` +
        (over.length > 0 ? `; over: ${over.join('; ')}` : ''),
    );
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await db.close();
  }
}
