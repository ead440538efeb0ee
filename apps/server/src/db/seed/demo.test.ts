import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../database.ts';
import { freshPGlite, testDatabases } from '../../testing/databases.ts';
import { BUSY_EVERY, busyHistoryOffsets, historyOffsets, seedDemo } from './demo.ts';

const NOW = new Date('2025-03-01T12:00:00Z');

async function fingerprint(db: Database) {
  const { rows } = await db.query<{
    checks: string;
    statuses: string;
    configs: string;
    incidents: string;
  }>(
    `SELECT (SELECT md5(string_agg(id || name || type || status || labels::text, ',' ORDER BY id)) FROM checks) AS checks,
            (SELECT md5(string_agg(check_id || time::text || status::text || duration, ',' ORDER BY check_id, time)) FROM check_statuses) AS statuses,
            (SELECT md5(string_agg(id || config_class || coalesce(name, ''), ',' ORDER BY id)) FROM config_items) AS configs,
            (SELECT md5(string_agg(id || title || status, ',' ORDER BY id)) FROM incidents) AS incidents`,
  );
  return rows[0];
}

describe.each(testDatabases())('demo seed on $engine', (target) => {
  let db: Database;
  beforeAll(async () => {
    db = await target.open();
    await seedDemo(db, { checks: 120, now: NOW });
  });
  afterAll(() => target.release());

  it('creates the requested checks, history across 30 days, and every kind of demo data', async () => {
    const count = async (sql: string) => (await db.query<{ n: number }>(sql)).rows[0]!.n;
    expect(await count('SELECT count(*) AS n FROM checks')).toBe(120);
    expect(await count('SELECT count(*) AS n FROM canaries')).toBe(15);
    const perCheck = await count(
      'SELECT min(n) AS n FROM (SELECT count(*) AS n FROM check_statuses GROUP BY check_id) s',
    );
    expect(perCheck).toBe(historyOffsets().length);
    // Some checks run often enough to page through a day of history (more than one page of 50).
    const busiest = await count(
      'SELECT max(n) AS n FROM (SELECT count(*) AS n FROM check_statuses GROUP BY check_id) s',
    );
    expect(busiest).toBe(historyOffsets().length + busyHistoryOffsets().length);
    expect(
      await count(
        `SELECT count(*) AS n FROM (SELECT check_id FROM check_statuses GROUP BY check_id HAVING count(*) > 100) s`,
      ),
    ).toBeGreaterThanOrEqual(Math.floor(120 / BUSY_EVERY) - 1);
    const oldest = (await db.query<{ t: string }>('SELECT min(time) AS t FROM check_statuses'))
      .rows[0]!.t;
    expect(NOW.getTime() - Date.parse(oldest)).toBeGreaterThan(29 * 24 * 3600_000);
    for (const table of [
      'components',
      'config_items',
      'config_changes',
      'config_analysis',
      'incidents',
      'hypotheses',
      'evidences',
      'playbooks',
      'playbook_runs',
      'playbook_run_actions',
      'job_history',
      'notifications',
      'notification_silences',
      'teams',
      'people',
      'connections',
      'properties',
    ]) {
      expect(await count(`SELECT count(*) AS n FROM ${table}`), table).toBeGreaterThan(0);
    }
    expect(
      await count(`SELECT count(*) AS n FROM checks WHERE labels->>'critical' = 'true'`),
    ).toBeGreaterThan(0);
    const roles = await db.query<{ email: string; role: string }>(
      `SELECT p.email, r.role FROM people p JOIN opsdeck.person_roles r ON r.person_id = p.id WHERE p.email LIKE '%@local' ORDER BY r.role`,
    );
    expect(roles.rows.map((row) => row.email)).toEqual([
      'admin@local',
      'commander@local',
      'editor@local',
      'guest@local',
      'responder@local',
      'viewer@local',
    ]);
  });

  it('is deterministic: the same seed gives the same estate', async () => {
    const other = await freshPGlite();
    try {
      await seedDemo(other, { checks: 120, now: NOW });
      expect(await fingerprint(other)).toEqual(await fingerprint(db));
    } finally {
      await other.close();
    }
  });
});
