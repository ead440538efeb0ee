// The demo's live connections (issue 36): this server over http and its own PostgreSQL, both
// passing the connection test, the database password sealed, a second start idempotent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { processSecretBox } from '../playbooks/secrets.ts';
import { testDatabases, testDatabaseUrl } from '../../testing/databases.ts';
import { basic, startTestServer, type TestServer } from '../../testing/server.ts';
import { seedDemoConnections } from './demoConnections.ts';

describe.each(testDatabases())('demo connections on $engine', (target) => {
  let db: Database;
  let server: TestServer;
  const databaseUrl = target.engine === 'postgres' ? testDatabaseUrl() : undefined;

  const byName = async (name: string) =>
    (
      await db.query<{ id: string; url: string; password: string | null; created_by: string }>(
        'SELECT id, url, password, created_by FROM connections WHERE name = $1',
        [name],
      )
    ).rows;
  const test = async (id: string) => {
    const response = await fetch(`${server.url}/api/connection/test/${id}`, {
      method: 'POST',
      headers: basic('admin@local'),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  beforeAll(async () => {
    db = await target.openSeeded({ checks: 2 });
    server = await startTestServer({ db, outbound: { allowPrivate: true, allowLinkLocal: false } });
    const options = { selfOrigin: server.url, databaseUrl, secrets: processSecretBox() };
    await seedDemoConnections(db, { ...options, selfOrigin: 'http://127.0.0.1:1' });
    // A restart on another port: the url follows it, nothing is written twice.
    await seedDemoConnections(db, options);
  });

  afterAll(async () => {
    await server?.close();
    await target.release();
  });

  it('an http connection to this server, with an actor, that passes its test', async () => {
    const rows = await byName('opsdeck-api');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.url).toBe(`${server.url}/health`);
    expect(rows[0]!.created_by).toBeTruthy();
    expect(await test(rows[0]!.id)).toMatchObject({ status: 200, body: { message: 'ok' } });
    const webhook = await byName('ops-alerts-webhook');
    expect(await test(webhook[0]!.id)).toMatchObject({ status: 200 });
  });

  it('cloud connections whose keys are references, not values', async () => {
    for (const name of ['aws-production', 'azure-subscriptions', 'gcp-analytics'])
      expect(await byName(name), name).toHaveLength(1);
    expect((await byName('aws-production'))[0]!.password).toMatch(/^secret:\/\//);
  });

  it.skipIf(!databaseUrl)(
    'a postgres connection to its own database, sealed, that passes',
    async () => {
      const rows = await byName('opsdeck-database');
      expect(rows).toHaveLength(1);
      expect(rows[0]!.url).not.toContain('@');
      if (new URL(databaseUrl!).password) expect(rows[0]!.password).toMatch(/^v1:/);
      expect(await test(rows[0]!.id)).toMatchObject({ status: 200, body: { message: 'ok' } });
    },
  );

  it('none on PGlite, which no client can reach', async () => {
    if (databaseUrl) return;
    expect(await byName('opsdeck-database')).toHaveLength(0);
  });
});
