import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, SqlRunner } from '../../db/database.ts';
import { loadMigrations } from '../../db/migrate.ts';
import { seedDemo } from '../../db/seed/demo.ts';
import { seedUuid } from '../../db/seed/random.ts';
import { testDatabases } from '../../testing/databases.ts';
import { advanceChangeWindows, startChangeWindows } from './changeWindows.ts';
import { queryCatalogSummary, type CatalogSummaryRequest } from './summary.ts';

const DAY = 86_400_000;
const id = (key: string) => seedUuid(`change-counts:${key}`);

/** When the kept counts are as of (opsdeck.config_change_windows). */
async function asOf(db: SqlRunner): Promise<number> {
  const { rows } = await db.query<{ as_of: string }>(
    'SELECT as_of FROM opsdeck.config_change_windows',
  );
  return Date.parse(rows[0]!.as_of);
}

/** Every config whose kept counts differ from a count of its changes as of the same instant. */
async function miscounted(db: SqlRunner): Promise<unknown[]> {
  const { rows } = await db.query(
    `WITH live AS (
       SELECT ci.id AS config_id,
              count(cc.id) FILTER (WHERE cc.created_at > w.as_of - interval '7 days') AS changes_7d,
              count(cc.id) FILTER (WHERE cc.created_at > w.as_of - interval '30 days') AS changes_30d
       FROM config_items ci
       CROSS JOIN opsdeck.config_change_windows w
       LEFT JOIN config_changes cc ON cc.config_id = ci.id
       GROUP BY ci.id
     )
     SELECT coalesce(l.config_id, k.config_id) AS config_id, l.changes_7d AS live_7d,
            k.changes_7d AS kept_7d, l.changes_30d AS live_30d, k.changes_30d AS kept_30d
     FROM live l FULL JOIN opsdeck.config_change_counts k ON k.config_id = l.config_id
     WHERE l.config_id IS NULL OR k.config_id IS NULL
        OR l.changes_7d <> k.changes_7d OR l.changes_30d <> k.changes_30d`,
  );
  return rows;
}

async function counts(db: SqlRunner, config: string) {
  const { rows } = await db.query<{ changes_7d: number; changes_30d: number }>(
    'SELECT changes_7d, changes_30d FROM opsdeck.config_change_counts WHERE config_id = $1',
    [config],
  );
  return rows[0];
}

async function addConfig(db: SqlRunner, key: string) {
  await db.query(
    `INSERT INTO config_items (id, config_class, type, name) VALUES ($1, 'Probe', 'Opsdeck::Probe', $2)`,
    [id(key), key],
  );
  return id(key);
}

/** Changes of one config, `daysAgo` before `at`, in one statement. */
async function addChanges(db: SqlRunner, config: string, at: number, daysAgo: number[]) {
  await db.query(
    `INSERT INTO config_changes (config_id, change_type, created_at)
     SELECT $1, 'Probe', $2::timestamptz - make_interval(secs => d * 86400)
     FROM unnest($3::float8[]) AS d`,
    [config, new Date(at).toISOString(), daysAgo],
  );
}

/** Polls until a statement of this database waits for a lock (another session holds it). */
async function someoneWaits(db: SqlRunner): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
       WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    if (rows[0]!.n > 0) return;
    if (Date.now() > deadline) throw new Error('no statement is waiting for a lock');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** What the console sends for the catalog's landing page (api-client configSummaryBody). */
const landing: CatalogSummaryRequest = {
  groupBy: ['type'],
  deleted: false,
  changes: { since: '30d' },
  analysis: { since: '30d' },
  cost: '30d',
};

interface SummaryRow {
  type: string | null;
  count: number;
  health: Record<string, number> | null;
  changes: number;
  analysis: Record<string, number>;
}

