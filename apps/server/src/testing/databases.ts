import { createHash, randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  openAsBlob,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { inject, it, type TestFunction } from 'vitest';
import {
  PGliteDatabase,
  PostgresDatabase,
  type Database,
  type DatabaseEngine,
} from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { seedDemo, type DemoSeedOptions } from '../db/seed/demo.ts';

/**
 * One engine a suite runs against; `open` gives a migrated database, `openSeeded` one holding the
 * demo estate of `options` (see `seededTemplate`), `release` frees what either opened.
 */
export interface TestDatabaseTarget {
  engine: DatabaseEngine;
  open(): Promise<Database>;
  openSeeded(options: DemoEstateOptions): Promise<Database>;
  release(): Promise<void>;
}

/** The demo seed's options a seeded template is made of (progress and services are the seed's). */
export type DemoEstateOptions = Pick<
  DemoSeedOptions,
  'checks' | 'components' | 'configs' | 'playbookRuns' | 'seed' | 'now'
>;

/** The copies of a PGlite data directory the global setup wrote (src/testing/globalSetup.ts). */
export type PGliteTemplate = 'bare' | 'migrated';

const templateBlobs = new Map<PGliteTemplate, Promise<Blob>>();

function templatePath(template: PGliteTemplate): string | undefined {
  try {
    return (
      inject(template === 'bare' ? 'pgliteBareTemplate' : 'pgliteMigratedTemplate') || undefined
    );
  } catch {
    return undefined;
  }
}

/**
 * A new in-memory PGlite. A new cluster costs PGlite an initdb (seconds of CPU) and the migrations
 * a second or two more, in every test file; so the global setup makes one bare and one migrated
 * cluster per run and each database here starts as a copy of one of them (under a second). Outside
 * that setup it is made from scratch, as before.
 */
export async function newPGlite(template: PGliteTemplate): Promise<PGliteDatabase> {
  const blob = await templateBlob(template);
  return PGliteDatabase.open(blob ? { loadDataDir: blob } : {});
}

/** The run's dump of a `template` cluster, or undefined outside the global setup. */
export async function templateBlob(template: PGliteTemplate): Promise<Blob | undefined> {
  const path = templatePath(template);
  if (!path) return undefined;
  let blob = templateBlobs.get(template);
  if (!blob) templateBlobs.set(template, (blob = openAsBlob(path)));
  return blob;
}

/**
 * Makes `dir` a PGlite data directory a stopped server left after migrating: a copy of the run's
 * (src/testing/globalSetup.ts), for a test about what a later start does with it, which need not pay
 * a first start (initdb and every migration, seconds of CPU). Outside that setup `dir` is made empty,
 * and the server's first start fills it. A test about the first start itself starts from empty.
 */
export function migratedDataDir(dir: string): string {
  let template: string | undefined;
  try {
    template = inject('pgliteMigratedDataDir') || undefined;
  } catch {
    template = undefined;
  }
  if (template) cpSync(template, dir, { recursive: true });
  else mkdirSync(dir, { recursive: true });
  return dir;
}

/** A migrated PGlite: a copy of the run's migrated template, migrated again (a no-op) as a check. */
async function migratedPGlite(): Promise<PGliteDatabase> {
  const db = await newPGlite('migrated');
  await migrate(db);
  return db;
}

/**
 * The instant a seed without its own `now` generates history back from: the run's, to the minute
 * (src/testing/globalSetup.ts), so every file asking for the same estate gets one template; outside
 * that setup, now to the minute, as the seed's own default.
 */
export function seedNow(): Date {
  let run: string | undefined;
  try {
    run = inject('seedNow') || undefined;
  } catch {
    run = undefined;
  }
  return run ? new Date(run) : new Date(Math.floor(Date.now() / 60_000) * 60_000);
}

/** The options with their `now` filled in, and the key every process derives the same from them. */
function seededEstate(options: DemoEstateOptions): { estate: DemoEstateOptions; key: string } {
  const estate = { ...options, now: options.now ?? seedNow() };
  const described = JSON.stringify([
    estate.checks,
    estate.components,
    estate.configs,
    estate.playbookRuns,
    estate.seed,
    estate.now!.toISOString(),
  ]);
  return { estate, key: createHash('sha256').update(described).digest('hex').slice(0, 16) };
}

function seedTemplatesDir(): string | undefined {
  try {
    return inject('pgliteSeedTemplates') || undefined;
  } catch {
    return undefined;
  }
}

const seededBlobs = new Map<string, Promise<Blob>>();

/**
 * Seeds the estate's dump into `file` unless another worker is at it (a lock directory beside it),
 * then waits for that one's: resolves to the seeded database when this call made it, else to
 * undefined once the dump is there. A maker that fails removes its lock and a waiter takes over;
 * one that hangs is not waited for past a few minutes.
 */
async function makeOrAwait(
  file: string,
  seedHere: () => Promise<PGliteDatabase>,
): Promise<PGliteDatabase | undefined> {
  const lock = `${file}.lock`;
  for (const started = Date.now(); !existsSync(file); await sleep(100)) {
    let claimed = true;
    try {
      mkdirSync(lock);
    } catch {
      claimed = false;
    }
    if (claimed) {
      try {
        const db = await seedHere();
        writeFileSync(`${file}.part`, Buffer.from(await (await db.dump()).arrayBuffer()));
        renameSync(`${file}.part`, file);
        return db;
      } catch (error) {
        rmSync(lock, { recursive: true, force: true });
        throw error;
      }
    }
    if (Date.now() - started > 150_000) return seedHere();
  }
  return undefined;
}

/**
 * A PGlite holding the demo estate of `options`. The seed is the costliest part of most suites'
 * setup (seconds of CPU) and gives the same estate for the same options, so each estate is seeded
 * once per run: the first file to ask seeds a copy of the migrated template and dumps it into the
 * run's directory, under a lock directory the other workers wait on; every later one opens a copy
 * of that dump. The seed's own tests (src/db/seed) still call seedDemo.
 */
export async function seededPGlite(options: DemoEstateOptions): Promise<PGliteDatabase> {
  const { estate, key } = seededEstate(options);
  const dir = seedTemplatesDir();
  const seedHere = async () => {
    const db = await migratedPGlite();
    try {
      await seedDemo(db, estate);
    } catch (error) {
      await db.close();
      throw error;
    }
    return db;
  };
  if (!dir) return seedHere();
  const file = join(dir, `${key}.tar`);
  let blob = seededBlobs.get(key);
  if (!blob) {
    const made = await makeOrAwait(file, seedHere);
    if (made) return made;
  }
  if (!blob) seededBlobs.set(key, (blob = openAsBlob(file)));
  return PGliteDatabase.open({ loadDataDir: await blob });
}

/**
 * The same on PostgreSQL: a database seeded once per run and estate, copied from the run's migrated
 * template and named after it, which a suite's database is then created from. Workers making the
 * same one queue on an advisory lock; no connection to it stays open, so it can be copied.
 */
async function seededPostgresTemplate(
  url: string,
  migrated: string,
  estate: DemoEstateOptions,
  key: string,
): Promise<string> {
  const name = `${migrated}_seed_${key}`;
  const admin = await PostgresDatabase.open({ url, max: 1 });
  // One session holds the lock: CREATE DATABASE cannot run inside a transaction.
  const session = await admin.pool.connect();
  try {
    await session.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    const { rows } = await session.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rows.length === 0) {
      const making = `${migrated}_part_${key}`;
      await session.query(`DROP DATABASE IF EXISTS ${making}`);
      await session.query(`CREATE DATABASE ${making} TEMPLATE ${migrated}`);
      const db = await PostgresDatabase.open({ url: withDatabase(url, making) });
      try {
        await seedDemo(db, estate);
      } finally {
        await db.close();
      }
      await session.query(`ALTER DATABASE ${making} RENAME TO ${name}`);
    }
  } finally {
    await session.query('SELECT pg_advisory_unlock_all()').catch(() => undefined);
    session.release();
    await admin.close();
  }
  return name;
}

