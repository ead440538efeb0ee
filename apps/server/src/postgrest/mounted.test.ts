import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/databases.ts';
import { basic, startTestServer, type TestServer } from '../testing/server.ts';

// The engine as the server mounts it: core createApp at /api/db, Basic auth with the demo people,
// and the core's authorizeTable (the role matrix of the reference) as the authorization hook.
describe.each(testDatabases())('/api/db mounted in the server on $engine', (target) => {
  let server: TestServer;

  beforeAll(async () => {
    const db = await target.openSeeded({ checks: 20 });
    server = await startTestServer({ db });
  });
  afterAll(async () => {
    await server?.close();
    await target.release();
  });

  const call = (role: string | undefined, method: string, path: string, body?: unknown) =>
    fetch(`${server.url}/api/db${path}`, {
      method,
      headers: {
        ...(role ? basic(`${role}@local`) : {}),
        'Content-Type': 'application/json',
        Prefer: 'return=representation,count=exact',
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  it('refuses a request without credentials (401) before the engine', async () => {
    expect((await call(undefined, 'GET', '/checks')).status).toBe(401);
  });

  it('lists checks with a count and embeds for a viewer', async () => {
    const response = await call(
      'viewer',
      'GET',
      '/checks?select=id,name,canaries(name)&order=name&limit=5',
    );
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toMatch(/^0-4\/20$/);
    const rows = (await response.json()) as { name: string; canaries: { name: string } }[];
    expect(rows).toHaveLength(5);
    expect(rows.every((row) => typeof row.canaries.name === 'string')).toBe(true);
  });

  it('enforces the role matrix through the hook', async () => {
    const [first] = (await (await call('admin', 'GET', '/checks?select=id&limit=1')).json()) as {
      id: string;
    }[];
    const id = first?.id ?? '';
    expect(
      (await call('viewer', 'PATCH', `/checks?id=eq.${id}`, { description: 'x' })).status,
    ).toBe(403);
    expect((await call('viewer', 'GET', '/connections')).status).toBe(403);
    expect((await call('responder', 'GET', '/connections')).status).toBe(403);
    expect((await call('editor', 'POST', '/connections', { name: 'c', type: 'http' })).status).toBe(
      403,
    );
    expect((await call('admin', 'GET', '/connections')).status).toBeLessThan(300);
    expect(
      (
        await call('editor', 'PATCH', `/checks?id=eq.${id}&select=description`, {
          description: 'edited',
        })
      ).status,
    ).toBe(200);
    // A name outside the role matrix is refused to everyone before the catalog is asked (issue 17 #9).
    expect((await call('admin', 'GET', '/no_such_table')).status).toBe(403);
  });
});
