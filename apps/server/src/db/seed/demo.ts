import { beginBulkLoad, endBulkLoad } from '../../services/changes/triggers.ts';
import type { Service } from '../../services/defineService.ts';
import { SERVICES } from '../../services/list.ts';
import type { DemoEstate, DemoSeedContext } from '../../services/seed.ts';
import type { Database, SqlRunner } from '../database.ts';
import { seededRandom } from './random.ts';

export { DEMO_ROLES } from './demoData.ts';
export { BUSY_EVERY, busyHistoryOffsets, historyOffsets } from '../../services/canary/seed.ts';
export const DEFAULT_DEMO_PASSWORD = 'opsdeck-demo';

export interface DemoSeedOptions {
  /** How many checks (default 300). */
  checks?: number;
  /** Components of a generated benchmark topology besides the demo's own (default none). */
  components?: number;
  /** Config items of a generated benchmark catalog besides the demo's own (default none). */
  configs?: number;
  /** Playbook runs of a generated history besides the demo's own (default none). */
  playbookRuns?: number;
  /** The PRNG seed: the same seed gives the same estate. */
  seed?: string;
  /** The instant history is generated back from (default: now, to the minute). */
  now?: Date;
  /** Progress lines for the CLI. */
  onProgress?: (step: string, millis: number) => void;
  /** The services whose seeds make the estate, in order (default: the server's service list). */
  services?: readonly Service[];
}

export interface DemoSeedResult {
  checks: number;
  canaries: number;
  checkStatuses: number;
  millis: number;
}

// Any constant shared by every instance (migrate.ts holds 4_242_001): one seeder per database.
const SEED_LOCK = 4_242_002;

/**
 * Seeds the demo into a migrated database that has no people yet, in one transaction: a process
 * killed mid-seed leaves nothing behind, so the next start seeds it whole again. Instances starting
 * together on one PostgreSQL queue on an advisory lock; the first seeds, the others then find people.
 * `onStart` runs only when this call seeds; undefined when there was nothing to do.
 */
export async function seedDemoOnce(
  db: Database,
  options: DemoSeedOptions & { onStart?: () => void } = {},
): Promise<DemoSeedResult | undefined> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK]);
    const { rows } = await tx.query<{ n: number }>('SELECT count(*) AS n FROM people');
    if (rows[0]?.n !== 0) return undefined;
    options.onStart?.();
    return seedDemo(tx, options);
  });
}

async function inTransaction(db: SqlRunner): Promise<boolean> {
  await db.query("SELECT set_config('opsdeck.seed_probe', 'on', true)");
  const { rows } = await db.query<{ on: boolean }>(
    "SELECT current_setting('opsdeck.seed_probe', true) = 'on' AS on",
  );
  return rows[0]?.on === true;
}

const quoted = (name: string) => `public."${name.replace(/"/g, '""')}"`;

/**
 * Keeps the planner's idea of the seeded tables true while one transaction fills them. A fresh
 * table has no statistics and the planner measures it; but one a vacuum has seen (after a start
 * killed mid-seed left dead rows) says it is empty, and a join over 50,000 statuses planned for one
 * row took minutes on PostgreSQL. So in a transaction the seed holds SHARE UPDATE EXCLUSIVE on its
 * tables, which autovacuum does not wait for (it skips them until the commit), and after each
 * module's seed re-analyzes the tables that had statistics before and that it has written to since.
 */
async function guardPlannerStatistics(
  db: SqlRunner,
  services: readonly Service[],
): Promise<{ refresh: () => Promise<void> }> {
  const declared = [...new Set(services.flatMap((service) => Object.keys(service.tables ?? {})))];
  const tablesSql = `SELECT c.relname AS name, c.reltuples >= 0 AS measured,
         pg_stat_get_xact_tuples_inserted(c.oid)::float8 AS written
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND c.relname = ANY($1::text[])
      ORDER BY c.relname`;
  type Table = { name: string; measured: boolean; written: number };
  const { rows: tables } = await db.query<Table>(tablesSql, [declared]);
  if (tables.length > 0 && (await inTransaction(db)))
    await db.exec(
      `LOCK TABLE ${tables.map((table) => quoted(table.name)).join(', ')} IN SHARE UPDATE EXCLUSIVE MODE`,
    );
  // Read again under the lock: a vacuum that held a table when the lock was asked for is done now.
  const { rows: locked } = await db.query<Table>(tablesSql, [declared]);
  const stale = new Map(locked.filter((t) => t.measured).map((t) => [t.name, t.written]));
  return {
    async refresh() {
      if (stale.size === 0) return;
      const { rows: now } = await db.query<Table>(tablesSql, [[...stale.keys()]]);
      const grown = now.filter((table) => table.written !== stale.get(table.name));
      if (grown.length === 0) return;
      await db.exec(`ANALYZE ${grown.map((table) => quoted(table.name)).join(', ')}`);
      for (const table of grown) stale.set(table.name, table.written);
    },
  };
}

/**
 * Fills an empty, migrated database (or one transaction of it) with the demo estate: each service's
 * seed in the order of the service list, sharing one PRNG and what earlier seeds made.
 */
export async function seedDemo(
  db: SqlRunner,
  options: DemoSeedOptions = {},
): Promise<DemoSeedResult> {
  const started = Date.now();
  const checks = Math.max(0, Math.floor(options.checks ?? 300));
  const seed = options.seed ?? 'opsdeck';
  let stepStart = Date.now();
  const estate: DemoEstate = {};
  const context: DemoSeedContext = {
    db,
    seed,
    key: (s) => `${seed}:${s}`,
    random: seededRandom(seed),
    now: options.now ?? new Date(Math.floor(Date.now() / 60_000) * 60_000),
    size: {
      checks,
      components: Math.max(0, Math.floor(options.components ?? 0)),
      configs: Math.max(0, Math.floor(options.configs ?? 0)),
      playbookRuns: Math.max(0, Math.floor(options.playbookRuns ?? 0)),
    },
    estate,
    step(name) {
      options.onProgress?.(name, Date.now() - stepStart);
      stepStart = Date.now();
    },
  };
  const services = options.services ?? SERVICES;
  const statistics = await guardPlannerStatistics(db, services);
  // In a transaction (the CLI's first start) the seed is one bulk load: one audit row and change
  // event per table rather than a trigger's work per statement (issue 32 #5).
  const bulk = await beginBulkLoad(db);
  for (const service of services) {
    await service.seed?.(context);
    await statistics.refresh();
  }
  if (bulk) await endBulkLoad(db, services);

  await db.exec('ANALYZE');
  context.step('analyze');
  return {
    checks,
    canaries: estate.canaries ?? 0,
    checkStatuses: estate.checkStatuses ?? 0,
    millis: Date.now() - started,
  };
}
