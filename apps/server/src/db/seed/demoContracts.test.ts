// Issue 32 §1: every demo-seeded row of a table whose writes are guarded by a contract passes that
// guard, so editing a seeded row in the console (a PATCH through /api/db, which checks the whole
// row as the write leaves it) never gets a 400 for something the seed wrote. Each row is written
// back unchanged by an admin, on PGlite and PostgreSQL; a later edit of the seed that breaks a
// contract fails here, naming the table, the row and the server's reason.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../../auth/user.ts';
import { defaultServiceRegistry } from '../../services/list.ts';
import { testDatabases } from '../../testing/databases.ts';
import { startTestServer, type TestServer } from '../../testing/server.ts';
import type { Database } from '../database.ts';
import { seedDemo } from './demo.ts';

/** The tables whose rows hold a resource with a contract (their guard runs for every writer). */
const GUARDED = [
  'canaries',
  'topologies',
  'config_scrapers',
  'logging_backends',
  'connections',
  'playbooks',
  'teams',
  'incident_rules',
  'notification_silences',
  'notifications',
  'permissions',
] as const;

/**
 * Guarded tables the demo seed may leave empty, each with why; any other table must have seeded
 * rows, so the test never passes by finding nothing. A listed table that gains rows is checked too.
 */
const UNSEEDED: Readonly<Record<string, string>> = {
  incident_rules: 'the demo estate has no incident rules yet (its incidents are seeded directly)',
};

const admin: AuthUser = { id: randomUUID(), name: 'Seed check', roles: ['admin'], permissions: [] };

it('each listed table has a contract guard', () => {
  const registry = defaultServiceRegistry();
  for (const table of GUARDED)
    expect(registry.table(table)?.declaration.guardWrite, table).toBeTypeOf('function');
});

describe.each(testDatabases())('demo-seeded rows pass their contracts on $engine', (target) => {
  let db: Database;
  let server: TestServer;

  beforeAll(async () => {
    db = await target.open();
    await seedDemo(db, { checks: 20, now: new Date('2025-03-01T12:00:00Z') });
    await db.query(`INSERT INTO people (id, name, email) VALUES ($1, 'Seed check', $2)`, [
      admin.id,
      `seed-check-${admin.id}@local`,
    ]);
    server = await startTestServer({
      db,
      resolvers: [async (request) => (request.headers.get('x-test-admin') ? admin : undefined)],
    });
  });
  afterAll(async () => {
    await server?.close();
    await target.release();
  });

  it.each(GUARDED)('%s: every seeded row written back unchanged is accepted', async (table) => {
    const { rows } = await db.query<{ id: string; name: string }>(
      `SELECT id::text AS id, name FROM ${table} ORDER BY id`,
    );
    if (rows.length === 0) {
      expect(
        UNSEEDED[table],
        `${table} has no seeded rows and is not listed as unseeded`,
      ).toBeDefined();
      return;
    }
    const refused: string[] = [];
    for (const row of rows) {
      const response = await fetch(`${server.url}/api/db/${table}?id=eq.${row.id}`, {
        method: 'PATCH',
        headers: { 'x-test-admin': '1', 'content-type': 'application/json' },
        body: JSON.stringify({ name: row.name }),
      });
      const text = await response.text();
      if (response.status >= 300) refused.push(`${row.name}: ${response.status} ${text}`);
    }
    expect(refused, `${table} rows the server refuses to have edited`).toEqual([]);
  });
});
