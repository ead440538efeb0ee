// `pnpm --filter @opsdeck/server bench`: seed time, summary latency at 1k/10k/50k checks and a poll
// load, the topology endpoint at 100 and 5000 components, then every request the catalog pages send
// at 1k and 100k configs, each next to a baseline measured in the same run so machines can be
// compared. BENCH_SIZES, BENCH_TOPOLOGY_SIZES and BENCH_CATALOG_SIZES pick the sizes (an empty list
// skips that section): the catalog alone is
// `BENCH_SIZES= BENCH_TOPOLOGY_SIZES= BENCH_CATALOG_SIZES=1000,100000 node dist/bench.js`.
import { serve } from '@hono/node-server';
import { createApiClient, type ApiClient } from '@opsdeck/api-client';
import { PGliteDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { seedDemo } from '../db/seed/demo.ts';
import { createApp } from '../http/app.ts';
import { catalogBenchCases, type CatalogBenchCase } from './catalogCases.ts';

const POLL_SECONDS = Number(process.env.BENCH_POLL_SECONDS ?? 30);
const POLL_CLIENTS = 50;
const sizes = (text: string) => text.split(',').filter(Boolean).map(Number);
const SIZES = sizes(process.env.BENCH_SIZES ?? '1000,10000,50000');
const TOPOLOGY_SIZES = sizes(process.env.BENCH_TOPOLOGY_SIZES ?? '100,5000');
const CATALOG_SIZES = sizes(process.env.BENCH_CATALOG_SIZES ?? '1000,100000');

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

/** summaryStaleMillis set: the summary is served from the refreshed table, as the CLI does. */
async function withServer<T>(
  db: PGliteDatabase,
  summaryCacheMillis: number,
  summaryStaleMillis: number | undefined,
  fn: (url: string) => Promise<T>,
): Promise<T> {
  const app = createApp({ db, auth: 'disabled', summaryCacheMillis, summaryStaleMillis });
  const { server, url } = await new Promise<{ server: ReturnType<typeof serve>; url: string }>(
    (resolve) => {
      const instance = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
        resolve({ server: instance, url: `http://127.0.0.1:${info.port}` }),
      );
    },
  );
  try {
    return await fn(url);
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** What a console list page asks /api/db for: one page, an embed, and the exact count. */
async function listLatency(
  url: string,
  runs: number,
): Promise<{ p50: number; p99: number; total: string }> {
  const query =
    '/api/db/checks?select=id,name,status,type,canary:canaries(id,name)&deleted_at=is.null&order=name.asc&limit=50&offset=100';
  const samples: number[] = [];
  let total = '';
  for (let run = 0; run < runs; run += 1) {
    samples.push(
      await timed(async () => {
        const response = await fetch(`${url}${query}`, { headers: { Prefer: 'count=exact' } });
        await response.arrayBuffer();
        if (response.status !== 200 && response.status !== 206)
          throw new Error(`list query answered ${response.status}`);
        total = response.headers.get('content-range')?.split('/')[1] ?? '';
      }),
    );
  }
  return { p50: percentile(samples, 50), p99: percentile(samples, 99), total };
}

async function summaryLatency(
  url: string,
  runs: number,
): Promise<{ p50: number; p99: number; bytes: number }> {
  const samples: number[] = [];
  let bytes = 0;
  for (let i = 0; i < runs; i += 1) {
    samples.push(
      await timed(async () => {
        const response = await fetch(`${url}/api/canary/api/summary`);
        bytes = (await response.arrayBuffer()).byteLength;
        if (response.status !== 200) throw new Error(`summary answered ${response.status}`);
      }),
    );
  }
  return { p50: percentile(samples, 50), p99: percentile(samples, 99), bytes };
}

async function pollLoad(url: string): Promise<{ requests: number; errors: number; p99: number }> {
  const deadline = Date.now() + POLL_SECONDS * 1000;
  const samples: number[] = [];
  let errors = 0;
  await Promise.all(
    Array.from({ length: POLL_CLIENTS }, async () => {
      while (Date.now() < deadline) {
        try {
          samples.push(
            await timed(async () => {
              const response = await fetch(`${url}/api/canary/api/summary`);
              await response.arrayBuffer();
              if (response.status !== 200) errors += 1;
            }),
          );
        } catch {
          errors += 1;
        }
      }
    }),
  );
  return { requests: samples.length, errors, p99: percentile(samples, 99) };
}

async function seeded(checks: number): Promise<{ db: PGliteDatabase; seedMillis: number }> {
  const db = await PGliteDatabase.open();
  await migrate(db);
  const seedMillis = await timed(() => seedDemo(db, { checks }));
  return { db, seedMillis };
}

/** p50 and p99 of one topology request (the reply read whole), after two warm-up runs. */
async function topologyLatency(url: string, query: string, runs = 20) {
  const samples: number[] = [];
  let count = 0;
  for (let run = -2; run < runs; run += 1) {
    const took = await timed(async () => {
      const response = await fetch(`${url}/api/canary/api/topology?${query}`);
      if (response.status !== 200) throw new Error(`topology answered ${response.status}`);
      const body = (await response.json()) as { components: { components: unknown[] }[] };
      count =
        body.components.length === 1
          ? body.components[0]!.components.length
          : body.components.length;
    });
    if (run >= 0) samples.push(took);
  }
  return { p50: percentile(samples, 50), p99: percentile(samples, 99), count };
}

/**
 * What the dashboard asks the server for (issue 13): the index (cards and their child rows), a type
 * filter (flattened), and the biggest group of the generated topology (~500 children at 5000).
 */
async function topologySection(report: (line: string) => void) {
  const baseline: Record<string, number> = {};
  for (const components of TOPOLOGY_SIZES) {
    const db = await PGliteDatabase.open();
    await migrate(db);
    const seedMillis = await timed(() => seedDemo(db, { checks: 120, components }));
    report(
      `topology: seed with ${components} generated components: ${(seedMillis / 1000).toFixed(1)} s`,
    );
    await withServer(db, 0, undefined, async (url) => {
      const tree = (await (
        await fetch(`${url}/api/canary/api/topology?depth=2&sortBy=name`)
      ).json()) as {
        components: { name: string; components: { id: string }[] }[];
      };
      const group = tree.components.find((node) => node.name === 'bench-estate')?.components[0]?.id;
      const cases: [string, string][] = [
        ['index (depth 2, status desc)', 'depth=2&sortBy=status&sortOrder=desc'],
        ['type filter (pods, flattened)', 'type=KubernetesPod&flatten=true&depth=2'],
        ...(group ? [['open a group (depth 3)', `id=${group}&depth=3`] as [string, string]] : []),
      ];
      for (const [name, query] of cases) {
        const latency = await topologyLatency(url, query);
        baseline[name] ??= latency.p50;
        report(
          `topology ${name} at ${components} components: p50 ${ms(latency.p50)}, p99 ${ms(latency.p99)}, ${latency.count} cards` +
            ` (x${(latency.p50 / baseline[name]!).toFixed(1)} of the first size)`,
        );
      }
    });
    await db.close();
  }
}

/** p50 and p95 of one catalog request through the console's api-client call, after two warm-ups. */
async function catalogLatency(client: ApiClient, benchCase: CatalogBenchCase, runs = 30) {
  const samples: number[] = [];
  let total: number | undefined;
  for (let run = -2; run < runs; run += 1) {
    const started = performance.now();
    total = await benchCase.run(client);
    if (run >= 0) samples.push(performance.now() - started);
  }
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), total };
}

