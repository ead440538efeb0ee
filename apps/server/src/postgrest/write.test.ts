import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { testDatabases } from '../testing/databases.ts';
import { ids, json, seedEstate, startEngine, type EngineServer } from './postgrest.test.helper.ts';

type Row = Record<string, unknown>;

const representation = { 'Content-Type': 'application/json', Prefer: 'return=representation' };

// Writes and rpc as PostgREST documents them (insert/update/delete, Prefer return, functions),
// plus this server's refusals: no PATCH/DELETE without a filter, no data for a denied table.
describe.each(testDatabases())('writes, rpc and authorization on $engine', (target) => {
  let db: Database;
  let engine: EngineServer;

  beforeAll(async () => {
    db = await target.open();
    await seedEstate(db);
    await db.exec(`
      CREATE OR REPLACE FUNCTION opsdeck_test_add(a integer, b integer DEFAULT 1) RETURNS integer LANGUAGE sql AS $$ SELECT a + b $$;
      CREATE OR REPLACE FUNCTION opsdeck_test_checks_of(canary uuid) RETURNS SETOF checks LANGUAGE sql STABLE AS $$ SELECT * FROM checks WHERE canary_id = canary ORDER BY name $$;
      CREATE OR REPLACE FUNCTION opsdeck_test_echo(payload jsonb) RETURNS jsonb LANGUAGE sql AS $$ SELECT payload $$;
    `);
    engine = await startEngine(db);
  });
  afterAll(async () => {
    await db?.exec(
      'DROP FUNCTION IF EXISTS opsdeck_test_add(integer, integer); DROP FUNCTION IF EXISTS opsdeck_test_checks_of(uuid); DROP FUNCTION IF EXISTS opsdeck_test_echo(jsonb);',
    );
    await engine?.close();
    await target.release();
  });

  async function send(
    method: string,
    path: string,
    body: unknown,
    headers: Record<string, string> = representation,
  ) {
    const response = await engine.request(path, {
      method,
      headers,
      ...(body === undefined
        ? {}
        : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    return {
      status: response.status,
      headers: response.headers,
      body: (await json(response)) as unknown,
    };
  }
  const count = async (sql: string, params: unknown[] = []) =>
    Number((await db.query<{ n: number }>(sql, params)).rows[0]?.n);

  describe('POST', () => {
    it('inserts one object and returns it with 201 under return=representation', async () => {
      const reply = await send('POST', '/people?select=name,email', {
        name: 'Carol',
        email: 'carol@example.test',
        properties: { tz: 'UTC' },
      });
      expect(reply.status).toBe(201);
      expect(reply.body).toEqual([{ name: 'Carol', email: 'carol@example.test' }]);
      expect(
        await count(
          `SELECT count(*) AS n FROM people WHERE email = 'carol@example.test' AND properties->>'tz' = 'UTC'`,
        ),
      ).toBe(1);
    });

    it('inserts an array in one statement and answers 201 with no body under return=minimal', async () => {
      const reply = await send(
        'POST',
        '/components',
        [
          { name: 'cache', type: 'Redis' },
          { name: 'queue', type: 'Kafka' },
        ],
        { 'Content-Type': 'application/json', Prefer: 'return=minimal' },
      );
      expect(reply.status).toBe(201);
      expect(reply.body).toBeUndefined();
      expect(
        await count(`SELECT count(*) AS n FROM components WHERE name IN ('cache', 'queue')`),
      ).toBe(2);
    });

    it('writes arrays, json and embeds the representation', async () => {
      const reply = await send(
        'POST',
        '/config_items?select=name,external_id,config,created_by(name)',
        {
          name: 'arr',
          config_class: 'Test',
          external_id: ['a,b', 'c"d'],
          config: { nested: [1, 2] },
          created_by: ids.bob,
        },
      );
      expect(reply.status).toBe(201);
      expect(reply.body).toEqual([
        {
          name: 'arr',
          external_id: ['a,b', 'c"d'],
          config: { nested: [1, 2] },
          created_by: { name: 'Bob Builder' },
        },
      ]);
    });

    it('refuses objects with different keys, unknown columns and bad JSON (400)', async () => {
      const mixed = await send('POST', '/components', [{ name: 'x' }, { name: 'y', type: 'z' }]);
      expect(mixed).toMatchObject({ status: 400, body: { code: 'PGRST102' } });
      const unknown = await send('POST', '/components', { name: 'x', nope: 1 });
      expect(unknown).toMatchObject({
        status: 400,
        body: {
          code: 'PGRST204',
          message: "Could not find the 'nope' column of 'components' in the schema cache",
        },
      });
      expect((await send('POST', '/components', '{"name":')).status).toBe(400);
      expect((await send('POST', '/components', '')).status).toBe(400);
    });

    it('maps constraint violations: unique and foreign key 409, not null and bad values 400', async () => {
      const unique = await send('POST', '/people', { name: 'Dup', email: 'alice@example.test' });
      expect(unique).toMatchObject({ status: 409, body: { code: '23505' } });
      const foreign = await send('POST', '/checks', {
        canary_id: '99999999-0000-4000-8000-000000000000',
        type: 'http',
        name: 'orphan',
      });
      expect(foreign).toMatchObject({ status: 409, body: { code: '23503' } });
      const notNull = await send('POST', '/checks', {
        canary_id: ids.httpCanary,
        type: 'http',
        name: null,
      });
      expect(notNull).toMatchObject({ status: 400, body: { code: '23502' } });
      const badValue = await send('POST', '/checks', {
        canary_id: 'not-a-uuid',
        type: 'http',
        name: 'x',
      });
      expect(badValue).toMatchObject({ status: 400, body: { code: '22P02' } });
      expect((badValue.body as Row).error).toEqual(expect.any(String));
    });

    it('upserts with Prefer: resolution=merge-duplicates', async () => {
      const first = await send(
        'POST',
        '/people?select=name',
        { id: '10000000-0000-4000-8000-0000000000aa', name: 'Dana' },
        { ...representation, Prefer: 'return=representation,resolution=merge-duplicates' },
      );
      const second = await send(
        'POST',
        '/people?select=name',
        { id: '10000000-0000-4000-8000-0000000000aa', name: 'Dana Renamed' },
        { ...representation, Prefer: 'return=representation,resolution=merge-duplicates' },
      );
      expect(first.body).toEqual([{ name: 'Dana' }]);
      expect(second.body).toEqual([{ name: 'Dana Renamed' }]);
      expect(second.headers.get('preference-applied')).toContain('resolution=merge-duplicates');
    });
  });

  describe('PATCH and DELETE', () => {
    it('soft-deletes like the console (PATCH deleted_at) and returns the rows', async () => {
      const reply = await send('PATCH', `/checks?id=eq.${ids.api}&select=id,name,deleted_at`, {
        deleted_at: '2024-05-02T00:00:00Z',
      });
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual([
        { id: ids.api, name: 'api', deleted_at: '2024-05-02T00:00:00+00:00' },
      ]);
      const minimal = await send(
        'PATCH',
        `/checks?id=eq.${ids.api}`,
        { deleted_at: null },
        { 'Content-Type': 'application/json' },
      );
      expect(minimal.status).toBe(204);
      expect(
        await count(`SELECT count(*) AS n FROM checks WHERE id = $1 AND deleted_at IS NULL`, [
          ids.api,
        ]),
      ).toBe(1);
    });

    it('refuses PATCH and DELETE without any filter (400) and changes nothing', async () => {
      const before = await count('SELECT count(*) AS n FROM checks');
      for (const method of ['PATCH', 'DELETE']) {
        for (const path of [
          '/checks',
          '/checks?select=id',
          '/checks?order=name',
          '/checks?limit=1',
        ]) {
          const reply = await send(
            method,
            path,
            method === 'PATCH' ? { name: 'wiped' } : undefined,
          );
          expect(reply.status, `${method} ${path}`).toBe(400);
          expect((reply.body as Row).code).toBe('21000');
        }
      }
      expect(await count('SELECT count(*) AS n FROM checks')).toBe(before);
      expect(await count(`SELECT count(*) AS n FROM checks WHERE name = 'wiped'`)).toBe(0);
    });

    it('deletes the filtered rows (the tri-state extension counts as a filter)', async () => {
      await send('POST', '/components', [
        { name: 'tmp-1', type: 'Tmp' },
        { name: 'tmp-2', type: 'Tmp' },
        { name: 'tmp-3', type: 'Other' },
      ]);
      const reply = await send(
        'DELETE',
        '/components?type.filter=Tmp&select=name&order=name',
        undefined,
      );
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual([{ name: 'tmp-1' }, { name: 'tmp-2' }]);
      const minimal = await send('DELETE', '/components?name=eq.tmp-3', undefined, {});
      expect(minimal.status).toBe(204);
      expect(await count(`SELECT count(*) AS n FROM components WHERE name LIKE 'tmp-%'`)).toBe(0);
    });

    it('rolls back a singular write that matched several rows (406)', async () => {
      const reply = await send(
        'PATCH',
        `/checks?canary_id=eq.${ids.httpCanary}`,
        { owner: 'someone' },
        { ...representation, Accept: 'application/vnd.pgrst.object+json' },
      );
      expect(reply).toMatchObject({ status: 406, body: { code: 'PGRST116' } });
      expect(await count(`SELECT count(*) AS n FROM checks WHERE owner = 'someone'`)).toBe(0);
      const one = await send(
        'PATCH',
        `/checks?id=eq.${ids.homepage}&select=owner`,
        { owner: 'ops' },
        { ...representation, Accept: 'application/vnd.pgrst.object+json' },
      );
      expect(one).toMatchObject({ status: 200, body: { owner: 'ops' } });
    });
  });

  describe('rpc', () => {
    it('calls a function with GET query arguments and POST JSON arguments', async () => {
      await engine.catalog.refresh();
      const viaGet = await engine.request('/rpc/opsdeck_test_add?a=2&b=40');
      expect(viaGet.status).toBe(200);
      expect(await json(viaGet)).toBe(42);
      const withDefault = await send(
        'POST',
        '/rpc/opsdeck_test_add',
        { a: 41 },
        { 'Content-Type': 'application/json' },
      );
      expect(withDefault).toMatchObject({ status: 200, body: 42 });
      const set = await send(
        'POST',
        '/rpc/opsdeck_test_checks_of',
        { canary: ids.httpCanary },
        { 'Content-Type': 'application/json' },
      );
      expect((set.body as Row[]).map((row) => row.name)).toEqual(['api', 'homepage']);
      const echo = await send(
        'POST',
        '/rpc/opsdeck_test_echo',
        { payload: { a: [1, 'two'] } },
        { 'Content-Type': 'application/json' },
      );
      expect(echo.body).toEqual({ a: [1, 'two'] });
    });

    it('answers unknown functions or arguments with 404 (PGRST202) and bad values with 400', async () => {
      await engine.catalog.refresh();
      expect((await send('POST', '/rpc/nope', {})).status).toBe(404);
      expect(await send('POST', '/rpc/opsdeck_test_add', { a: 1, c: 2 })).toMatchObject({
        status: 404,
        body: { code: 'PGRST202' },
      });
      expect((await send('POST', '/rpc/opsdeck_test_add', { b: 2 })).status).toBe(404);
      expect((await engine.request('/rpc/opsdeck_test_add?a=abc')).status).toBe(400);
      expect((await send('DELETE', '/rpc/opsdeck_test_add', undefined)).status).toBe(405);
    });
  });

  describe('authorization hook', () => {
    it('answers a denied table with 403 before any SQL runs', async () => {
      const statements: string[] = [];
      const logged: Database = {
        engine: db.engine,
        query: (text, params) => {
          statements.push(text);
          return db.query(text, params);
        },
        exec: (text) => db.exec(text),
        transaction: (fn) => {
          statements.push('BEGIN');
          return db.transaction(fn);
        },
        listen: (channel, handler) => db.listen(channel, handler),
        close: () => Promise.resolve(),
      };
      const guarded = await startEngine(logged);
      try {
        await guarded.catalog.get();
        statements.length = 0;
        const deny = { 'x-test-deny': 'connections,checks', 'Content-Type': 'application/json' };
        const read = await guarded.request('/connections?select=password', { headers: deny });
        expect(read.status).toBe(403);
        expect(await json(read)).toMatchObject({
          code: '42501',
          error: 'no access to connections',
        });
        const wipe = await guarded.request(`/checks?id=eq.${ids.homepage}`, {
          method: 'DELETE',
          headers: deny,
        });
        expect(wipe.status).toBe(403);
        const patch = await guarded.request(`/checks?id=eq.${ids.homepage}`, {
          method: 'PATCH',
          headers: deny,
          body: '{"name":"x"}',
        });
        expect(patch.status).toBe(403);
        expect((await guarded.request('/identities')).status).toBe(403);
        expect(statements).toEqual([]);
        expect(await count('SELECT count(*) AS n FROM checks WHERE id = $1', [ids.homepage])).toBe(
          1,
        );
      } finally {
        await guarded.close();
      }
    });
  });
});
