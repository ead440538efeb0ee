// The connections list pages on the server (issue 36): the console's request for a page, counted,
// against the real /api/db. With 150 connections nothing is cut at the reference's 100, the count
// is every one, and a search finds the 140th.
import { createApiClient } from '@opsdeck/api-client';
import { listConnectionsPage } from '@opsdeck/api-client/connections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { testDatabases } from '../../testing/databases.ts';
import { basic, startTestServer, type TestServer } from '../../testing/server.ts';

const name = (n: number) => `bulk-${String(n).padStart(3, '0')}`;

describe.each(testDatabases())('the connections list on $engine', (target) => {
  let db: Database;
  let server: TestServer;
  // The console's client, signed in as an admin.
  const client = () =>
    createApiClient({
      baseUrl: `${server.url}/api`,
      fetch: (input, init) => {
        const request = new Request(input, init);
        request.headers.set('Authorization', basic('admin@local').Authorization!);
        return fetch(request);
      },
    });

  beforeAll(async () => {
    db = await target.openSeeded({ checks: 1 });
    server = await startTestServer({ db });
    await db.query('UPDATE connections SET deleted_at = now() WHERE deleted_at IS NULL');
    const rows = Array.from({ length: 150 }, (_, index) => ({
      name: name(index + 1),
      namespace: 'default',
      type: 'http',
      url: `http://127.0.0.1:9/${index + 1}`,
    }));
    const response = await fetch(`${server.url}/api/db/connections`, {
      method: 'POST',
      headers: { ...basic('admin@local'), 'content-type': 'application/json' },
      body: JSON.stringify(rows),
    });
    expect(response.status, await response.text()).toBe(201);
  });
  afterAll(async () => {
    await server?.close();
    await target.release();
  });

  // console.md §6 / settings.md §6: viewers, responders and commanders read everything except rbac,
  // identities and connections; editors read connections (masked), only admins write them.
  it('reads by the role matrix over real requests: admins and editors read (masked), others 403', async () => {
    const secret = 'role-matrix-Secret-1';
    const created = await fetch(`${server.url}/api/db/connections`, {
      method: 'POST',
      headers: { ...basic('admin@local'), 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'zz-roles',
        namespace: 'default',
        type: 'http',
        url: 'http://127.0.0.1:9/',
        password: secret,
      }),
    });
    expect(created.status).toBe(201);
    const read = async (who: string) => {
      const response = await fetch(
        `${server.url}/api/db/connections?select=name,password&name=eq.zz-roles`,
        { headers: basic(who) },
      );
      const text = await response.text();
      expect(text).not.toContain(secret);
      return { status: response.status, text };
    };
    for (const who of ['admin@local', 'editor@local']) {
      const { status, text } = await read(who);
      expect(status, who).toBe(200);
      expect(JSON.parse(text)).toEqual([{ name: 'zz-roles', password: '********' }]);
    }
    for (const who of ['viewer@local', 'responder@local', 'commander@local', 'guest@local'])
      expect((await read(who)).status, who).toBe(403);
    await db.query(`UPDATE connections SET deleted_at = now() WHERE name = 'zz-roles'`);
  });

  it('counts all 150; pages past the 100th; a search finds the 140th', async () => {
    const first = await listConnectionsPage(client(), {
      pageIndex: 0,
      pageSize: 50,
      sortBy: 'name',
    });
    expect(first.total).toBe(150);
    expect(first.rows.map((row) => row.name)).toEqual(
      Array.from({ length: 50 }, (_, index) => name(index + 1)),
    );
    const last = await listConnectionsPage(client(), {
      pageIndex: 2,
      pageSize: 50,
      sortBy: 'name',
      sortOrder: 'asc',
    });
    expect(last.rows.at(-1)?.name).toBe(name(150));

    const found = await listConnectionsPage(client(), {
      pageIndex: 0,
      pageSize: 50,
      search: 'BULK-140',
    });
    expect(found).toMatchObject({ total: 1, rows: [{ name: name(140) }] });
    const typed = await listConnectionsPage(client(), {
      pageIndex: 0,
      pageSize: 50,
      search: '14',
      type: 'http',
    });
    // 14, 114 and 140…149.
    expect(typed.total).toBe(12);
    const none = await listConnectionsPage(client(), { pageIndex: 0, pageSize: 50, type: 'slack' });
    expect(none).toEqual({ rows: [], total: 0 });
  });
});
