import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { testDatabases } from '../testing/databases.ts';
import {
  homepageStatuses,
  ids,
  json,
  quotedCheckName,
  seedEstate,
  startEngine,
  type EngineServer,
} from './postgrest.test.helper.ts';

type Row = Record<string, unknown>;

// The engine's reply formats and paging as PostgREST documents them: Prefer count=exact|planned|
// estimated, db-max-rows, Accept: text/csv, and rpc with select/filters/order/limit on its rows.
// A small max rows (50) stands in for the default 10,000 so the estate stays small.
describe.each(testDatabases())('PostgREST paging, counts, CSV and rpc on $engine', (target) => {
  let db: Database;
  let engine: EngineServer;
  const maxRows = 50;

  beforeAll(async () => {
    db = await target.open();
    await seedEstate(db);
    await db.exec(`
      CREATE OR REPLACE FUNCTION opsdeck_test_statuses(check_id uuid, min_duration integer DEFAULT 0)
        RETURNS TABLE ("time" timestamptz, status boolean, duration integer, message text)
        LANGUAGE sql STABLE AS $$
          SELECT s.time, s.status, s.duration, s.message FROM check_statuses s
           WHERE s.check_id = opsdeck_test_statuses.check_id AND s.duration >= min_duration ORDER BY s.time DESC $$;
      CREATE OR REPLACE FUNCTION opsdeck_test_checks_of(canary uuid) RETURNS SETOF checks
        LANGUAGE sql STABLE AS $$ SELECT * FROM checks WHERE canary_id = canary ORDER BY name $$;
      CREATE OR REPLACE FUNCTION opsdeck_test_add(a integer, b integer DEFAULT 1) RETURNS integer
        LANGUAGE sql AS $$ SELECT a + b $$;
      CREATE SEQUENCE IF NOT EXISTS opsdeck_test_calls;
      CREATE OR REPLACE FUNCTION opsdeck_test_counted() RETURNS TABLE (calls bigint)
        LANGUAGE sql VOLATILE AS $$ SELECT nextval('opsdeck_test_calls') $$;
      ANALYZE check_statuses;
    `);
    engine = await startEngine(db, { maxRows });
  });
  afterAll(async () => {
    await db?.exec(
      'DROP FUNCTION IF EXISTS opsdeck_test_statuses(uuid, integer); DROP FUNCTION IF EXISTS opsdeck_test_checks_of(uuid); DROP FUNCTION IF EXISTS opsdeck_test_add(integer, integer); DROP FUNCTION IF EXISTS opsdeck_test_counted(); DROP SEQUENCE IF EXISTS opsdeck_test_calls;',
    );
    await engine?.close();
    await target.release();
  });

  async function get(path: string, headers: Record<string, string> = {}) {
    const response = await engine.request(path, { headers });
    const text = await response.text();
    return { status: response.status, headers: response.headers, text };
  }
  const statuses = `/check_statuses?check_id=eq.${ids.homepage}`;

  describe('max rows', () => {
    it('cuts a read without a limit to max rows and says so in Content-Range', async () => {
      const reply = await get(`${statuses}&select=time&order=time.desc`, {
        Prefer: 'count=exact',
      });
      expect(reply.status).toBe(206);
      expect(reply.headers.get('content-range')).toBe(`0-${maxRows - 1}/${homepageStatuses}`);
      expect(JSON.parse(reply.text)).toHaveLength(maxRows);
    });

    it('cuts a larger limit too, and pages on with offset', async () => {
      const reply = await get(`${statuses}&select=time&limit=500&offset=100`, {
        Prefer: 'count=exact',
      });
      expect(reply.headers.get('content-range')).toBe(`100-119/${homepageStatuses}`);
      const page = await get(`${statuses}&select=time&limit=500&offset=40`);
      expect(page.headers.get('content-range')).toBe('40-89/*');
    });

    it('leaves a smaller limit and embedded lists as they are', async () => {
      const reply = await get(`${statuses}&select=time&limit=7`);
      expect(JSON.parse(reply.text)).toHaveLength(7);
      const checks = await get(
        `/checks?id=eq.${ids.homepage}&select=name,check_statuses(time)&check_statuses.limit=100`,
      );
      const [check] = JSON.parse(checks.text) as { check_statuses: unknown[] }[];
      expect(check?.check_statuses).toHaveLength(100);
    });
  });

  describe('Prefer: count', () => {
    it('counts exactly, below the threshold estimated is exact too', async () => {
      for (const count of ['exact', 'estimated']) {
        const reply = await get(`${statuses}&status=eq.false&select=time&limit=2`, {
          Prefer: `count=${count}`,
        });
        expect(reply.status, count).toBe(206);
        expect(reply.headers.get('content-range'), count).toBe('0-1/12');
        expect(reply.headers.get('preference-applied'), count).toBe(`count=${count}`);
      }
    });

    it('answers planned (and estimated above the threshold) with the planner estimate', async () => {
      for (const count of ['planned', 'estimated']) {
        const reply = await get(`${statuses}&select=time&limit=5`, { Prefer: `count=${count}` });
        expect(reply.status, count).toBe(206);
        const [, range, total] = /^(\d+-\d+)\/(\d+)$/.exec(
          reply.headers.get('content-range') ?? '',
        ) ?? ['', '', ''];
        expect(range, count).toBe('0-4');
        // An estimate: the statistics know 121 statuses of which ~120 are the homepage's.
        expect(Number(total), count).toBeGreaterThan(maxRows);
        expect(Number(total), count).toBeLessThan(500);
      }
    });

    it('answers estimated with the rows when the page is not full, whatever the planner guessed', async () => {
      // A plpgsql function's rows are 1,000 to the planner; the homepage has 5 statuses this slow.
      await db.exec(`
        CREATE OR REPLACE FUNCTION opsdeck_test_slow(min_duration integer)
          RETURNS TABLE (duration integer) LANGUAGE plpgsql STABLE AS $$
          BEGIN
            RETURN QUERY SELECT s.duration FROM check_statuses s
              WHERE s.check_id = '${ids.homepage}' AND s.duration >= min_duration;
          END $$;`);
      await engine.catalog.refresh();
      try {
        const slow = `/rpc/opsdeck_test_slow?min_duration=1150`;
        const planned = await get(slow, { Prefer: 'count=planned' });
        expect(Number(planned.headers.get('content-range')?.split('/')[1])).toBeGreaterThan(
          maxRows,
        );
        const estimated = await get(slow, { Prefer: 'count=estimated' });
        expect(estimated.headers.get('content-range')).toBe('0-4/5');
        expect(estimated.status).toBe(200);
      } finally {
        await db.exec('DROP FUNCTION opsdeck_test_slow(integer)');
        await engine.catalog.refresh();
      }
    });

    it('keeps an estimated total at or above what the page shows', async () => {
      const reply = await get(`/checks?select=name&name=eq.api`, { Prefer: 'count=planned' });
      const total = Number(reply.headers.get('content-range')?.split('/')[1]);
      expect(total).toBeGreaterThanOrEqual(1);
    });

    it('answers * without a count and */0 for an empty exact count', async () => {
      expect((await get(`${statuses}&select=time&limit=1`)).headers.get('content-range')).toBe(
        '0-0/*',
      );
      const none = await get(`/checks?name=eq.nothing`, { Prefer: 'count=exact' });
      expect(none.headers.get('content-range')).toBe('*/0');
    });
  });

  it("aggregates whole rows whatever the outputs are called (an alias like the engine's own)", async () => {
    const reply = await get(`/checks?select=p:name,e1:canaries(e0:name)&id=eq.${ids.homepage}`, {
      Accept: 'application/json',
    });
    expect(JSON.parse(reply.text)).toEqual([{ p: 'homepage', e1: { e0: 'http-canary' } }]);
    const csv = await get(`/checks?select=p:name&id=eq.${ids.homepage}`, { Accept: 'text/csv' });
    expect(csv.text).toBe('p\nhomepage');
    const written = await engine.request(`/components?select=p:name,pgrst_image:type`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Prefer: 'return=representation' },
      body: JSON.stringify({ name: 'alias-component', type: 'Service' }),
    });
    expect(await json(written)).toEqual([{ p: 'alias-component', pgrst_image: 'Service' }]);
    await db.exec(`DELETE FROM components WHERE name = 'alias-component'`);
  });

  describe('Accept: text/csv', () => {
    it('answers a header row and each row as PostgREST quotes it', async () => {
      const reply = await get(
        `/checks?select=name,type,severity,labels&canary_id=in.(${ids.httpCanary},${ids.tcpCanary})&order=name`,
        { Accept: 'text/csv', Prefer: 'count=exact' },
      );
      expect(reply.status).toBe(200);
      expect(reply.headers.get('content-type')).toMatch(/^text\/csv/);
      expect(reply.headers.get('content-range')).toBe('0-3/4');
      expect(reply.text.split('\n')).toEqual([
        'name,type,severity,labels',
        `"O'Brien ""quoted"" ; DROP TABLE checks; --",tcp,low,`,
        'api,http,high,"{""app"": ""api"", ""env"": ""dev""}"',
        'db-port,tcp,,',
        'homepage,http,critical,"{""app"": ""web"", ""env"": ""prod""}"',
      ]);
      expect(quotedCheckName).toContain('"');
    });

    it('answers an empty header and body for no rows, and 406 for a type it cannot give', async () => {
      const empty = await get('/checks?name=eq.nothing', { Accept: 'text/csv' });
      expect(empty).toMatchObject({ status: 200, text: '\n' });
      expect((await get('/checks', { Accept: 'text/html' })).status).toBe(406);
    });

    it('gives the representation of a write as CSV', async () => {
      const response = await engine.request(`/components?select=name,type`, {
        method: 'POST',
        headers: {
          Accept: 'text/csv',
          'Content-Type': 'application/json',
          Prefer: 'return=representation',
        },
        body: JSON.stringify({ name: 'csv, component', type: 'Service' }),
      });
      expect(response.status).toBe(201);
      expect(await response.text()).toBe('name,type\n"csv, component",Service');
      await db.exec(`DELETE FROM components WHERE name = 'csv, component'`);
    });
  });

  describe('rpc', () => {
    it('applies select, filters, order and limit to the rows of a RETURNS TABLE function', async () => {
      const reply = await get(
        `/rpc/opsdeck_test_statuses?check_id=${ids.homepage}&min_duration=100&status=eq.false&select=duration,message&order=duration.asc&limit=3`,
        { Prefer: 'count=exact' },
      );
      expect(reply.status).toBe(206);
      expect(reply.headers.get('content-range')).toBe('0-2/11');
      expect(JSON.parse(reply.text)).toEqual([
        { duration: 100, message: 'run 10' },
        { duration: 200, message: 'run 20' },
        { duration: 300, message: 'run 30' },
      ]);
    });

    it('takes POST JSON arguments with the rows shaped by the query string', async () => {
      const response = await engine.request(
        '/rpc/opsdeck_test_statuses?select=message&duration=lt.30&order=duration.desc',
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ check_id: ids.homepage }),
        },
      );
      expect(response.status).toBe(200);
      expect(await json(response)).toEqual([
        { message: 'run 2' },
        { message: 'run 1' },
        { message: 'run 0' },
      ]);
    });

    it('embeds through the keys of the table a SETOF function returns, and answers CSV', async () => {
      const rows = (await json(
        await engine.request(
          `/rpc/opsdeck_test_checks_of?canary=${ids.httpCanary}&select=name,canaries(name)&name=neq.api`,
        ),
      )) as Row[];
      expect(rows).toEqual([{ name: 'homepage', canaries: { name: 'http-canary' } }]);
      const csv = await get(
        `/rpc/opsdeck_test_checks_of?canary=${ids.tcpCanary}&select=name,type`,
        {
          Accept: 'text/csv',
        },
      );
      expect(csv.text).toBe(
        `name,type\n"O'Brien ""quoted"" ; DROP TABLE checks; --",tcp\ndb-port,tcp`,
      );
    });

    it('reads the {col}.filter extension on rpc rows, as the catalog sends it', async () => {
      const reply = await get(
        `/rpc/opsdeck_test_statuses?check_id=${ids.homepage}&status.filter=false&duration.filter=<300&select=message`,
      );
      expect(reply.status).toBe(200);
      expect(JSON.parse(reply.text)).toEqual([
        { message: 'run 0' },
        { message: 'run 10' },
        { message: 'run 20' },
      ]);
    });

    it('runs a function once for its rows and their count', async () => {
      const reply = await get('/rpc/opsdeck_test_counted', { Prefer: 'count=exact' });
      expect(JSON.parse(reply.text)).toEqual([{ calls: 1 }]);
      expect(reply.headers.get('content-range')).toBe('0-0/1');
      const { rows } = await db.query<{ last_value: unknown }>(
        'SELECT last_value FROM opsdeck_test_calls',
      );
      expect(Number(rows[0]?.last_value)).toBe(1);
    });

    it('cuts the rows of an rpc to max rows', async () => {
      const reply = await get(`/rpc/opsdeck_test_statuses?check_id=${ids.homepage}&select=time`);
      expect(JSON.parse(reply.text)).toHaveLength(maxRows);
    });

    it('refuses an unknown column of an rpc row with 400, and CSV of a scalar with 406', async () => {
      const reply = await get(`/rpc/opsdeck_test_statuses?check_id=${ids.homepage}&nope=eq.1`);
      expect(reply.status).toBe(400);
      const scalar = await get('/rpc/opsdeck_test_add?a=1', { Accept: 'text/csv' });
      expect(scalar.status).toBe(406);
      expect(JSON.parse((await get('/rpc/opsdeck_test_add?a=1&b=2')).text)).toBe(3);
    });
  });
});
