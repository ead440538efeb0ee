import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './database.ts';
import { loadMigrations, migrate } from './migrate.ts';
import { testDatabases } from '../testing/databases.ts';

describe.each(testDatabases())('migrations on $engine', (target) => {
  let db: Database;
  beforeAll(async () => {
    db = await target.open();
  });
  afterAll(() => target.release());

  it('are recorded once and a second run applies nothing', async () => {
    const all = await loadMigrations();
    const { rows } = await db.query<{ name: string }>('SELECT name FROM opsdeck.migrations');
    expect(rows.map((row) => row.name).sort()).toEqual(all.map((m) => m.id).sort());
    expect(await migrate(db)).toEqual([]);
    // Re-running every file's SQL too must not fail: each statement is idempotent on its own.
    for (const migration of all) await db.exec(migration.sql);
  });

  it('creates the tables and views the console reads, with the FK names it hints', async () => {
    const { rows } = await db.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'",
    );
    const names = new Set(rows.map((row) => row.table_name));
    for (const name of [
      'canaries',
      'checks',
      'check_statuses',
      'check_summary',
      'checks_by_component',
      'check_summary_for_config',
      'check_names',
      'check_labels',
      'components',
      'topologies',
      'config_items',
      'configs',
      'config_changes',
      'config_analysis',
      'config_relationships',
      'config_component_relationships',
      'config_scrapers',
      'job_history',
      'job_histories',
      'job_history_names',
      'event_queue',
      'event_queue_summary',
      'incidents',
      'hypotheses',
      'evidences',
      'comments',
      'responders',
      'incident_histories',
      'playbooks',
      'playbook_runs',
      'playbook_run_actions',
      'playbook_approvals',
      'notifications',
      'notification_silences',
      'notification_send_history',
      'permissions',
      'teams',
      'team_members',
      'people',
      'agents',
      'agents_summary',
      'properties',
      'connections',
      'logging_backends',
      'identities',
      'sessions',
    ]) {
      expect(names, name).toContain(name);
    }
    const fks = await db.query<{ conname: string }>(
      "SELECT conname FROM pg_constraint WHERE contype = 'f'",
    );
    const fkNames = fks.rows.map((row) => row.conname);
    expect(fkNames).toEqual(
      expect.arrayContaining(['checks_canary_id_fkey', 'checks_agent_id_fkey']),
    );
  });

  it('gives the same JS values on both engines', async () => {
    const { rows } = await db.query<Record<string, unknown>>(
      `SELECT 42::int8 AS big, 1.5::numeric AS num, '2024-01-02T03:04:05.123456Z'::timestamptz AS at,
              '{"a":1}'::jsonb AS doc, gen_random_uuid() AS id, true AS ok`,
    );
    const row = rows[0]!;
    expect(row.big).toBe(42);
    expect(row.num).toBe(1.5);
    expect(row.at).toBe('2024-01-02T03:04:05.123456+00:00');
    expect(row.doc).toEqual({ a: 1 });
    expect(typeof row.id).toBe('string');
    expect(row.ok).toBe(true);
  });

  it('rolls a failed transaction back', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO properties (name, value) VALUES ('tx.test', 'x')");
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const { rows } = await db.query("SELECT 1 FROM properties WHERE name = 'tx.test'");
    expect(rows).toHaveLength(0);
  });
});
