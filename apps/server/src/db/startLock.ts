import { PostgresDatabase, type Database } from './database.ts';

// Any constant shared by every instance (migrate.ts holds 4_242_001, the demo seed 4_242_002).
const START_LOCK = 4_242_003;

/**
 * Runs `fn` while no other instance sharing this database runs its own start-up steps: the DDL of
 * a first start (CREATE ... IF NOT EXISTS) fails when two sessions race on it. PostgreSQL: a session
 * advisory lock on a connection of its own, freed by the server if this process dies. PGlite: one
 * process has the database (memory, or a locked data dir), so there is no one to wait for.
 */
export async function withStartLock<T>(db: Database, fn: () => Promise<T>): Promise<T> {
  if (!(db instanceof PostgresDatabase)) return fn();
  const client = await db.pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('SELECT pg_advisory_lock($1)', [START_LOCK]);
    try {
      return await fn();
    } finally {
      await client
        .query('SELECT pg_advisory_unlock($1)', [START_LOCK])
        .catch((error: Error) => (broken = error));
    }
  } finally {
    // A connection that could not unlock may still hold the lock: close it rather than pool it.
    client.release(broken);
  }
}
