import { randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, openAsBlob } from 'node:fs';
import { inject, it, type TestFunction } from 'vitest';
import {
  PGliteDatabase,
  PostgresDatabase,
  type Database,
  type DatabaseEngine,
} from '../db/database.ts';
import { migrate } from '../db/migrate.ts';

/** One engine a suite runs against; `open` gives a migrated database, `release` frees it. */
export interface TestDatabaseTarget {
  engine: DatabaseEngine;
  open(): Promise<Database>;
  release(): Promise<void>;
}

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

// PGlite takes seconds to boot: every suite of one test file shares one migrated instance.
function pgliteTarget(): TestDatabaseTarget {
  let opened = false;
  return {
    engine: 'pglite',
    async open() {
      sharedPGlite ??= migratedPGlite();
      if (!opened) sharedUsers += 1;
      opened = true;
      return sharedPGlite;
    },
    async release() {
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
// copy of the run's migrated template when there is one, migrated again (a no-op) as a check;
// outside the global setup, a new database every migration runs on.
function postgresTarget(url: string): TestDatabaseTarget {
  let created: { name: string; db: PostgresDatabase } | undefined;
  return {
    engine: 'postgres',
    async open() {
      if (created) return created.db;
      const name = `opsdeck_test_${randomBytes(6).toString('hex')}`;
      const template = postgresTemplate();
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
