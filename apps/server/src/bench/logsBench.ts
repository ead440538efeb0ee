// The logs section of `pnpm bench` (issue 34): POST /api/logs over the server's own log at
// BENCH_LOG_SIZES lines (default 10k and 1M; the first is the baseline), spread over the last
// 24 hours: the newest page, a level, a label and a text search over the whole day.
import { serve } from '@hono/node-server';
import { PGliteDatabase } from '../db/database.ts';
import { loadMigrations, migrate } from '../db/migrate.ts';
import { createApp } from '../http/app.ts';

const sizes = (text: string) => text.split(',').filter(Boolean).map(Number);
const LOG_SIZES = sizes(process.env.BENCH_LOG_SIZES ?? '10000,1000000');
const COMPONENT = '00000000-0000-4000-8000-00000000106d';
const TARGET_MILLIS = 300;

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

/** `lines` log lines over the last day, one in a thousand a refused payment, one in fifty a 500. */
async function fillServerLog(db: PGliteDatabase, lines: number): Promise<void> {
  // Written without the secondary indexes, then indexed as the migration does (as a day of a
  // running server would have left them): the bench times queries, not a million inserts.
  await db.exec(`DROP INDEX opsdeck.server_log_level_at; DROP INDEX opsdeck.server_log_labels;
    DROP INDEX IF EXISTS opsdeck.server_log_message_trgm`);
  const step = 86_400_000 / lines;
  const chunk = 200_000;
  for (let from = 1; from <= lines; from += chunk) {
    await db.query(
      `INSERT INTO opsdeck.server_log (at, level, message, labels, instance)
       SELECT now() - (g * $3::float8) * interval '1 millisecond',
              (ARRAY['info', 'info', 'info', 'warn', 'error'])[1 + g % 5],
              'request ' || (ARRAY['GET', 'POST'])[1 + g % 2] || ' /api/db/checks?id=' || g ||
                CASE WHEN g % 1000 = 0 THEN ' payment refused' ELSE '' END,
              jsonb_build_object('path', '/api/db/checks',
                                 'status', CASE WHEN g % 50 = 0 THEN '500' ELSE '200' END),
              'bench'
       FROM generate_series($1::int, $2::int) AS g`,
      [from, Math.min(lines, from + chunk - 1), step],
    );
  }
  const migration = (await loadMigrations()).find((m) => m.id === 'logs/001_logs.sql');
  if (!migration) throw new Error('the logs migration is missing');
  await db.exec(migration.sql);
  await db.query('ANALYZE opsdeck.server_log');
}

async function logsLatency(url: string, labels: Record<string, string>, runs = 10) {
  const samples: number[] = [];
  let total = 0;
  for (let run = -2; run < runs; run += 1) {
    const started = performance.now();
    const response = await fetch(`${url}/api/logs`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ id: COMPONENT, name: 'server', labels }),
    });
    const body = (await response.json()) as { total?: number; message?: string };
    if (response.status !== 200)
      throw new Error(`logs answered ${response.status}: ${body.message}`);
    total = body.total ?? 0;
    if (run >= 0) samples.push(performance.now() - started);
  }
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), total };
}

export async function logsSection(report: (line: string) => void): Promise<void> {
  const baseline: Record<string, number> = {};
  for (const lines of LOG_SIZES) {
    const db = await PGliteDatabase.open();
    await migrate(db);
    const started = performance.now();
    await fillServerLog(db, lines);
    report(
      `logs: ${lines} server log lines written in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    await db.query(
      `INSERT INTO components (id, name, type, log_selectors)
       VALUES ($1, 'bench server', 'Application', '[{"name": "server", "type": "opsdeck"}]')`,
      [COMPONENT],
    );
    const app = createApp({ db, auth: 'disabled', logs: { serverLogRows: lines + 100_000 } });
    const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const instance = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () =>
        resolve(instance),
      );
    });
    const address = server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    try {
      const cases: [string, Record<string, string>][] = [
        ['newest page (last hour)', {}],
        ['level error, last 24 h', { level: 'error', start: '24h' }],
        ['label status=500, last 24 h', { status: '500', start: '24h' }],
        ['text search, last 24 h', { text: 'payment refused', start: '24h' }],
      ];
      for (const [name, labels] of cases) {
        const latency = await logsLatency(url, labels);
        baseline[name] ??= latency.p50;
        report(
          `logs ${name} over ${lines} lines: p50 ${ms(latency.p50)}, p95 ${ms(latency.p95)}, total ${latency.total}` +
            ` (x${(latency.p50 / baseline[name]!).toFixed(1)} of the first size)` +
            (lines >= 1_000_000 ? ` (target <= ${TARGET_MILLIS} ms)` : ''),
        );
      }
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.close();
    }
  }
}
