// A start killed mid-seed leaves dead rows; a vacuum of them says the tables are empty, and the next
// start's seed (one transaction) then planned its joins over 50,000 statuses for one row and took
// minutes on PostgreSQL. The seed keeps the planner's statistics true and vacuums out of its tables.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineService } from '../../services/defineService.ts';
import { SERVICES } from '../../services/list.ts';
import { PostgresDatabase, type Database, type SqlRunner } from '../database.ts';
import { testDatabases } from '../../testing/databases.ts';
import { seedDemo, seedDemoOnce } from './demo.ts';

const CHECKS = 200;

async function estimatedRows(db: SqlRunner, table: string): Promise<number> {
  const { rows } = await db.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    `EXPLAIN (FORMAT JSON) SELECT * FROM ${table}`,
  );
  return rows[0]!['QUERY PLAN'][0].Plan['Plan Rows'];
}

describe.each(testDatabases())('a demo seed after a killed one, on $engine', (target) => {
  let db: Database;
  const seen: { estimate?: number; actual?: number; vacuumBlocked?: boolean } = {};

  beforeAll(async () => {
    db = await target.open();
    // The killed start: a whole seed that never commits, then a vacuum that finds only dead rows
    // and (as autovacuum may, when it cannot lock a table to cut it) keeps their pages.
    await db
      .transaction(async (tx) => {
        await seedDemo(tx, { checks: CHECKS });
        throw new Error('killed');
      })
      .catch((error: Error) => expect(error.message).toBe('killed'));
    await db.exec('VACUUM (TRUNCATE false) check_statuses, checks');
    expect(await estimatedRows(db, 'check_statuses')).toBeLessThan(10);

    const probe = defineService({
      name: 'probe',
      async seed({ db: tx }) {
        seen.estimate = await estimatedRows(tx, 'check_statuses');
        const { rows } = await tx.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM check_statuses',
        );
        seen.actual = rows[0]!.n;
        if (!(db instanceof PostgresDatabase)) return;
        // What autovacuum asks for, without waiting, from another session.
        const other = await db.pool.connect();
        try {
          await other.query('BEGIN');
          await other.query('LOCK TABLE check_statuses IN SHARE UPDATE EXCLUSIVE MODE NOWAIT');
          seen.vacuumBlocked = false;
        } catch (error) {
          seen.vacuumBlocked = /could not obtain lock/.test((error as Error).message);
        } finally {
          await other.query('ROLLBACK');
          other.release();
        }
      },
    });
    await seedDemoOnce(db, { checks: CHECKS, services: [...SERVICES, probe] });
  }, 180_000);
  afterAll(() => target.release());

  it('plans for the rows it has written, not for the empty tables a vacuum saw', () => {
    expect(seen.actual).toBeGreaterThan(5000);
    expect(seen.estimate).toBeGreaterThan(seen.actual! / 2);
  });

  it.runIf(target.engine === 'postgres')(
    'keeps a vacuum out of its tables until it commits',
    () => {
      expect(seen.vacuumBlocked).toBe(true);
    },
  );
});
