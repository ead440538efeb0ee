// Issue 35 (Server): a canary saved through /api/db is scheduled at once by the server's runner, its
// checks appearing in the health summary and running against a server this test starts on
// 127.0.0.1; a canary deleted (softly, as the console deletes) stops running; a spec the Canary
// contract refuses is a 400 naming the path and never reaches the scheduler. On PGlite and
// PostgreSQL, through a whole server as `pnpm start` runs it.
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../config.ts';
import { PostgresDatabase } from '../../db/database.ts';
import { startServer, type RunningServer } from '../../server.ts';
import { postgresTemplate, testDatabaseUrl } from '../../testing/databases.ts';

const postgresUrl = testDatabaseUrl();
const engines = [
  { engine: 'pglite', database: 'memory' },
  ...(postgresUrl
    ? [{ engine: 'postgres', database: `opsdeck_saved_${randomBytes(6).toString('hex')}` }]
    : []),
];

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, millis = 15_000) {
  const deadline = Date.now() + millis;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    value = await read();
  }
  return value;
}

describe.each(engines)('a canary saved through /api/db on $engine', ({ engine, database }) => {
  let server: RunningServer;
  let target: Server;
  let hits = 0;
  let targetUrl = '';
  const dataDir = mkdtempSync(join(tmpdir(), 'opsdeck-saved-canary-'));
  const databaseUrl = (() => {
    if (engine !== 'postgres') return undefined;
    const parsed = new URL(postgresUrl!);
    parsed.pathname = `/${database}`;
    return parsed.toString();
  })();

  beforeAll(async () => {
    if (databaseUrl) {
      const admin = await PostgresDatabase.open({ url: postgresUrl!, max: 1 });
      try {
        // Migrated, as the in-memory PGlite is (a copy of the run's migrated cluster): the test is
        // about a saved canary, not a first start.
        const template = postgresTemplate();
        await admin.exec(`CREATE DATABASE ${database}${template ? ` TEMPLATE ${template}` : ''}`);
      } finally {
        await admin.close();
      }
    }
    target = createServer((_request, response) => {
      hits += 1;
      response.end('ok');
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}/up`;
    const config: ServerConfig = {
      port: 0,
      host: '127.0.0.1',
      dataDir,
      memory: !databaseUrl,
      ...(databaseUrl ? { databaseUrl } : {}),
      seed: 'none',
      checks: 0,
      auth: 'disabled',
      demoPassword: 'x',
      trustProxy: false,
      devOutbox: false,
      publicDemo: false,
    };
    server = await startServer(config, () => undefined);
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await new Promise((resolve) => target?.close(resolve));
    rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl) {
      const admin = await PostgresDatabase.open({ url: postgresUrl!, max: 1 });
      try {
        await admin.exec(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      } finally {
        await admin.close();
      }
    }
  });

  const api = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${server.url}${path}`, {
      ...init,
      headers: {
        'content-type': 'application/json',
        prefer: 'return=representation',
        ...init.headers,
      },
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
  };
  const summaryNames = async () => {
    const { body } = await api('/api/canary/api/summary');
    return ((body as { checks_summary?: { name: string }[] }).checks_summary ?? []).map(
      (check) => check.name,
    );
  };

  it('refuses a spec the contract refuses, naming the path, and schedules nothing', async () => {
    const reply = await api('/api/db/canaries', {
      method: 'POST',
      body: JSON.stringify({
        name: 'broken',
        namespace: 'default',
        spec: { schedule: '@every 1s', http: [{ name: 'no-url' }] },
      }),
    });
    expect(reply.status).toBe(400);
    expect((reply.body as { message: string }).message).toBe(
      'canaries broken: spec.http[0].url: This field is required',
    );
    const { body } = await api('/api/db/checks?select=name');
    expect(body).toEqual([]);
  });

  it('runs a saved canary at once and stops it when it is deleted', async () => {
    const created = await api('/api/db/canaries', {
      method: 'POST',
      body: JSON.stringify({
        name: 'shop',
        namespace: 'default',
        source: 'UI',
        spec: { schedule: '@every 1s', http: [{ name: 'shop-up', url: targetUrl }] },
      }),
    });
    expect(created.status).toBe(201);
    const [canary] = created.body as { id: string }[];

    // Its check exists and has run (a status recorded, the target reached), within seconds.
    const statuses = await waitFor(
      async () =>
        (
          await api(
            `/api/db/check_statuses?select=status,checks!inner(name,canary_id)&checks.canary_id=eq.${canary!.id}`,
          )
        ).body as { status: boolean }[],
      (rows) => rows.length > 0,
    );
    expect(statuses[0]).toMatchObject({ status: true });
    expect(hits).toBeGreaterThan(0);
    expect(await waitFor(summaryNames, (names) => names.includes('shop-up'))).toContain('shop-up');

    // Deleted as the console deletes: softly. Its checks go, and the runner stops.
    const deleted = await api(`/api/db/canaries?id=eq.${canary!.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ deleted_at: new Date().toISOString() }),
    });
    expect(deleted.status).toBe(200);
    const { body: checks } = await api(
      `/api/db/checks?select=name,deleted_at&canary_id=eq.${canary!.id}`,
    );
    expect((checks as { deleted_at: string | null }[]).every((check) => check.deleted_at)).toBe(
      true,
    );
    // A run already started may finish; after that, none.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const after = hits;
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(hits).toBe(after);
    expect(await waitFor(summaryNames, (names) => !names.includes('shop-up'))).not.toContain(
      'shop-up',
    );
  }, 60_000);
});
