// `pnpm --filter @opsdeck/server bench`: seed time, summary latency at 1k/10k/50k checks and a poll
// load, the topology endpoint at 100 and 5000 components, then every request the catalog pages send
// at 1k and 100k configs, then playbooks (a run's start, 50 concurrent runs, the runs list at 1k and
// 100k runs), each next to a baseline measured in the same run so machines can be compared.
// BENCH_SIZES, BENCH_TOPOLOGY_SIZES, BENCH_CATALOG_SIZES and BENCH_PLAYBOOK_SIZES pick the sizes (an
// empty list skips that section): the catalog alone is
// `BENCH_SIZES= BENCH_TOPOLOGY_SIZES= BENCH_CATALOG_SIZES=1000,100000 BENCH_PLAYBOOK_SIZES= node dist/bench.js`.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApiClient, type ApiClient } from '@opsdeck/api-client';
import { listPlaybookRuns, type PlaybookRunsQuery } from '@opsdeck/api-client/playbooks';
import { PGliteDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { seedDemo } from '../db/seed/demo.ts';
import { createApp } from '../http/app.ts';
import { SERVICES } from '../services/list.ts';
import { catalogBenchCases, type CatalogBenchCase } from './catalogCases.ts';
import { jobHistorySection } from './jobHistoryBench.ts';
import { logsSection } from './logsBench.ts';
import { notificationsSection } from './notificationsBench.ts';
import { streamSection } from './streamBench.ts';

const POLL_SECONDS = Number(process.env.BENCH_POLL_SECONDS ?? 30);
const POLL_CLIENTS = 50;
const sizes = (text: string) => text.split(',').filter(Boolean).map(Number);
const SIZES = sizes(process.env.BENCH_SIZES ?? '1000,10000,50000');
const TOPOLOGY_SIZES = sizes(process.env.BENCH_TOPOLOGY_SIZES ?? '100,5000');
const CATALOG_SIZES = sizes(process.env.BENCH_CATALOG_SIZES ?? '1000,100000');
/** Generated runs the runs list is timed at; the first is the baseline. */
const PLAYBOOK_SIZES = sizes(process.env.BENCH_PLAYBOOK_SIZES ?? '1000,100000');
/** Runs started one after another to time POST /run → the first action running. */
const PLAYBOOK_STARTS = Number(process.env.BENCH_PLAYBOOK_STARTS ?? 20);
/** Runs posted at once (a three-action exec playbook each). */
const PLAYBOOK_CONCURRENT = Number(process.env.BENCH_PLAYBOOK_CONCURRENT ?? 50);

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
  return listening(app, fn);
}

/** `app` on a free 127.0.0.1 port while `fn` runs. */
async function listening<T>(
  app: { fetch: Parameters<typeof serve>[0]['fetch'] },
  fn: (url: string) => Promise<T>,
): Promise<T> {
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

/**
 * The app with the playbook runner's job started (as the CLI runs it), but no other module's: the
 * canary scheduler's checks would share the cores with the runs being timed.
 */
async function withRunner<T>(db: PGliteDatabase, fn: (url: string) => Promise<T>): Promise<T> {
  const services = SERVICES.map((service) =>
    service.name === 'playbooks' ? service : { ...service, jobs: undefined },
  );
  const app = createApp({ db, auth: 'disabled', services });
  const jobs = app.startJobs();
  try {
    return await listening(app, fn);
  } finally {
    await jobs.stop();
  }
}

const FINAL_RUN = new Set(['completed', 'failed', 'cancelled', 'timed_out']);
const BENCH_STEPS = ['one', 'two', 'three'];

async function startRun(url: string, playbookId: string): Promise<string> {
  const response = await fetch(`${url}/api/playbook/run`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ id: playbookId }),
  });
  const body = (await response.json()) as { run_id?: string; message?: string };
  if (response.status !== 201 || !body.run_id)
    throw new Error(`POST /api/playbook/run answered ${response.status}: ${body.message ?? ''}`);
  return body.run_id;
}

async function dbRows<T>(url: string, path: string): Promise<T[]> {
  const response = await fetch(`${url}/api/db/${path}`);
  if (response.status !== 200) throw new Error(`/api/db/${path} answered ${response.status}`);
  return (await response.json()) as T[];
}

