import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSummaryReplies,
  type SummaryRepliesOptions,
} from '../services/canary/summaryReplies.ts';
import type { Database } from '../db/database.ts';
import { handleError } from '../http/errors.ts';
import { fromDatabaseError } from '../postgrest/errors.ts';
import { startEngine } from '../postgrest/postgrest.test.helper.ts';
import { testDatabases } from '../testing/databases.ts';
import { basic, startTestServer, type TestServer } from '../testing/server.ts';

// Issue 17, "bad input and resources": what a client sends must never cost a 500 or memory that stays.
describe.each(testDatabases('one'))('bad input and resources on $engine', (target) => {
  let db: Database;
  let server: TestServer;
  let checkId: string;

  beforeAll(async () => {
    db = await target.openSeeded({ checks: 20 });
    server = await startTestServer({ db });
    const { rows } = await db.query<{ id: string }>('SELECT id FROM checks ORDER BY name LIMIT 1');
    checkId = rows[0]!.id;
  });
  afterAll(async () => {
    await server?.close();
    await target.release();
  });

  const admin = basic('admin@local');
  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${server.url}${path}`, {
      ...init,
      headers: { ...admin, 'Content-Type': 'application/json', ...init.headers },
    });

  /** A PostgREST-shaped 4xx: `{code, message, details, hint}` as on every /api/db refusal. */
  async function expectPostgrestRefusal(response: Response, status = 400) {
    expect(response.status).toBe(status);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toEqual(
      expect.objectContaining({ code: expect.any(String), message: expect.any(String) }),
    );
    expect(body).toHaveProperty('details');
    expect(body).toHaveProperty('hint');
    return body;
  }

  it('#11 refuses a 3,000-column select with a PostgREST 400 before Postgres does', async () => {
    const wide = Array.from({ length: 3000 }, () => 'id').join(',');
    const body = await expectPostgrestRefusal(await api(`/api/db/checks?select=${wide}`));
    expect(body.code).toBe('PGRST100');
    expect(body.message).toMatch(/select/i);
    // Wide enough for any real page still works.
    expect(
      (
        await api(
          `/api/db/checks?select=${Array.from({ length: 100 }, () => 'name').join(',')}&limit=1`,
        )
      ).status,
    ).toBe(200);
  });

  it('#11 caps the depth of embeds: a 100-level self-embed is a PostgREST 400', async () => {
    const nested = (levels: number): string =>
      levels === 0 ? 'id' : `id,parent_id(${nested(levels - 1)})`;
    expect(
      (await expectPostgrestRefusal(await api(`/api/db/components?select=${nested(100)}`))).code,
    ).toBe('PGRST100');
    const eleven = await expectPostgrestRefusal(
      await api(`/api/db/components?select=${nested(11)}`),
    );
    expect(eleven).toMatchObject({
      code: 'PGRST100',
      message: expect.stringMatching(/embedded resources may nest at most 10 levels/i),
    });
    expect((await api(`/api/db/components?select=${nested(10)}&limit=1`)).status).toBe(200);
  });

  it('#11 refuses a select or logic tree nested 5,000 parentheses deep as a 400', async () => {
    const select = `${'a('.repeat(5000)}id${')'.repeat(5000)}`;
    await expectPostgrestRefusal(await api(`/api/db/checks?select=${select}`));
    const or = `(${'and('.repeat(3000)}name.eq.x${')'.repeat(3001)}`;
    await expectPostgrestRefusal(await api(`/api/db/checks?or=${or}`));
  });

  const deepJson = (levels: number, leaf = '"x"') =>
    `${'['.repeat(levels)}${leaf}${']'.repeat(levels)}`;

  it('#11 refuses a 10k-deep JSON body on /api/db writes and rpc with a PostgREST 400', async () => {
    for (const body of [
      `{"name":"deep","spec":${deepJson(10_000, '{}')}}`,
      `[{"name":${deepJson(10_000)}}]`,
    ]) {
      const post = await expectPostgrestRefusal(
        await api('/api/db/canaries', { method: 'POST', body }),
      );
      expect(post.code).toBe('PGRST102');
    }
    const patch = await api(`/api/db/checks?id=eq.${checkId}`, {
      method: 'PATCH',
      body: `{"labels":${deepJson(10_000, '{}')}}`,
    });
    expect((await expectPostgrestRefusal(patch)).code).toBe('PGRST102');
    // rpc is refused to every role of the server: the engine alone, with a function that takes a document.
    await db.exec(
      `CREATE OR REPLACE FUNCTION echo_document(doc jsonb) RETURNS jsonb LANGUAGE sql AS $$ SELECT doc $$`,
    );
    const engine = await startEngine(db);
    try {
      const call = (body: string) =>
        engine.request('/rpc/echo_document', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body,
        });
      expect((await expectPostgrestRefusal(await call(`{"doc":${deepJson(10_000)}}`))).code).toBe(
        'PGRST102',
      );
      expect(await (await call(`{"doc":${deepJson(20)}}`)).json()).toEqual(
        JSON.parse(deepJson(20)),
      );
    } finally {
      await engine.close();
      await db.exec('DROP FUNCTION echo_document(jsonb)');
    }
    // A document of ordinary depth is still written.
    const fine = await api(`/api/db/checks?id=eq.${checkId}`, {
      method: 'PATCH',
      body: `{"labels":{"a":"b"},"spec":${deepJson(20, '{}')}}`,
    });
    expect(fine.status).toBe(204);
  });

  it('#11 refuses a 10k-deep JSON body on the canary routes with a 400', async () => {
    const response = await api('/api/canary/api/summary', {
      method: 'POST',
      body: `{"labels":{"a":${deepJson(10_000)}}}`,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'invalid',
      message: expect.stringMatching(/nest/i),
    });
  });

  it('#11 answers a duration or time out of range on the check graph with a 400', async () => {
    const graph = (query: string) => api(`/api/canary/api/graph?check=${checkId}&${query}`);
    for (const query of [
      'start=99999999y',
      'start=1h&end=99999999y',
      'start=999999999999999999999d',
      'start=-271821-04-20T00:00:00Z',
      'start=9000000000000000000ms',
    ]) {
      const response = await graph(query);
      expect(response.status, query).toBe(400);
      expect(await response.json()).toEqual({ error: 'invalid', message: expect.any(String) });
    }
    expect((await graph('start=7d')).status).toBe(200);
    expect((await graph('start=2024-01-01T00:00:00Z&end=2024-01-02T00:00:00Z')).status).toBe(200);
  });

  /** A server of its own whose summary replies the test can watch. */
  interface WatchedServer {
    url: string;
    post(body: unknown): Promise<string>;
    usage(): { entries: number; bytes: number };
  }
  async function withSummaries(
    options: SummaryRepliesOptions,
    run: (server: WatchedServer) => Promise<void>,
  ) {
    const summaries = createSummaryReplies(db, options);
    const cached = await startTestServer({ db, summaryReplies: summaries });
    const post = async (body: unknown) => {
      const response = await fetch(`${cached.url}/api/canary/api/summary`, {
        method: 'POST',
        headers: { ...admin, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(200);
      return response.text();
    };
    try {
      await run({ url: cached.url, post, usage: () => summaries.cacheUsage() });
    } finally {
      await cached.close();
    }
  }

  // Every deleteFrom instant is a query (and a cache key) of its own, as in the finding's 200 bodies.
  const distinctBody = (i: number) => ({
    deleteFrom: new Date(Date.UTC(2020, 0, 1) + i * 1000).toISOString(),
  });

  it('#12 bounds the summary reply cache by entries and by bytes, and forgets expired replies', async () => {
    // A window far longer than the run: none leaves by expiry, so exactly the bound is kept (with a
    // short window, the first of the last eight expired while a loaded machine posted the rest).
    await withSummaries({ cacheMillis: 10 * 60_000, maxEntries: 8 }, async ({ post, usage }) => {
      // Five times the bound is as telling as the finding's 200 and keeps the test quick under load.
      for (let i = 0; i < 40; i += 1) {
        await post(distinctBody(i));
        expect(usage().entries).toBeLessThanOrEqual(8);
      }
      expect(usage().entries).toBe(8);
    });
    // Nobody asks again: the replies still go once their window is over.
    await withSummaries({ cacheMillis: 1500, maxEntries: 8 }, async ({ post, usage }) => {
      await post(distinctBody(0));
      await post(distinctBody(1));
      expect(usage().entries).toBeGreaterThan(0);
      await expect.poll(() => usage(), { timeout: 10_000 }).toEqual({ entries: 0, bytes: 0 });
    });

    const replyBytes = Buffer.byteLength(
      await (
        await api('/api/canary/api/summary', {
          method: 'POST',
          body: JSON.stringify(distinctBody(0)),
        })
      ).text(),
    );
    const maxBytes = Math.round(3.5 * replyBytes);
    await withSummaries(
      { cacheMillis: 60_000, maxEntries: 1000, maxBytes },
      async ({ post, usage }) => {
        for (let i = 0; i < 20; i += 1) {
          await post(distinctBody(i));
          expect(usage().bytes).toBeLessThanOrEqual(maxBytes);
        }
        expect(usage().entries).toBeGreaterThan(0);
        expect(usage().entries).toBeLessThanOrEqual(3);
      },
    );
  });

  it('#12 still shares one reply per window between pollers of a body, and a write through /api/db clears it', async () => {
    await withSummaries({ cacheMillis: 60_000 }, async ({ url, post, usage }) => {
      const body = { sortBy: '-name' };
      const first = await post(body);
      await db.query(`UPDATE checks SET name = 'zz-behind-the-cache' WHERE id = $1`, [checkId]);
      // Written behind the server's back: pollers of the window share the reply computed before.
      const polled = await Promise.all(Array.from({ length: 5 }, () => post(body)));
      expect(polled.every((text) => text === first)).toBe(true);
      expect(usage().entries).toBe(1);
      const write = await fetch(`${url}/api/db/checks?id=eq.${checkId}`, {
        method: 'PATCH',
        headers: { ...admin, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'zz-written-here' }),
      });
      expect(write.status).toBe(204);
      expect(usage()).toEqual({ entries: 0, bytes: 0 });
      expect(await post(body)).toContain('zz-written-here');
    });
  });
});

// The caps above keep Postgres' program limits out of reach; should one still be hit, it is the
// request's shape, not a fault of the server.
describe('#11 Postgres errors a request causes', () => {
  const failing = (error: Error) => {
    const app = new Hono();
    app.onError((thrown, c) => handleError(thrown, c, () => {}));
    app.get('/', () => {
      throw error;
    });
    return app;
  };
  const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });

  it('#11 maps class 54 (statement too complex, too many columns) to a 400, on /api/db and elsewhere', async () => {
    for (const code of ['54001', '54011', '54023']) {
      expect(
        fromDatabaseError(pgError(code, 'target lists can have at most 1664 entries')),
      ).toMatchObject({ status: 400, code });
      const response = await failing(pgError(code, 'statement too complex')).request('/');
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: 'invalid', message: 'statement too complex' });
    }
    // The server's own troubles stay 5xx.
    expect(fromDatabaseError(pgError('53400', 'configuration limit exceeded'))).toBeUndefined();
    expect((await failing(pgError('XX000', 'internal')).request('/')).status).toBe(500);
  });
});