/**
 * The catalog pages' requests (issue 16) over a generated catalog (--configs N, two changes per
 * config): each request the console sends (src/bench/catalogCases.ts, through the same api-client
 * calls), its p50 and p95, and its ratio to the same request at the first size. Target: every
 * request p95 <= 150 ms at 100k configs.
 */
async function catalogSection(report: (line: string) => void) {
  const baseline: Record<string, number> = {};
  const target = 150;
  for (const configs of CATALOG_SIZES) {
    const db = await PGliteDatabase.open();
    await migrate(db);
    const seedMillis = await timed(() => seedDemo(db, { checks: 30, configs }));
    const { rows } = await db.query<{ id: string; change: string }>(
      `SELECT ci.id, (SELECT cc.id FROM config_changes cc
                      WHERE cc.config_id = ci.id AND cc.diff IS NOT NULL LIMIT 1) AS change
       FROM config_items ci WHERE ci.type = 'Kubernetes::Deployment' ORDER BY ci.name LIMIT 1`,
    );
    const { rows: counted } = await db.query<{ changes: number }>(
      'SELECT count(*)::int AS changes FROM config_changes',
    );
    report(
      `catalog: seed with ${configs} generated configs (${counted[0]!.changes} changes): ${(seedMillis / 1000).toFixed(1)} s`,
    );
    const over: string[] = [];
    await withServer(db, 0, undefined, async (url) => {
      const client = createApiClient({ baseUrl: `${url}/api` });
      const cases = catalogBenchCases({ configId: rows[0]!.id, changeId: rows[0]!.change });
      for (const benchCase of cases) {
        const name = `${benchCase.page}: ${benchCase.name}`;
        const latency = await catalogLatency(client, benchCase);
        baseline[name] ??= latency.p50;
        if (latency.p95 > target) over.push(name);
        report(
          `catalog ${name} at ${configs} configs: p50 ${ms(latency.p50)}, p95 ${ms(latency.p95)}` +
            (latency.total === undefined ? '' : `, total ${latency.total}`) +
            ` (x${(latency.p50 / baseline[name]!).toFixed(1)} of the first size)`,
        );
      }
      report(
        `catalog at ${configs} configs: ${cases.length - over.length} of ${cases.length} requests p95 <= ${target} ms` +
          (over.length > 0 ? `; over: ${over.join('; ')}` : ''),
      );
    });
    await db.close();
  }
}

