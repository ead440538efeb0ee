import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { installChangeTriggers } from '../services/changes/triggers.ts';
import type { Service } from '../services/defineService.ts';
import { SERVICES } from '../services/list.ts';
import type { Database } from './database.ts';

/**
 * Where `{service}/migrations/*.sql` are: src/services beside the sources, dist/services in the
 * build (tsup copies each module's folder there).
 */
export function servicesRoot(): string {
  for (const candidate of ['./services/', '../services/']) {
    const dir = fileURLToPath(new URL(candidate, import.meta.url));
    if (existsSync(dir)) return dir;
  }
  throw new Error('cannot find the services folder holding the migrations');
}

export interface Migration {
  /** Stable and unique: `{service}/{file}`, what opsdeck.migrations records. */
  id: string;
  service: string;
  sql: string;
  /** Part of the schema the legacy migrations 001-006 made (`-- opsdeck:baseline`). */
  baseline: boolean;
}

/**
 * What the runner before service modules recorded: one folder, these six names. A database that
 * has them all already holds every baseline migration's schema.
 */
export const LEGACY_MIGRATIONS: readonly string[] = [
  '001_schema.sql',
  '002_views.sql',
  '003_seed_helpers.sql',
  '004_check_status_summary_grouped.sql',
  '005_summary_table.sql',
  '006_drop_demo_credentials.sql',
];

const BASELINE_MARK = /^-- opsdeck:baseline\b/m;

/** Every service's migrations, services in list order, each service's files in name order. */
export async function loadMigrations(
  services: readonly Service[] = SERVICES,
  root = servicesRoot(),
): Promise<Migration[]> {
  // Read all at once (every start reads them, most to find them applied); kept in list order.
  const perService = await Promise.all(
    services
      .filter((service) => service.migrations)
      .map(async (service) => {
        const dir = `${root}/${service.name}/migrations`;
        if (!existsSync(dir))
          throw new Error(`service ${service.name} declares migrations but ${dir} does not exist`);
        const names = (await readdir(dir)).filter((name) => name.endsWith('.sql')).sort();
        return Promise.all(
          names.map(async (name): Promise<Migration> => {
            const sql = await readFile(`${dir}/${name}`, 'utf8');
            return {
              id: `${service.name}/${name}`,
              service: service.name,
              sql,
              baseline: BASELINE_MARK.test(sql),
            };
          }),
        );
      }),
  );
  return perService.flat();
}

// Any constant shared by every instance: it serialises concurrent starts on one Postgres.
const MIGRATION_LOCK = 4_242_001;

export interface MigrateOptions {
  /** Told the ids recorded as applied without running them (a legacy database's baseline). */
  onAdopted?: (ids: string[]) => void;
  /** Whose declared tables get change triggers (default: the server's list). */
  services?: readonly Service[];
}

/**
 * Applies each migration not yet recorded in opsdeck.migrations, in order, in one transaction.
 * Safe to run on every start and from several instances at once. A database of the legacy runner
 * (001-006 recorded) has the baseline recorded without running it, then gets the rest.
 */
export async function migrate(
  db: Database,
  migrations?: Migration[],
  options: MigrateOptions = {},
): Promise<string[]> {
  const all = migrations ?? (await loadMigrations());
  const applied: string[] = [];
  const adopted: string[] = [];
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
    const legacy = LEGACY_MIGRATIONS.filter((name) => done.has(name));
    if (legacy.length > 0 && legacy.length < LEGACY_MIGRATIONS.length) {
      const missing = LEGACY_MIGRATIONS.filter((name) => !done.has(name));
      throw new Error(
        `this database was migrated by an older opsdeck-server that stopped before ${missing.join(', ')}: start that release once to finish them, then this one`,
      );
    }
    for (const migration of all) {
      if (done.has(migration.id)) continue;
      if (legacy.length > 0 && migration.baseline) {
        adopted.push(migration.id);
      } else {
        await tx.exec(migration.sql);
        applied.push(migration.id);
      }
      await tx.query('INSERT INTO opsdeck.migrations (name) VALUES ($1)', [migration.id]);
    }
    // Every declared table writes change events and audit rows; a newly declared one gets its triggers here.
    await installChangeTriggers(tx, options.services ?? SERVICES);
  });
  if (adopted.length) options.onAdopted?.(adopted);
  return applied;
}