/** The landing page's numbers counted row by row in JS, from the tables as they are. */
async function expectedLanding(db: SqlRunner, now: number): Promise<SummaryRow[]> {
  const { rows: configs } = await db.query<{ id: string; type: string | null; health: string }>(
    'SELECT id, type, health FROM config_items WHERE deleted_at IS NULL',
  );
  const { rows: changes } = await db.query<{ config_id: string; created_at: string }>(
    'SELECT config_id, created_at FROM config_changes',
  );
  const { rows: analyses } = await db.query<{
    config_id: string;
    analysis_type: string | null;
    last_observed: string | null;
  }>("SELECT config_id, analysis_type, last_observed FROM config_analysis WHERE status = 'open'");
  const types = new Map<string | null, SummaryRow>();
  const typeOf = new Map<string, string | null>();
  for (const config of configs) {
    typeOf.set(config.id, config.type);
    const row = types.get(config.type) ?? {
      type: config.type,
      count: 0,
      health: null,
      changes: 0,
      analysis: {},
    };
    row.count += 1;
    if (config.health !== null) {
      row.health ??= {};
      row.health[config.health] = (row.health[config.health] ?? 0) + 1;
    }
    types.set(config.type, row);
  }
  for (const change of changes) {
    if (!typeOf.has(change.config_id) || Date.parse(change.created_at) <= now - 30 * DAY) continue;
    types.get(typeOf.get(change.config_id)!)!.changes += 1;
  }
  for (const analysis of analyses) {
    if (!typeOf.has(analysis.config_id)) continue;
    if (analysis.last_observed === null || Date.parse(analysis.last_observed) < now - 30 * DAY)
      continue;
    const row = types.get(typeOf.get(analysis.config_id)!)!;
    const kind = analysis.analysis_type ?? 'other';
    row.analysis[kind] = (row.analysis[kind] ?? 0) + 1;
  }
  return byType([...types.values()]);
}

// In JS's order: the database sorts types by its collation.
const byType = (rows: SummaryRow[]) =>
  [...rows].sort((a, b) => ((a.type ?? '') < (b.type ?? '') ? -1 : 1));

const numbers = (rows: Record<string, unknown>[] | null): SummaryRow[] =>
  (rows ?? []).map(({ type, count, health, changes, analysis }) => ({
    type: type as string | null,
    count: count as number,
    health: health as Record<string, number> | null,
    changes: changes as number,
    analysis: analysis as Record<string, number>,
  }));