let sharedPGlite: Promise<PGliteDatabase> | undefined;
let sharedUsers = 0;

/**
 * Run before each test file (src/testing/setup.ts): test files share a worker's modules, and a file
 * whose afterAll never released its database (a hook timed out) must not hand it to the next file.
 */
export async function forgetSharedPGlite(): Promise<void> {
  const stale = sharedPGlite;
  sharedPGlite = undefined;
  sharedUsers = 0;
  if (stale) await (await stale.catch(() => undefined))?.close().catch(() => undefined);
}

// PGlite takes seconds to boot: every suite of one test file shares one migrated instance. A
// seeded one is the suite's own, a copy of its estate's template.
function pgliteTarget(): TestDatabaseTarget {
  let opened = false;
  let seeded: PGliteDatabase | undefined;
  return {
    engine: 'pglite',
    async open() {
      sharedPGlite ??= migratedPGlite();
      if (!opened) sharedUsers += 1;
      opened = true;
      return sharedPGlite;
    },
    async openSeeded(options) {
      seeded ??= await seededPGlite(options);
      return seeded;
    },
    async release() {
      const own = seeded;
      seeded = undefined;
      await own?.close();
      if (!opened) return;
      opened = false;
      sharedUsers -= 1;
      if (sharedUsers === 0 && sharedPGlite) {
        // Forgotten before the wait: a file that opens meanwhile makes its own instead.
        const shared = sharedPGlite;
        sharedPGlite = undefined;
        await (await shared).close();
      }
    },
  };
}

