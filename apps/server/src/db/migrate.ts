import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Database } from './database';

/** Where the .sql files are: beside this module in src, copied to dist/migrations by the build. */
export function migrationsDir(): string {
  return fileURLToPath(new URL('./migrations/', import.meta.url));
}

export interface Migration {
  name: string;
  sql: string;
}

export async function loadMigrations(dir = migrationsDir()): Promise<Migration[]> {
  const names = (await readdir(dir)).filter((name) => name.endsWith('.sql')).sort();
  return Promise.all(
    names.map(async (name) => ({ name, sql: await readFile(`${dir}/${name}`, 'utf8') })),
  );
}

// Any constant shared by every instance: it serialises concurrent starts on one Postgres.
const MIGRATION_LOCK = 4_242_001;

/**
 * Applies each migration not yet recorded in opsdeck.migrations, in name order, each in its own
 * transaction. Safe to run on every start and from several instances at once.
 */
export async function migrate(db: Database, migrations?: Migration[]): Promise<string[]> {
  const all = migrations ?? (await loadMigrations());
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    // Under the lock: two sessions racing on CREATE ... IF NOT EXISTS make one of them fail.
    await tx.exec(`CREATE SCHEMA IF NOT EXISTS opsdeck;
      CREATE TABLE IF NOT EXISTS opsdeck.migrations (
        name text PRIMARY KEY,
        applied_at timestamptz NOT NULL DEFAULT now()
      );`);
    const { rows } = await tx.query<{ name: string }>('SELECT name FROM opsdeck.migrations');
    const done = new Set(rows.map((row) => row.name));
    for (const migration of all) {
      if (done.has(migration.name)) continue;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO opsdeck.migrations (name) VALUES ($1)', [migration.name]);
      applied.push(migration.name);
    }
  });
  return applied;
}
