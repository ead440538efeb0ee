import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../server.ts';
import { bareTestDatabases } from '../testing/databases.ts';
import { basic } from '../testing/server.ts';
import { PGliteDatabase, type Database } from './database.ts';
import { LEGACY_MIGRATIONS, loadMigrations, migrate } from './migrate.ts';
import { seedDemo } from './seed/demo.ts';

// The runner before service modules, kept as a fixture: one folder of 001-006, each recorded by its
// file name, and the identity service's CREATE ... IF NOT EXISTS run at every start.
const legacyDir = new URL('../testing/legacy-migrations/', import.meta.url);

async function migrateAsLegacy(db: Database, upTo = LEGACY_MIGRATIONS.length): Promise<void> {
  const files = readdirSync(legacyDir)
    .filter((name) => /^\d{3}_.*\.sql$/.test(name))
    .sort();
  expect(files).toEqual(LEGACY_MIGRATIONS);
  await db.transaction(async (tx) => {
    await tx.exec(`CREATE SCHEMA IF NOT EXISTS opsdeck;
      CREATE TABLE IF NOT EXISTS opsdeck.migrations (
        name text PRIMARY KEY,
        applied_at timestamptz NOT NULL DEFAULT now()
      );`);
    for (const name of files.slice(0, upTo)) {
      await tx.exec(readFileSync(new URL(name, legacyDir), 'utf8'));
      await tx.query('INSERT INTO opsdeck.migrations (name) VALUES ($1)', [name]);
    }
  });
  if (upTo < LEGACY_MIGRATIONS.length) return;
  const identity = readFileSync(new URL('identity.sql', legacyDir), 'utf8');
  for (const statement of identity
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean))
    await db.query(statement);
}

/** Everything about a schema but row data and object ids, in a stable order. */
async function schemaOf(db: Database) {
  const schemas = `IN ('public', 'opsdeck')`;
  const rows = async (sql: string) => (await db.query(sql)).rows;
  return {
    columns: await rows(
      `SELECT table_schema, table_name, ordinal_position, column_name, data_type, udt_name,
              is_nullable, column_default, numeric_precision, numeric_scale
       FROM information_schema.columns WHERE table_schema ${schemas}
       ORDER BY table_schema, table_name, ordinal_position`,
    ),
    constraints: await rows(
      `SELECT c.conrelid::regclass::text AS relation, c.conname, pg_get_constraintdef(c.oid) AS definition
       FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
       WHERE n.nspname ${schemas} ORDER BY 1, 2`,
    ),
    indexes: await rows(
      `SELECT schemaname, tablename, indexname, indexdef FROM pg_indexes
       WHERE schemaname ${schemas} ORDER BY 1, 2, 3`,
    ),
    views: await rows(
      `SELECT schemaname, viewname, definition FROM pg_views WHERE schemaname ${schemas} ORDER BY 1, 2`,
    ),
    functions: await rows(
      `SELECT n.nspname, p.proname, pg_get_functiondef(p.oid) AS definition
       FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
       WHERE n.nspname ${schemas} ORDER BY 1, 2`,
    ),
    triggers: await rows(
      `SELECT tgrelid::regclass::text AS relation, tgname, pg_get_triggerdef(oid) AS definition
       FROM pg_trigger WHERE NOT tgisinternal ORDER BY 1, 2`,
    ),
    // Rows the migrations themselves insert.
    rows: await rows(
      `SELECT (SELECT json_agg(json_build_object('id', id, 'name', name, 'description', description)) FROM agents) AS agents,
              (SELECT json_agg(json_build_object('id', id, 'dirty', dirty_generation, 'clean', clean_generation)) FROM opsdeck.summary_state) AS summary_state`,
    ),
  };
}

/**
 * Migrations written after the split into service modules (a feature's new tables and views): every
 * database gets them, fresh or upgraded. The legacy comparisons below are of the split itself.
 */
const AFTER_SPLIT = [
  'core/002_job_leases.sql',
  'core/003_access_tokens.sql',
  'canary/010_reference_views.sql',
  'canary/011_gitops_canary_checks.sql',
  'topology/002_relationships.sql',
  'topology/003_team_components.sql',
  'topology/010_reference_views.sql',
  'catalog/002_catalog_views.sql',
  'catalog/003_catalog_search.sql',
  'catalog/004_catalog_change_counts.sql',
  'catalog/005_catalog_search_folded.sql',
  'catalog/010_reference_views.sql',
  'incidents/002_incidents_by_component.sql',
  'incidents/003_incident_model.sql',
  'incidents/004_incident_soft_delete.sql',
  'incidents/010_reference_views.sql',
  'incidents/011_incident_form_limits.sql',
  'playbooks/002_runner.sql',
  'playbooks/003_runs_list_indexes.sql',
  'playbooks/004_triggers.sql',
  'playbooks/005_approvals_hold.sql',
  'playbooks/007_artifacts.sql',
  'playbooks/010_reference_views.sql',
  'playbooks/011_run_actions_error.sql',
  'settings/002_config_scrapers_with_status.sql',
  'settings/004_job_history_runs.sql',
  'settings/006_connections_integrations.sql',
  'notifications/002_engine.sql',
  'notifications/003_summary_views.sql',
  'notifications/004_trace.sql',
  'notifications/005_decisions_and_columns.sql',
  'auth/002_permissions_summary.sql',
  'auth/010_reference_views.sql',
  'general/002_admin_views.sql',
  'general/003_sources_and_job_agents.sql',
  'identity/003_invites.sql',
  'identity/004_identities_view.sql',
  // The logs module comes after identity's in the service list.
  'logs/001_logs.sql',
  'views/001_saved_views.sql',
  'changes/001_change_stream.sql',
  'changes/002_audit_declared_secrets.sql',
];
const atSplit = async () =>
  (await loadMigrations()).filter((migration) => !AFTER_SPLIT.includes(migration.id));

