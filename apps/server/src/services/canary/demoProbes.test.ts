import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { testDatabases } from '../../testing/databases.ts';
import { basic, startTestServer, type TestServer } from '../../testing/server.ts';

// Issue 30: the demo's http checks probe this server, so Run Now really passes or fails; and the
// reference's check list (`/api/canary/api?check=`) carries statuses, messages only when asked.
describe.each(testDatabases('one'))('demo http probes and the check list on $engine', (target) => {
  let db: Database;
  let server: TestServer;
  beforeAll(async () => {
    db = await target.openSeeded({ checks: 40 });
    server = await startTestServer({ db });
  });
  afterAll(async () => {
    await server?.close();
    await target.release();
  });

  const checkWithUrl = async (url: string) => {
    const { rows } = await db.query<{ id: string }>(
      `SELECT id FROM checks WHERE type = 'http' AND spec->>'url' = $1 ORDER BY id LIMIT 1`,
      [url],
    );
    expect(rows[0], url).toBeDefined();
    return rows[0]!.id;
  };
  const runNow = async (id: string) => {
    const response = await fetch(`${server.url}/api/canary/run/check/${id}`, {
      method: 'POST',
      headers: basic('admin@local'),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as Record<string, unknown>;
  };

  it('every demo http check has a url, and Run Now passes on /api/about and fails elsewhere', async () => {
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM checks WHERE type = 'http' AND NOT spec ? 'url'`,
    );
    expect(rows[0]?.n).toBe(0);
    const passing = await runNow(await checkWithUrl('/api/about'));
    expect(passing).toMatchObject({ pass: true, invalid: false, message: '200 OK' });
    const failing = await runNow(await checkWithUrl('/api/about/missing'));
    expect(failing).toMatchObject({ pass: false, invalid: false });
    expect(String(failing.error)).toMatch(/response code \d+/);
  });

  it('lists a check with its latest statuses, their messages only with includeMessages', async () => {
    const id = await checkWithUrl('/api/about');
    await runNow(id);
    const get = async (query: string) => {
      const response = await fetch(`${server.url}/api/canary/api?check=${id}${query}`, {
        headers: basic('viewer@local'),
      });
      expect(response.status).toBe(200);
      return (await response.json()) as { checks: Record<string, unknown>[]; runnerName: string };
    };
    const withMessages = await get('&includeMessages=true');
    expect(withMessages.checks).toHaveLength(1);
    const [check] = withMessages.checks;
    expect(check).toMatchObject({ id, canary_name: expect.any(String) });
    const statuses = check!.checkStatuses as Record<string, unknown>[];
    expect(statuses[0]).toMatchObject({ status: true, message: '200 OK' });
    const without = await get('');
    expect((without.checks[0]!.checkStatuses as Record<string, unknown>[])[0]!.message).toBeNull();
    const bad = await fetch(`${server.url}/api/canary/api?check=nope`, {
      headers: basic('viewer@local'),
    });
    expect(bad.status).toBe(400);
    const guest = await fetch(`${server.url}/api/canary/api?check=${id}`, {
      headers: basic('guest@local'),
    });
    expect(guest.status).toBe(403);
  });
});