describe.each(testDatabases())('the kept change counts on $engine', (target) => {
  let db: Database;
  // The seed's clock, a minute back: the windows are moved on to a known instant after it.
  const seededAt = Math.floor(Date.now() / 60_000) * 60_000 - 60_000;
  beforeAll(async () => {
    db = await target.open();
    // The demo catalog and a generated one (the bench's --configs) of 1,500 configs.
    await seedDemo(db, { checks: 0, configs: 1_500, now: new Date(seededAt) });
  }, 180_000);
  afterAll(() => target.release());

  it('counts every config’s changes of the last 7 and 30 days, from the seed on', async () => {
    await advanceChangeWindows(db, new Date(Date.now() + 1_000));
    expect(await miscounted(db)).toEqual([]);
    const { rows } = await db.query<{ configs: number; changed: number }>(
      `SELECT count(*)::int AS configs, count(*) FILTER (WHERE changes_7d > 0)::int AS changed
       FROM opsdeck.config_change_counts`,
    );
    expect(rows[0]!.configs).toBeGreaterThan(1_500);
    expect(rows[0]!.changed).toBeGreaterThan(100);
  });

  it('follows changes inserted, moved, re-dated and deleted, one statement or many rows', async () => {
    const at = await asOf(db);
    const first = await addConfig(db, 'follows:first');
    const second = await addConfig(db, 'follows:second');
    expect(await counts(db, first)).toEqual({ changes_7d: 0, changes_30d: 0 });

    await addChanges(db, first, at, [0, 1, 3, 10, 29, 40]);
    await addChanges(db, second, at, [2]);
    expect(await counts(db, first)).toEqual({ changes_7d: 3, changes_30d: 5 });
    expect(await counts(db, second)).toEqual({ changes_7d: 1, changes_30d: 1 });

    // A change moved to another config, one brought forward in time, one pushed out of both.
    await db.query(
      `UPDATE config_changes SET config_id = $2
       WHERE config_id = $1 AND created_at = $3::timestamptz - interval '24 hours'`,
      [first, second, new Date(at).toISOString()],
    );
    await db.query(
      `UPDATE config_changes SET created_at = $2::timestamptz
       WHERE config_id = $1 AND created_at = $2::timestamptz - interval '240 hours'`,
      [first, new Date(at).toISOString()],
    );
    await db.query(
      `UPDATE config_changes SET created_at = created_at - interval '60 days'
       WHERE config_id = $1 AND created_at = $2::timestamptz - interval '696 hours'`,
      [first, new Date(at).toISOString()],
    );
    expect(await counts(db, first)).toEqual({ changes_7d: 3, changes_30d: 3 });
    expect(await counts(db, second)).toEqual({ changes_7d: 2, changes_30d: 2 });

    // An update that moves nothing (a scraper counting a repeated change) changes no count.
    await db.query('UPDATE config_changes SET count = count + 1 WHERE config_id = $1', [first]);
    expect(await counts(db, first)).toEqual({ changes_7d: 3, changes_30d: 3 });

    await db.query(
      `DELETE FROM config_changes WHERE config_id = ANY($1::uuid[])
       AND created_at > $2::timestamptz - interval '48 hours'`,
      [[first, second], new Date(at).toISOString()],
    );
    expect(await counts(db, first)).toEqual({ changes_7d: 1, changes_30d: 1 });
    expect(await counts(db, second)).toEqual({ changes_7d: 1, changes_30d: 1 });

    // A config deleted for good takes its changes and its counts with it.
    await db.query('DELETE FROM config_items WHERE id = $1', [second]);
    expect(await counts(db, second)).toBeUndefined();
    expect(await miscounted(db)).toEqual([]);
  });

  it('sorts the configs list by the kept count, as the view exposes it', async () => {
    const { rows } = await db.query<{ id: string; changes: number }>(
      'SELECT id, changes FROM configs WHERE deleted_at IS NULL ORDER BY changes DESC LIMIT 50',
    );
    const { rows: live } = await db.query<{ id: string; n: number }>(
      `SELECT ci.id, count(cc.id)::int AS n
       FROM config_items ci CROSS JOIN opsdeck.config_change_windows w
       LEFT JOIN config_changes cc ON cc.config_id = ci.id
         AND cc.created_at > w.as_of - interval '7 days'
       WHERE ci.deleted_at IS NULL GROUP BY ci.id ORDER BY n DESC`,
    );
    const liveById = new Map(live.map((row) => [row.id, row.n]));
    expect(rows.map((row) => row.changes)).toEqual(live.slice(0, 50).map((row) => row.n));
    for (const row of rows) expect(row.changes).toBe(liveById.get(row.id));
  });

  it('takes away what leaves each window when the windows move on, and never moves back', async () => {
    const at = await asOf(db);
    const config = await addConfig(db, 'moves');
    // Half a day inside the 7-day window, a day inside it, and half a day inside the 30-day one.
    await addChanges(db, config, at, [6.5, 6, 29.5, 20]);
    expect(await counts(db, config)).toEqual({ changes_7d: 2, changes_30d: 4 });

    expect(await advanceChangeWindows(db, new Date(at + 0.75 * DAY))).toBeGreaterThan(0);
    expect(await asOf(db)).toBe(at + 0.75 * DAY);
    expect(await counts(db, config)).toEqual({ changes_7d: 1, changes_30d: 3 });
    expect(await miscounted(db)).toEqual([]);

    // An earlier instant (a server whose clock is behind) leaves the windows where they are.
    expect(await advanceChangeWindows(db, new Date(at))).toBe(0);
    expect(await asOf(db)).toBe(at + 0.75 * DAY);

    expect(await advanceChangeWindows(db, new Date(at + 2 * DAY))).toBeGreaterThan(0);
    expect(await counts(db, config)).toEqual({ changes_7d: 0, changes_30d: 3 });
    expect(await miscounted(db)).toEqual([]);
  });

  it('catches up at start after a server was down, then every minute', async () => {
    // The counts as a server stopped ten days ago left them: migration 004 recounts as of as_of.
    await db.query("UPDATE opsdeck.config_change_windows SET as_of = now() - interval '10 days'");
    const recount = (await loadMigrations()).find(
      (migration) => migration.id === 'catalog/004_catalog_change_counts.sql',
    )!;
    await db.transaction((tx) => tx.exec(recount.sql));
    expect(await miscounted(db)).toEqual([]);
    const before = await db.query<{ n: number }>(
      'SELECT sum(changes_7d)::int AS n FROM opsdeck.config_change_counts',
    );

    const started = Date.now();
    const lines: Record<string, unknown>[] = [];
    const job = startChangeWindows({ db, log: (line) => lines.push(line) });
    await job.stop();
    expect(await asOf(db)).toBeGreaterThanOrEqual(started - 5_000);
    expect(await miscounted(db)).toEqual([]);
    const after = await db.query<{ n: number }>(
      'SELECT sum(changes_7d)::int AS n FROM opsdeck.config_change_counts',
    );
    expect(after.rows[0]!.n).toBeLessThan(before.rows[0]!.n);
    expect(lines).toEqual([{ msg: 'change counts advanced', configs: expect.any(Number) }]);
  });

  it('answers the summary from the kept counts with the numbers counted live', async () => {
    const now = Date.now() + 1_000;
    await advanceChangeWindows(db, new Date(now));
    // A config with several open insights of several types, one without a type ('other').
    const insightful = await addConfig(db, 'summary:insights');
    await db.query(
      `INSERT INTO config_analysis (config_id, analyzer, analysis_type, status, last_observed)
       SELECT $1, 'probe', t, 'open', now() FROM unnest($2::text[]) AS t`,
      [insightful, ['security', 'security', 'cost', null]],
    );
    const kept = await queryCatalogSummary(db, landing, { now });
    expect(byType(numbers(kept))).toEqual(await expectedLanding(db, now));
    const bodies: CatalogSummaryRequest[] = [
      landing,
      { ...landing, health: 'unhealthy,warning' },
      { ...landing, health: '!none-1' },
      { ...landing, status: '!Running', health: 'healthy' },
      { ...landing, filter: { team: 'payments' } },
      { ...landing, deleted: true },
      { ...landing, groupBy: ['namespace'] },
      { ...landing, groupBy: ['health', 'type'] },
      { ...landing, changes: { since: '7d' } },
      { ...landing, changes: { since: '168h' } },
    ];
    for (const body of bodies) {
      expect(await queryCatalogSummary(db, body, { now }), JSON.stringify(body)).toEqual(
        await queryCatalogSummary(db, body, { now, changes: 'live' }),
      );
    }
  });

  it.skipIf(target.engine !== 'postgres')(
    'moves the windows once when two servers advance together',
    async () => {
      const at = await asOf(db);
      const config = await addConfig(db, 'race');
      await addChanges(db, config, at, [6.9, 6.8]);
      const to = new Date(at + 0.5 * DAY);
      // The first advance holds the windows' row; the second waits for it, then finds them moved.
      let second: Promise<number> | undefined;
      const first = await db.transaction(async (tx) => {
        const moved = await advanceChangeWindows(tx, to);
        second = advanceChangeWindows(db, to);
        await someoneWaits(db);
        return moved;
      });
      expect(first).toBeGreaterThan(0);
      expect(await second).toBe(0);
      expect(await counts(db, config)).toEqual({ changes_7d: 0, changes_30d: 2 });
      expect(await miscounted(db)).toEqual([]);
    },
  );

  it.skipIf(target.engine !== 'postgres')(
    'lets changes written as they happen pass an advance, and counts older ones after it',
    async () => {
      const at = await asOf(db);
      const config = await addConfig(db, 'writers');
      let backfill: Promise<void> | undefined;
      await db.transaction(async (tx) => {
        await advanceChangeWindows(tx, new Date(at + 0.5 * DAY));
        // A new change does not wait for the advance (its counts are the same either side of it).
        await addChanges(db, config, at, [0]);
        // A back-filled one just inside the window as it was waits, then counts against the new one.
        backfill = addChanges(db, config, at, [6.8]);
        await someoneWaits(db);
      });
      await backfill;
      expect(await counts(db, config)).toEqual({ changes_7d: 1, changes_30d: 2 });
      expect(await miscounted(db)).toEqual([]);
    },
  );

  it('zeroes every count when the changes are truncated', async () => {
    // Evidences may name a change: TRUNCATE ... CASCADE empties them too (this suite's last test).
    await db.query('TRUNCATE config_changes CASCADE');
    const { rows } = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM opsdeck.config_change_counts WHERE changes_7d <> 0 OR changes_30d <> 0',
    );
    expect(rows[0]!.n).toBe(0);
    expect(await miscounted(db)).toEqual([]);
  });
});
