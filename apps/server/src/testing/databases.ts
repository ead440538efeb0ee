import { randomBytes } from 'node:crypto';
import { openAsBlob } from 'node:fs';
import { inject } from 'vitest';
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
  const path = templatePath(template);
  if (!path) return PGliteDatabase.open();
  let blob = templateBlobs.get(template);
  if (!blob) templateBlobs.set(template, (blob = openAsBlob(path)));
  return PGliteDatabase.open({ loadDataDir: await blob });
}

/** A migrated PGlite: a copy of the run's migrated template, migrated again (a no-op) as a check. */
async function migratedPGlite(): Promise<PGliteDatabase> {
  const db = await newPGlite('migrated');
  await migrate(db);
  return db;
}

let sharedPGlite: Promise<PGliteDatabase> | undefined;
let sharedUsers = 0;

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
        const db = await sharedPGlite;
        sharedPGlite = undefined;
        await db.close();
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

// A database of its own inside the test Postgres, so parallel test files never collide.
function postgresTarget(url: string): TestDatabaseTarget {
  let created: { name: string; db: PostgresDatabase } | undefined;
  return {
    engine: 'postgres',
    async open() {
      if (created) return created.db;
      const name = `opsdeck_test_${randomBytes(6).toString('hex')}`;
      const admin = await PostgresDatabase.open({ url, max: 1 });
      try {
        await admin.exec(`CREATE DATABASE ${name}`);
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
 * The databases a suite should run against: always PGlite, and Postgres when a test URL is known.
 * Use with `describe.each(testDatabases())`.
 */
export function testDatabases(): TestDatabaseTarget[] {
  const url = testDatabaseUrl();
  return url ? [pgliteTarget(), postgresTarget(url)] : [pgliteTarget()];
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
