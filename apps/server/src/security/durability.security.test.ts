import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DATA_DIR_LOCK_FILE } from '../db/dataDirLock.ts';
import { PostgresDatabase } from '../db/database.ts';
import { DEFAULT_DEMO_PASSWORD, DEMO_ROLES } from '../db/seed/demo.ts';
import { migratedDataDir, testDatabaseUrl } from '../testing/databases.ts';
import { bundleForTest } from '../testing/bundle.ts';

// Issue 17, durability: the CLI as users run it (bundled, spawned, killed with SIGKILL), on PGlite and
// on the test PostgreSQL.

let buildDir = '';
let scratchDir = '';
const running = new Set<ChildProcess>();
const databases: string[] = [];
const postgresUrl = testDatabaseUrl();

// One bundle for the whole file, built like cli.test.ts builds its own: under node_modules so it
// resolves the package's dependencies.
beforeAll(() => {
  buildDir = bundleForTest('src/cli.ts', 'durability-test');
  scratchDir = mkdtempSync(join(tmpdir(), 'opsdeck-durability-'));
}, 120_000);

afterEach(() => {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
});

afterAll(async () => {
  rmSync(buildDir, { recursive: true, force: true });
  rmSync(scratchDir, { recursive: true, force: true });
  if (!postgresUrl || databases.length === 0) return;
  const admin = await PostgresDatabase.open({ url: postgresUrl, max: 1 });
  try {
    for (const name of databases) await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await admin.close();
  }
});

interface ServerProcess {
  pid: number;
  stderr(): string;
  /** Resolves with the first log line whose msg is `msg`; rejects if the process exits first. */
  logged(msg: string): Promise<Record<string, unknown>>;
  logs(msg: string): Record<string, unknown>[];
  /** Every log line so far. */
  allLogs(): Record<string, unknown>[];
  url(): Promise<string>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill9(): Promise<void>;
}