async function main() {
  const lines: string[] = [];
  const report = (line: string) => {
    lines.push(line);
    console.log(line);
  };
  report(`opsdeck-server bench — node ${process.version}, PGlite in memory`);

  const baselineDb = await PGliteDatabase.open();
  const rounds: number[] = [];
  for (let i = 0; i < 500; i += 1) rounds.push(await timed(() => baselineDb.query('SELECT 1')));
  await baselineDb.close();
  const selectOne = percentile(rounds, 50);
  report(`baseline: SELECT 1 round trip p50 ${ms(selectOne)}`);

  let summaryBaseline: number | undefined;
  for (const size of SIZES) {
    const { db, seedMillis } = await seeded(size);
    report(
      `seed ${size} checks: ${(seedMillis / 1000).toFixed(1)} s${size === 10_000 ? ' (target < 60 s)' : ''}`,
    );
    // The real cost of one computation from check_summary (what every refresh of the table pays).
    let live = { p50: 0, p99: 0, bytes: 0 };
    await withServer(db, 0, undefined, async (url) => {
      await summaryLatency(url, 2);
      live = await summaryLatency(url, size >= 50_000 ? 5 : 20);
      report(
        `summary computed live at ${size} checks: p50 ${ms(live.p50)}, p99 ${ms(live.p99)}, ${(live.bytes / 1e6).toFixed(1)} MB (x${(live.p50 / selectOne).toFixed(0)} of SELECT 1)`,
      );
    });
    // As served by the CLI: from the refreshed opsdeck.summary_rows (no 5 s reply cache here).
    await withServer(db, 0, 30_000, async (url) => {
      await summaryLatency(url, 2);
      const latency = await summaryLatency(url, size >= 50_000 ? 10 : 30);
      summaryBaseline ??= latency.p50;
      report(
        `summary at ${size} checks, served from the refreshed table: p50 ${ms(latency.p50)}, p99 ${ms(latency.p99)}` +
          ` (x${(latency.p50 / summaryBaseline).toFixed(1)} of the first size, x${(latency.p50 / live.p50).toFixed(2)} of computing it live, x${(latency.p50 / selectOne).toFixed(0)} of SELECT 1)` +
          (size === 10_000 ? ' (target p50 <= 250 ms)' : ''),
      );
      const list = await listLatency(url, 30);
      report(
        `list query at ${size} checks (checks page of 50 with canary embed, count=exact): p50 ${ms(list.p50)}, p99 ${ms(list.p99)}, total ${list.total}` +
          ` (x${(list.p50 / selectOne).toFixed(0)} of SELECT 1)`,
      );
      if (size === 10_000) {
        const load = await pollLoad(url);
        report(
          `poll, refreshed table without the reply cache: ${POLL_CLIENTS} clients x ${POLL_SECONDS} s on 10000 checks: ${load.requests} requests, ${load.errors} errors, p99 ${ms(load.p99)}` +
            ` (x${(load.p99 / latency.p50).toFixed(1)} of one summary)`,
        );
        // Exactly as the CLI runs: the table plus a 5 s reply cache shared by concurrent pollers.
        await withServer(db, 5000, 30_000, async (cachedUrl) => {
          const cached = await pollLoad(cachedUrl);
          report(
            `poll, as the CLI runs (table + 5 s reply cache): ${cached.requests} requests, ${cached.errors} errors, p99 ${ms(cached.p99)}` +
              ` (x${(cached.p99 / latency.p50).toFixed(1)} of one summary)`,
          );
        });
      }
    });
    await db.close();
  }
  await topologySection(report);
  await catalogSection(report);
}

main().catch((error: Error) => {
  console.error(`bench failed: ${error.message}`);
  process.exit(1);
});
