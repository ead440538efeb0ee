import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { testDatabases } from '../../testing/databases.ts';
import { basic, startTestServer } from '../../testing/server.ts';
import { hashPassword } from './crypto.ts';

// Each startTestServer is a server start as far as the identities go: it runs identity.init().
async function signsIn(db: Database, email: string, password = 'opsdeck-demo') {
  const server = await startTestServer({ db, auth: 'basic' });
  try {
    const response = await fetch(`${server.url}/api/auth/whoami`, {
      headers: basic(email, password),
    });
    return response.status === 200;
  } finally {
    await server.close();
  }
}

async function passwords(db: Database) {
  const { rows } = await db.query<{ email: string; config: unknown; updated_at: unknown }>(
    `SELECT i.email, c.config, c.updated_at FROM identity_credentials c
       JOIN identity_identities i ON i.id = c.identity_id
      WHERE c.type = 'password' ORDER BY i.email`,
  );
  return rows;
}

describe.each(testDatabases('one'))('the demo sign-in at each start on $engine', (target) => {
  let db: Database;
  beforeAll(async () => {
    db = await target.open();
  });
  afterAll(() => target.release());

  it('is written by the first start and left as it is by a later one with the same password', async () => {
    expect(await signsIn(db, 'admin@local')).toBe(true);
    const first = await passwords(db);
    expect(first.map((row) => row.email)).toEqual(
      ['admin', 'commander', 'editor', 'guest', 'responder', 'viewer'].map((r) => `${r}@local`),
    );
    expect(await signsIn(db, 'viewer@local')).toBe(true);
    // Not one credential rewritten: same hash, same updated_at.
    expect(await passwords(db)).toEqual(first);
  });

  it('gives a demo person whose password was changed the demo password back at the next start', async () => {
    const changed = await hashPassword('changed-by-editor', { N: 1024, r: 8, p: 1 });
    await db.query(
      `UPDATE identity_credentials SET config = jsonb_build_object('hashed_password', $1::text)
        WHERE type = 'password'
          AND identity_id = (SELECT id FROM identity_identities WHERE email = 'editor@local')`,
      [changed],
    );
    expect(await signsIn(db, 'editor@local')).toBe(true);
    expect(await signsIn(db, 'editor@local', 'changed-by-editor')).toBe(false);
  });

  it('gives every demo person a new password when the configured one changes', async () => {
    const server = await startTestServer({
      db,
      auth: 'basic',
      identity: { env: { OPSDECK_DEMO_PASSWORD: 'another-demo-password' } },
    });
    try {
      for (const email of ['admin@local', 'guest@local']) {
        const as = (password: string) =>
          fetch(`${server.url}/api/auth/whoami`, { headers: basic(email, password) });
        expect((await as('another-demo-password')).status).toBe(200);
        expect((await as('opsdeck-demo')).status).toBe(401);
      }
    } finally {
      await server.close();
    }
  });
});
