// Issue 36 "Beyond the reference": no stored connection password appears in any /api/db reply or
// in any line the server logs, whatever is selected, filtered, written or tested (a failing test
// of a connection included, whose error text comes from the remote end).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { testDatabases } from '../testing/databases.ts';
import { basic, startTestServer, type TestServer } from '../testing/server.ts';

const PASSWORD = 'Leak-Canary-7f3a9c';
const TOKEN = 'tok-Leak-Canary-51b2';

describe.each(testDatabases('one'))('connection passwords never leave on $engine', (target) => {
  let db: Database;
  let server: TestServer;
  const logged: string[] = [];
  const replies: string[] = [];
  let id = '';

  const call = async (method: string, path: string, body?: unknown, who = 'admin@local') => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        ...basic(who),
        'content-type': 'application/json',
        Prefer: 'return=representation',
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    replies.push(`${response.status} ${text}`);
    return { status: response.status, text };
  };

  beforeAll(async () => {
    db = await target.openSeeded({ checks: 2 });
    server = await startTestServer({
      db,
      outbound: { allowPrivate: true, allowLinkLocal: false },
      connectionTestTimeoutMillis: 1000,
      log: (entry) => logged.push(JSON.stringify(entry)),
    });
    const created = await call('POST', '/api/db/connections', {
      name: 'leak-probe',
      namespace: 'default',
      type: 'postgres',
      url: 'postgres://127.0.0.1:1/app',
      username: 'app',
      password: PASSWORD,
      properties: { token: TOKEN },
    });
    expect(created.status).toBe(201);
    id = (JSON.parse(created.text) as { id: string }[])[0]!.id;
  });
  afterAll(async () => {
    await server?.close();
    await target.release();
  });

  it('in no reply and no log line', async () => {
    for (const who of ['admin@local', 'editor@local']) {
      await call('GET', '/api/db/connections?select=*', undefined, who);
      await call(
        'GET',
        `/api/db/connections?select=password,properties,url&id=eq.${id}`,
        undefined,
        who,
      );
      await call(
        'GET',
        '/api/db/connections?select=*,created_by(id,name)&order=created_at.desc',
        undefined,
        who,
      );
      await call('GET', `/api/db/connections?password=eq.${PASSWORD}`, undefined, who);
      await call('GET', `/api/db/connections?properties->>token=eq.${TOKEN}`, undefined, who);
    }
    await call('PATCH', `/api/db/connections?id=eq.${id}`, {
      url: 'postgres://127.0.0.1:2/app',
      password: '********',
    });
    await call('POST', '/api/db/connections', {
      name: 'leak-probe',
      namespace: 'default',
      type: 'postgres',
      url: 'x',
      password: PASSWORD,
    });
    await call('POST', `/api/connection/test/${id}`);
    await call('POST', `/api/connection/test/${id}`, undefined, 'editor@local');
    // The stored password is still the one written: the mask written back kept it.
    const stored = await db.query<{ password: string }>(
      'SELECT password FROM connections WHERE id = $1',
      [id],
    );
    expect(stored.rows[0]!.password).toMatch(/^v1:/);
    expect(replies.length).toBeGreaterThan(10);
    const all = [...replies, ...logged, ...server.logs].join('\n');
    expect(all).not.toContain(PASSWORD);
    expect(all).not.toContain(TOKEN);
    expect(all).not.toContain(encodeURIComponent(PASSWORD));
  });
});