/** Which Postgres the tests may use: the environment, else what the global setup started. */
export function testDatabaseUrl(): string | undefined {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  try {
    return inject('testDatabaseUrl') || undefined;
  } catch {
    return undefined;
  }
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** The run's migrated PostgreSQL database (src/testing/globalSetup.ts), or undefined outside it. */
export function postgresTemplate(): string | undefined {
  try {
    return inject('postgresMigratedTemplate') || undefined;
  } catch {
    return undefined;
  }
}

// A database of its own inside the test Postgres, so parallel test files never collide. It is a
// copy of the run's migrated template (or of an estate's seeded one) when there is one, migrated
// again (a no-op) as a check; outside the global setup, a new database every migration runs on.
function postgresTarget(url: string): TestDatabaseTarget {
  let created: { name: string; db: PostgresDatabase } | undefined;
  const create = async (template: string | undefined) => {
    const name = `opsdeck_test_${randomBytes(6).toString('hex')}`;
    const admin = await PostgresDatabase.open({ url, max: 1 });
    try {
      await admin.exec(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
    } finally {
      await admin.close();
    }
    const db = await PostgresDatabase.open({ url: withDatabase(url, name) });
    await migrate(db);
    created = { name, db };
    return db;
  };
  return {
    engine: 'postgres',
    async open() {
      return created?.db ?? create(postgresTemplate());
    },
    async openSeeded(options) {
      if (created) return created.db;
      const migrated = postgresTemplate();
      const { estate, key } = seededEstate(options);
      if (!migrated) {
        const db = await create(undefined);
        await seedDemo(db, estate);
        return db;
      }
      return create(await seededPostgresTemplate(url, migrated, estate, key));
    },
    async release() {
      if (!created) return;
      const { name, db } = created;
      created = undefined;
      await db.close();
      const admin = await PostgresDatabase.open({ url, max: 1 });
      try {
        await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await admin.close();
      }
    },
  };
}

/**
 * Which engines a suite runs on (issue 31). PGlite is PostgreSQL compiled to WebAssembly behind
 * another driver, in one connection: the two differ where a suite exercises the engine itself, not
 * where it exercises HTTP, RBAC or the services' logic over a few rows.
 *
 * - `'both'` (the default, so a suite nobody classified keeps both): PGlite, and PostgreSQL when a
 *   test URL is known. For what the engines do differently: migrations, /api/db query building and
 *   the rows the drivers hand back (types, full-text, NUL bytes), the demo seed's bulk writes,
 *   concurrency (SKIP LOCKED queues, leases, several scheduler or server instances, FOR UPDATE
 *   locking), the change stream's LISTEN/NOTIFY, and the stand-ins' contract with this server.
 * - `'one'`: PGlite only (always there, in process), for HTTP, authentication, RBAC, input
 *   validation and service logic over plain SQL; on PostgreSQL as well they re-ran the same code
 *   paths at twice the cost. `grep -rl "testDatabases('one')" src` lists them.
 *
 * Use with `describe.each(testDatabases('one'))('… on $engine', …)`: the workspace summary
 * (scripts/test-summary.mjs) counts the tests of each engine by the suite names' `on $engine`.
 */
export type EngineCoverage = 'both' | 'one';

export function testDatabases(engines: EngineCoverage = 'both'): TestDatabaseTarget[] {
  const url = testDatabaseUrl();
  return url && engines === 'both' ? [pgliteTarget(), postgresTarget(url)] : [pgliteTarget()];
}

/**
 * For a `testDatabases()` suite that mixes both kinds: its tests of what the engines do differently
 * use `it` and run on each engine; the others use the `it` this returns, which registers them on
 * PGlite only (on PostgreSQL they would re-run the same code paths at twice the cost). Each such
 * test must start from state it makes itself, not from what an engine-sensitive test left.
 */
export function itOnOneEngine(target: { engine: DatabaseEngine }) {
  return (name: string, fn: TestFunction, timeout?: number): void => {
    if (target.engine === 'pglite') it(name, fn, timeout);
  };
}

/** A database of the same engine that starts empty of rows but migrated (for seed tests). */
export function freshPGlite(): Promise<PGliteDatabase> {
  return migratedPGlite();
}

/** An engine that hands out empty, unmigrated databases, a new one on every `open` (migration tests). */
export interface BareDatabaseTarget {
  engine: DatabaseEngine;
  open(): Promise<Database>;
  /** Closes (and on Postgres drops) every database it opened. */
  release(): Promise<void>;
}

/** Bare databases on PGlite, and on Postgres when a test URL is known. */
export function bareTestDatabases(): BareDatabaseTarget[] {
  const url = testDatabaseUrl();
  const pglite = (): BareDatabaseTarget => {
    const opened: Database[] = [];
    return {
      engine: 'pglite',
      async open() {
        const db = await newPGlite('bare');
        opened.push(db);
        return db;
      },
      async release() {
        for (const db of opened.splice(0)) await db.close();
      },
    };
  };
  const postgres = (base: string): BareDatabaseTarget => {
    const opened: { name: string; db: Database }[] = [];
    return {
      engine: 'postgres',
      async open() {
        const name = `opsdeck_test_${randomBytes(6).toString('hex')}`;
        const admin = await PostgresDatabase.open({ url: base, max: 1 });
        try {
          await admin.exec(`CREATE DATABASE ${name}`);
        } finally {
          await admin.close();
        }
        const db = await PostgresDatabase.open({ url: withDatabase(base, name) });
        opened.push({ name, db });
        return db;
      },
      async release() {
        for (const { name, db } of opened.splice(0)) {
          await db.close();
          const admin = await PostgresDatabase.open({ url: base, max: 1 });
          try {
            await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          } finally {
            await admin.close();
          }
        }
      },
    };
  };
  return url ? [pglite(), postgres(url)] : [pglite()];
}