const COUNTED = ['people', 'checks', 'check_statuses', 'config_items', 'incidents', 'permissions'];

async function counts(db: Database): Promise<Record<string, number>> {
  const result: Record<string, number> = {};
  for (const table of COUNTED) {
    const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
    result[table] = rows[0]!.n;
  }
  return result;
}

describe.each(bareTestDatabases())('upgrading from the legacy runner on $engine', (target) => {
  afterAll(() => target.release());

  it('a fresh database ends with the schema the legacy migrations made', async () => {
    const legacy = await target.open();
    const fresh = await target.open();
    await migrateAsLegacy(legacy);
    await migrate(fresh, await atSplit());
    expect(await schemaOf(fresh)).toEqual(await schemaOf(legacy));
    // And what came after the split makes the same schema on both.
    await migrate(legacy);
    await migrate(fresh);
    expect(await schemaOf(fresh)).toEqual(await schemaOf(legacy));
  });

  it('a legacy database with data starts without running or failing anything, and keeps its rows', async () => {
    const legacy = await target.open();
    await migrateAsLegacy(legacy);
    await seedDemo(legacy, { checks: 16, now: new Date('2025-03-01T12:00:00Z') });
    const before = await counts(legacy);
    expect(before.checks).toBe(16);
    const schemaBefore = await schemaOf(legacy);

    const adopted: string[] = [];
    const all = await atSplit();
    const applied = await migrate(legacy, all, { onAdopted: (ids) => adopted.push(...ids) });
    // The baseline is recorded, not run; only the identity tables' IF NOT EXISTS (which the legacy
    // server ran at every start) is applied, and changes nothing.
    expect(adopted).toEqual(all.filter((m) => m.baseline).map((m) => m.id));
    expect(applied).toEqual(all.filter((m) => !m.baseline).map((m) => m.id));
    expect(applied).toEqual(['identity/002_self_service.sql']);
    expect(await counts(legacy)).toEqual(before);
    expect(await schemaOf(legacy)).toEqual(schemaBefore);

    const { rows } = await legacy.query<{ name: string }>('SELECT name FROM opsdeck.migrations');
    expect(rows.map((row) => row.name).sort()).toEqual(
      [...LEGACY_MIGRATIONS, ...all.map((m) => m.id)].sort(),
    );
    // The next start applies what came after the split, keeping the rows, then has nothing left to do.
    expect(await migrate(legacy)).toEqual(AFTER_SPLIT);
    expect(await counts(legacy)).toEqual(before);
    expect(await migrate(legacy)).toEqual([]);
  });

  it('refuses a database the legacy runner left half-way, naming what is missing', async () => {
    const partial = await target.open();
    await migrateAsLegacy(partial, 3);
    await expect(migrate(partial)).rejects.toThrow(
      /stopped before 004_check_status_summary_grouped.sql, 005_summary_table.sql, 006_drop_demo_credentials.sql/,
    );
  });
});

describe('a PGlite data directory of the legacy server', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'opsdeck-legacy-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('starts on the new code, keeps its estate and serves it', async () => {
    const legacy = await PGliteDatabase.open({ dataDir });
    try {
      await migrateAsLegacy(legacy);
      await seedDemo(legacy, { checks: 8 });
    } finally {
      await legacy.close();
    }

    const logs: Record<string, unknown>[] = [];
    const server = await startServer(
      {
        port: 0,
        host: '127.0.0.1',
        dataDir,
        memory: false,
        seed: 'demo',
        checks: 300,
        auth: 'basic',
        demoPassword: 'opsdeck-demo',
        trustProxy: false,
        devOutbox: false,
        publicDemo: false,
      },
      (entry) => logs.push(entry),
    );
    try {
      const logged = (msg: string) => logs.find((entry) => entry.msg === msg)?.migrations;
      // The split's only applied file (identity's IF NOT EXISTS), and what came after the split.
      expect(logged('migrations applied')).toEqual([
        ...AFTER_SPLIT.filter(
          (id) =>
            !id.startsWith('changes/') &&
            !id.startsWith('logs/') &&
            !id.startsWith('views/') &&
            !id.startsWith('identity/'),
        ),
        'identity/002_self_service.sql',
        ...AFTER_SPLIT.filter(
          (id) =>
            id.startsWith('identity/') ||
            id.startsWith('changes/') ||
            id.startsWith('logs/') ||
            id.startsWith('views/'),
        ),
      ]);
      expect(logged('migrations adopted from the previous runner')).toContain(
        'core/001_foundation.sql',
      );
      // Already seeded: the demo seed leaves it alone.
      expect(logs.some((entry) => entry.msg === 'seeding demo data')).toBe(false);
      const response = await fetch(`${server.url}/api/canary/api/summary`, {
        headers: basic('admin@local'),
      });
      expect(response.status).toBe(200);
      const body = (await response.json()) as { checks_summary: unknown[] };
      expect(body.checks_summary).toHaveLength(8);
    } finally {
      await server.close();
    }
  });
});