function launch(args: string[]): ServerProcess {
  const child = spawn(process.execPath, [join(buildDir, 'cli.js'), '--port', '0', ...args], {
    env: { PATH: process.env.PATH },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  const lines: Record<string, unknown>[] = [];
  const waiters: { msg: string; resolve: (line: Record<string, unknown>) => void }[] = [];
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  createInterface({ input: child.stdout! }).on('line', (text) => {
    let line: Record<string, unknown>;
    try {
      line = JSON.parse(text) as Record<string, unknown>;
    } catch {
      return;
    }
    lines.push(line);
    for (const waiter of waiters.filter((w) => w.msg === line.msg)) waiter.resolve(line);
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    }),
  );
  const logged = (msg: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const seen = lines.find((line) => line.msg === msg);
      if (seen) return resolve(seen);
      waiters.push({ msg, resolve });
      void exited.then(({ code, signal }) =>
        reject(new Error(`server exited (${code ?? signal}) before "${msg}": ${stderr.trim()}`)),
      );
    });
  return {
    pid: child.pid!,
    stderr: () => stderr,
    logged,
    logs: (msg) => lines.filter((line) => line.msg === msg),
    allLogs: () => [...lines],
    url: async () => String((await logged('listening')).url),
    exited,
    async kill9() {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

function basic(email: string, password = DEFAULT_DEMO_PASSWORD) {
  return { authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}` };
}

async function rowCount(url: string, table: string): Promise<number> {
  const response = await fetch(`${url}/api/db/${table}?limit=1`, {
    headers: { ...basic('admin@local'), prefer: 'count=exact' },
  });
  expect(response.ok, `GET /api/db/${table}`).toBe(true);
  return Number(/\/(\d+)$/.exec(response.headers.get('content-range') ?? '')?.[1]);
}

// Written by the seed in this order after the checks: a kill between any two of them shows here.
const SEEDED_AFTER_CHECKS = [
  'check_statuses',
  'config_items',
  'incidents',
  'playbook_runs',
  'notification_send_history',
  'logging_backends',
];

/** The sign-in form's flow as a browser runs it: fetch the flow, post the password, ask who am I. */
async function formSignIn(url: string, email: string): Promise<string | undefined> {
  const cookies = new Map<string, string>();
  const remember = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      if (index > 0) cookies.set(pair.slice(0, index), pair.slice(index + 1));
    }
  };
  const cookie = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const started = await fetch(`${url}/api/.ory/self-service/login/browser`, {
    headers: { accept: 'application/json' },
    redirect: 'manual',
  });
  remember(started);
  const flow = (await started.json()) as {
    id: string;
    ui: { nodes: { attributes: { name?: string; value?: unknown } }[] };
  };
  const csrf = flow.ui.nodes.find((node) => node.attributes.name === 'csrf_token')?.attributes
    .value;
  const submitted = await fetch(`${url}/api/.ory/self-service/login?flow=${flow.id}`, {
    method: 'POST',
    headers: {
      accept: 'application/json',
      'content-type': 'application/json',
      origin: url,
      cookie: cookie(),
    },
    body: JSON.stringify({
      method: 'password',
      identifier: email,
      password: DEFAULT_DEMO_PASSWORD,
      csrf_token: csrf,
    }),
    redirect: 'manual',
  });
  remember(submitted);
  if (submitted.status !== 200) return undefined;
  const whoami = await fetch(`${url}/api/auth/whoami`, { headers: { cookie: cookie() } });
  if (whoami.status !== 200) return undefined;
  return ((await whoami.json()) as { payload: { user: { email?: string } } }).payload.user.email;
}

/** What a user of a finished first start sees: every check, every demo person signing in both ways. */
async function expectCompleteDemo(url: string, checks: number) {
  expect(await rowCount(url, 'checks')).toBe(checks);
  for (const table of SEEDED_AFTER_CHECKS)
    expect(await rowCount(url, table), table).toBeGreaterThan(0);
  for (const role of DEMO_ROLES) {
    const email = `${role}@local`;
    const whoami = await fetch(`${url}/api/auth/whoami`, { headers: basic(email) });
    expect(whoami.status, `HTTP Basic for ${email}`).toBe(200);
    expect(await formSignIn(url, email), `form sign-in for ${email}`).toBe(email);
  }
}

/**
 * `promise`, or after `millis` an error that says where the start stands: its log and, on
 * PostgreSQL, what each session of its database is doing or waiting for.
 */
async function within<T>(
  millis: number,
  what: string,
  server: ServerProcess,
  promise: Promise<T>,
  storage: string[],
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>(
    (resolve) => (timer = setTimeout(() => resolve('late'), millis)),
  );
  const result = await Promise.race([promise, late]).finally(() => clearTimeout(timer));
  if (result !== 'late') return result;
  const url = storage[storage.indexOf('--database-url') + 1];
  let sessions = '';
  if (storage.includes('--database-url') && url) {
    const db = await PostgresDatabase.open({ url, max: 1 });
    try {
      const { rows } = await db.query(
        `SELECT pid, state, wait_event_type, wait_event, now() - query_start AS running, left(query, 120) AS query
           FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      );
      sessions = JSON.stringify(rows, null, 1);
    } finally {
      await db.close();
    }
  }
  throw new Error(
    `waited ${millis} ms for ${what}. Log: ${JSON.stringify(server.allLogs())} stderr: ${server.stderr()} sessions: ${sessions}`,
  );
}