/** Polls (as tightly as a request allows) until every run is final; false after `seconds`. */
async function untilFinal(url: string, runIds: string[], seconds: number): Promise<boolean> {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    const rows = await dbRows<{ status: string }>(
      url,
      `playbook_runs?select=status&id=in.(${runIds.join(',')})`,
    );
    if (rows.length === runIds.length && rows.every((row) => FINAL_RUN.has(row.status)))
      return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

/**
 * Playbooks (issue 15): how long POST /api/playbook/run takes to get its first action running on
 * an idle server; 50 runs of a three-action exec playbook posted at once, all of them completed,
 * none lost and no action run twice (each script reports its run and step to a ledger over HTTP, as
 * scripts run sandboxed with no file shared with the bench: every pair once); then the runs list as the console asks it (page of 50, estimated count, its embeds, through
 * @opsdeck/api-client) over --playbook-runs N generated runs.
 */
async function playbookSection(report: (line: string) => void) {
  const db = await PGliteDatabase.open();
  await migrate(db);
  await seedDemo(db, { checks: 30 });
  const ledger: string[] = [];
  const ledgerServer = createServer((request, response) => {
    ledger.push(decodeURIComponent((request.url ?? '').slice(1)));
    response.end();
  });
  await new Promise<void>((resolve) => ledgerServer.listen(0, '127.0.0.1', resolve));
  const ledgerPort = (ledgerServer.address() as AddressInfo).port;
  const spec = {
    title: 'Bench: three echo steps',
    category: 'Bench',
    actions: BENCH_STEPS.map((step) => ({
      name: step,
      // bash's /dev/tcp: one GET /<run> <step> to the ledger, then the same line on stdout.
      exec: {
        script: `{ exec 3<>/dev/tcp/127.0.0.1/${ledgerPort}; printf 'GET /%s%%20%s HTTP/1.0\\r\\n\\r\\n' {{.run.id}} ${step} >&3; cat <&3 >/dev/null; }; echo "{{.run.id}} ${step}"`,
      },
    })),
  };
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO playbooks (namespace, name, title, category, spec, source)
     VALUES ('default', 'bench-three-echo', $1, $2, $3::jsonb, 'UI') RETURNING id`,
    [spec.title, spec.category, JSON.stringify(spec)],
  );
  const playbookId = rows[0]!.id;
  try {
    await withRunner(db, async (url) => {
      // (a) One run at a time on an idle runner: POST → the first action's row is there (running,
      // or already done: echo is quick).
      const samples: number[] = [];
      const inServer: number[] = [];
      for (let n = -2; n < PLAYBOOK_STARTS; n += 1) {
        const started = performance.now();
        const runId = await startRun(url, playbookId);
        let took: number | undefined;
        while (took === undefined) {
          const actions = await dbRows<{ status: string }>(
            url,
            `playbook_run_actions?select=status&playbook_run_id=eq.${runId}&name=eq.one`,
          );
          if (actions.length > 0) took = performance.now() - started;
          else if (performance.now() - started > 30_000)
            throw new Error(`run ${runId} had no action running after 30 s`);
        }
        if (!(await untilFinal(url, [runId], 30))) throw new Error(`run ${runId} did not finish`);
        // The same span by the database's clock (created → first action started), without the
        // polling requests that share the one PGlite connection with the runner.
        const [run] = await dbRows<{ created_at: string }>(
          url,
          `playbook_runs?select=created_at&id=eq.${runId}`,
        );
        const [first] = await dbRows<{ start_time: string }>(
          url,
          `playbook_run_actions?select=start_time&playbook_run_id=eq.${runId}&name=eq.one`,
        );
        if (n >= 0) {
          samples.push(took);
          inServer.push(Date.parse(first!.start_time) - Date.parse(run!.created_at));
        }
      }
      report(
        `playbooks: POST /run → first action running, ${samples.length} runs one at a time: p50 ${ms(percentile(samples, 50))}, p95 ${ms(percentile(samples, 95))}` +
          ` as the client polls it; by the database's clock (created → started) p50 ${ms(percentile(inServer, 50))}, p95 ${ms(percentile(inServer, 95))}`,
      );

      // (b) Many at once.
      ledger.length = 0;
      const started = performance.now();
      const runIds = await Promise.all(
        Array.from({ length: PLAYBOOK_CONCURRENT }, () => startRun(url, playbookId)),
      );
      const finished = await untilFinal(url, runIds, 300);
      const total = performance.now() - started;
      const runs = await dbRows<{ id: string; status: string }>(
        url,
        `playbook_runs?select=id,status&id=in.(${runIds.join(',')})`,
      );
      const actions = await dbRows<{
        playbook_run_id: string;
        name: string;
        status: string;
        result: { stdout?: string } | null;
      }>(
        url,
        `playbook_run_actions?select=playbook_run_id,name,status,result&playbook_run_id=in.(${runIds.join(',')})`,
      );
      const lines = [...ledger];
      const expected = runIds.flatMap((id) => BENCH_STEPS.map((step) => `${id} ${step}`));
      const seen = new Map<string, number>();
      for (const line of lines) seen.set(line, (seen.get(line) ?? 0) + 1);
      const lost = runIds.filter(
        (id) => runs.find((run) => run.id === id)?.status !== 'completed',
      ).length;
      const twice = expected.filter((pair) => (seen.get(pair) ?? 0) > 1).length;
      const missing = expected.filter((pair) => !seen.has(pair)).length;
      const wrongRows = runIds.filter((id) => {
        const own = actions.filter((action) => action.playbook_run_id === id);
        return (
          own.length !== BENCH_STEPS.length ||
          own.some(
            (action) =>
              action.status !== 'completed' ||
              action.result?.stdout?.trim() !== `${id} ${action.name}`,
          )
        );
      }).length;
      const ok = finished && lost === 0 && twice === 0 && missing === 0 && wrongRows === 0;
      report(
        `playbooks: ${PLAYBOOK_CONCURRENT} concurrent runs x ${BENCH_STEPS.length} exec actions: ${ok ? 'all completed' : 'FAILED'}` +
          ` (${PLAYBOOK_CONCURRENT - lost} completed, ${lost} lost, ${twice} actions run twice, ${missing} actions never run, ${wrongRows} runs with wrong action rows)` +
          `, total ${(total / 1000).toFixed(1)} s, ${((PLAYBOOK_CONCURRENT * 1000) / total).toFixed(1)} runs/s, ${((expected.length * 1000) / total).toFixed(1)} actions/s`,
      );
      if (!ok) process.exitCode = 1;
    });
  } finally {
    await db.close();
    await new Promise((resolve) => ledgerServer.close(resolve));
  }

  // (c) The runs list over a generated history.
  const baseline: Record<string, number> = {};
  for (const size of PLAYBOOK_SIZES) {
    const listDb = await PGliteDatabase.open();
    await migrate(listDb);
    const seedMillis = await timed(() => seedDemo(listDb, { checks: 30, playbookRuns: size }));
    report(`playbooks: seed with ${size} generated runs: ${(seedMillis / 1000).toFixed(1)} s`);
    const { rows: books } = await listDb.query<{ id: string }>(
      'SELECT id FROM playbooks WHERE deleted_at IS NULL ORDER BY name LIMIT 1',
    );
    const { rows: configs } = await listDb.query<{ config_id: string }>(
      'SELECT config_id FROM playbook_runs WHERE config_id IS NOT NULL LIMIT 1',
    );
    const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString();
    const cases: [string, Partial<PlaybookRunsQuery>, string?][] = [
      ['runs list (page of 50, count)', {}, 'p95 <= 150 ms'],
      ['runs list, page 20', { pageIndex: 19 }],
      ['runs list, status failed', { status: 'failed' }],
      ['runs list, one playbook', { playbookId: books[0]!.id }],
      [
        'runs list, one config',
        configs[0] ? { resource: { kind: 'config', id: configs[0].config_id } } : {},
      ],
      ['runs list, last 7 days', { from: weekAgo, to: new Date().toISOString() }],
    ];
    await withServer(listDb, 0, undefined, async (url) => {
      // The reply read whole, apart from the client's parse of it (which the console pays too).
      let reply = 0;
      const client = createApiClient({
        baseUrl: `${url}/api`,
        fetch: async (input, init) => {
          const started = performance.now();
          const response = await fetch(input, init);
          const body = await response.arrayBuffer();
          reply = performance.now() - started;
          return new Response(body, response);
        },
      });
      for (const [name, query, target] of cases) {
        const samples: number[] = [];
        const replies: number[] = [];
        let total = 0;
        for (let run = -2; run < 30; run += 1) {
          const took = await timed(async () => {
            total = (await listPlaybookRuns(client, { pageIndex: 0, pageSize: 50, ...query }))
              .total;
          });
          if (run >= 0) {
            samples.push(took);
            replies.push(reply);
          }
        }
        const p50 = percentile(samples, 50);
        baseline[name] ??= p50;
        report(
          `playbooks ${name} at ${size} runs: p50 ${ms(p50)}, p95 ${ms(percentile(samples, 95))}, total ${total}` +
            ` (the reply alone p50 ${ms(percentile(replies, 50))}, p95 ${ms(percentile(replies, 95))})` +
            ` (x${(p50 / baseline[name]!).toFixed(1)} of the first size)` +
            (target ? ` (target ${target})` : ''),
        );
      }
    });
    await listDb.close();
  }
}

async function main() {
  const lines: string[] = [];
  const report = (line: string) => {
    lines.push(line);
    console.log(line);
  };
  report(`opsdeck-server bench — node ${process.version}, PGlite in memory`);
  // BENCH_ONLY=notifications runs that section alone (while working on it).
  if (process.env.BENCH_ONLY === 'notifications') return notificationsSection(report);
  if (process.env.BENCH_ONLY === 'job-history') return jobHistorySection(report);

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
  if (PLAYBOOK_SIZES.length > 0) await playbookSection(report);
  await logsSection(report);
  await notificationsSection(report);
  await streamSection(report);
  await jobHistorySection(report);
}

main().catch((error: Error) => {
  console.error(`bench failed: ${error.message}`);
  process.exit(1);
});
