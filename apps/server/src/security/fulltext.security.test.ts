import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { testDatabases } from '../testing/databases.ts';
import { basic, startTestServer, type TestServer } from '../testing/server.ts';

// Issue 27 #14: a full-text query is the caller's text; one Postgres cannot parse is the caller's mistake.
describe.each(testDatabases())('full-text filters on /api/db on $engine', (target) => {
  let db: Database;
  let server: TestServer;
  let configId: string;

  beforeAll(async () => {
    db = await target.openSeeded({ checks: 5 });
    server = await startTestServer({ db });
    const { rows } = await db.query<{ id: string }>(
      'SELECT id FROM config_items ORDER BY name LIMIT 1',
    );
    configId = rows[0]!.id;
  });
  afterAll(async () => {
    await server?.close();
    await target.release();
  });

  const get = (path: string) => fetch(`${server.url}${path}`, { headers: basic('viewer@local') });

  async function expectTsqueryRefusal(path: string) {
    const response = await get(path);
    const body = (await response.json()) as Record<string, unknown>;
    expect({ path, status: response.status, body }).toEqual({
      path,
      status: 400,
      body: {
        code: '42601',
        message: expect.stringMatching(/tsquery|escaped/),
        details: null,
        hint: null,
        error: expect.stringMatching(/tsquery|escaped/),
      },
    });
  }

  const malformed = ['a & !b | (c', '&', '!', '(', "'", 'a b', 'a:*x', 'a\\'].map(
    encodeURIComponent,
  );

  it('#14 answers a malformed fts query with a PostgREST 400, not a 500', async () => {
    for (const query of malformed) {
      await expectTsqueryRefusal(`/api/db/checks?name=fts.${query}`);
      await expectTsqueryRefusal(`/api/db/checks?name=fts(english).${query}`);
      await expectTsqueryRefusal(`/api/db/checks?name=not.fts.${query}`);
      await expectTsqueryRefusal(`/api/db/checks?or=(name.fts.${query},name.eq.x)`);
      await expectTsqueryRefusal(
        `/api/db/checks?select=name,canaries(name)&canaries.name=fts.${query}`,
      );
    }
  });

  it('#14 answers a malformed fts filter on rpc rows with a PostgREST 400', async () => {
    await expectTsqueryRefusal(
      `/api/db/rpc/lookup_config_children?id=${configId}&child_id=fts.${malformed[0]}`,
    );
  });

  it('#14 takes any text in plfts, phfts and wfts, which never fail to parse', async () => {
    for (const operator of ['plfts', 'phfts', 'wfts'])
      for (const query of malformed) {
        const response = await get(`/api/db/checks?select=name&name=${operator}.${query}`);
        expect({ operator, query, status: response.status }).toEqual({
          operator,
          query,
          status: 200,
        });
      }
  });

  it('#14 keeps well-formed queries working and an unknown configuration a 400', async () => {
    const { rows } = await db.query<{ name: string }>(
      "SELECT name FROM checks WHERE deleted_at IS NULL AND name ~ '^[a-z]+' ORDER BY name LIMIT 1",
    );
    const word = rows[0]!.name.match(/^[a-z]+/)![0];
    const found = await get(`/api/db/checks?select=name&name=fts(simple).${word}:*`);
    expect(found.status).toBe(200);
    expect(((await found.json()) as unknown[]).length).toBeGreaterThan(0);
    const unknown = await get(`/api/db/checks?name=fts(nosuchconfig).a`);
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ code: '42704' });
  });
});