async function freshPostgresUrl(): Promise<string> {
  const name = `opsdeck_durability_${Math.random().toString(16).slice(2, 10)}`;
  const admin = await PostgresDatabase.open({ url: postgresUrl!, max: 1 });
  try {
    await admin.exec(`CREATE DATABASE ${name}`);
  } finally {
    await admin.close();
  }
  databases.push(name);
  const url = new URL(postgresUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

function dataDir(name: string) {
  return join(scratchDir, name);
}

/** `listening` or `exited`, whichever the process does first. */
function outcome(server: ServerProcess) {
  return Promise.race([
    server.url().then(
      () => 'listening' as const,
      () => 'exited' as const,
    ),
    server.exited.then(() => 'exited' as const),
  ]);
}

describe('durability of apps/server (issue 17)', () => {
  it('#14 refuses a second server on a PGlite data dir in use, and a kill -9 does not lock it for good', async () => {
    // Migrated by an earlier start, no seed and no sign-in: this is about the directory's lock,
    // not a first start (#15 and cli.test.ts prove those), and each start costs a PGlite boot.
    const dir = migratedDataDir(dataDir('shared'));
    const options = ['--data-dir', dir, '--seed', 'none', '--auth', 'disabled'];
    const first = launch(options);
    const url = await first.url();

    const second = launch(options);
    expect(await outcome(second)).toBe('exited');
    expect((await second.exited).code).toBe(1);
    const lines = second.stderr().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(dir);
    expect(lines[0]).toContain(`pid ${first.pid}`);

    // The first keeps working, and what it acknowledged is still there after it dies.
    const created = await fetch(`${url}/api/db/teams`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', prefer: 'return=representation' },
      body: JSON.stringify({ name: 'written-by-the-first' }),
    });
    expect(created.status).toBe(201);
    await first.kill9();

    const third = launch(options);
    const thirdUrl = await third.url();
    const teams = await fetch(`${thirdUrl}/api/db/teams?name=eq.written-by-the-first&select=name`);
    expect(await teams.json()).toEqual([{ name: 'written-by-the-first' }]);

    // A clean stop gives the directory back.
    process.kill(third.pid, 'SIGTERM');
    expect((await third.exited).code).toBe(0);
    expect(readdirSync(dir)).not.toContain(DATA_DIR_LOCK_FILE);
  }, 120_000);

  // Each start is killed at its moment after 'seeding demo data' (early: the people; later: the
  // checks and their history), then one more start must leave the complete demo.
  const engines: {
    engine: string;
    checks: number;
    killAfterMillis: number[];
    args: () => Promise<string[]>;
  }[] = [
    {
      engine: 'pglite',
      checks: 1000,
      killAfterMillis: [150, 1000],
      args: async () => ['--data-dir', dataDir(`seed-${Date.now()}`)],
    },
    ...(postgresUrl
      ? [
          {
            engine: 'postgres',
            checks: 1000,
            killAfterMillis: [150, 800],
            args: async () => ['--database-url', await freshPostgresUrl()],
          },
        ]
      : []),
  ];

  it.each(engines)(
    '#15 a first start killed -9 while seeding $engine is finished by the next start',
    async ({ checks, killAfterMillis, args }) => {
      const storage = [...(await args()), '--checks', String(checks)];
      for (const millis of killAfterMillis) {
        const server = launch(storage);
        const seeding = await within(
          50_000,
          `start to seed after a kill at ${millis} ms`,
          server,
          Promise.race([server.logged('seeding demo data'), server.logged('listening')]),
          storage,
        );
        // A start that does not seed again has given up on the half-done seed: the check below says so.
        if (seeding.msg === 'listening') return expectCompleteDemo(String(seeding.url), checks);
        await sleep(millis);
        // Killed mid-seed, or the test proves nothing.
        expect(server.logs('demo data seeded')).toHaveLength(0);
        await server.kill9();
      }
      const last = launch(storage);
      await expectCompleteDemo(
        await within(150_000, 'the last start to listen', last, last.url(), storage),
        checks,
      );
    },
    // The last start's seed once took minutes in CI: autovacuum had recorded the killed starts'
    // tables as empty (see seed/plannerStatistics.test.ts). The deadline above prints each session.
    300_000,
  );

  it.runIf(postgresUrl)(
    '#15 servers starting together on one PostgreSQL seed it once, and all of them start',
    async () => {
      const storage = ['--database-url', await freshPostgresUrl(), '--checks', '200'];
      const servers = [launch(storage), launch(storage), launch(storage)];
      const urls = await Promise.all(servers.map((server) => server.url()));
      expect(servers.flatMap((server) => server.logs('seeding demo data'))).toHaveLength(1);
      await expectCompleteDemo(urls[0]!, 200);
      for (const url of urls.slice(1))
        expect(
          (await fetch(`${url}/api/auth/whoami`, { headers: basic('viewer@local') })).status,
        ).toBe(200);
    },
    180_000,
  );
});
