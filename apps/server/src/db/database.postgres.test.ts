import type { Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { PostgresDatabase } from './database.ts';
import { testDatabaseUrl } from '../testing/databases.ts';

const url = testDatabaseUrl();
const opened: PostgresDatabase[] = [];

afterAll(async () => {
  await Promise.all(opened.map((db) => db.close().catch(() => undefined)));
});

async function open(max = 2) {
  const db = await PostgresDatabase.open({ url: url!, max });
  opened.push(db);
  return db;
}

describe.runIf(url)('PostgreSQL connections of an instance that dies', () => {
  it('free the locks of a statement still running within seconds, not when it ends', async () => {
    const key = Math.floor(Math.random() * 1_000_000_000);
    const dying = await open(1);
    const client = await dying.pool.connect();
    client.on('error', () => undefined);
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [key]);
    // A long statement in flight, as a seed's bulk insert is when its process is killed -9.
    const inFlight = client.query('SELECT pg_sleep(60)').catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 200));
    (client as unknown as { connection: { stream: Socket } }).connection.stream.destroy();
    await inFlight;
    client.release(true);

    const next = await open(1);
    const started = Date.now();
    const waited = await next.transaction(async (tx) => {
      await tx.query("SET LOCAL lock_timeout = '15s'");
      await tx.query('SELECT pg_advisory_xact_lock($1)', [key]);
      return Date.now() - started;
    });
    expect(waited).toBeLessThan(15_000);
  }, 30_000);
});
