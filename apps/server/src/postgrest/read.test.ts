import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeQuery, type PostgrestQuery } from '@opsdeck/api-client/postgrest';
import type { Database } from '../db/database.ts';
import { testDatabases } from '../testing/databases.ts';
import {
  homepageStatuses,
  ids,
  json,
  quotedCheckName,
  seedEstate,
  startEngine,
  statusBase,
  type EngineServer,
} from './postgrest.test.helper.ts';

type Row = Record<string, unknown>;

// Conformance of reads with what PostgREST documents (docs.postgrest.org: tables and views,
// resource embedding, pagination and count, errors), on the real schema with a small estate.
describe.each(testDatabases())('GET /api/db on $engine', (target) => {
  let db: Database;
  let engine: EngineServer;

  beforeAll(async () => {
    db = await target.open();
    await seedEstate(db);
    engine = await startEngine(db);
  });
  afterAll(async () => {
    await engine?.close();
    await target.release();
  });

  async function get(path: string, headers: Record<string, string> = {}) {
    const response = await engine.request(path, { headers });
    return {
      status: response.status,
      headers: response.headers,
      body: (await json(response)) as unknown,
    };
  }
  async function rows(path: string, headers: Record<string, string> = {}): Promise<Row[]> {
    const reply = await get(path, headers);
    expect(reply.status, JSON.stringify(reply.body)).toBeLessThan(300);
    return reply.body as Row[];
  }
  const names = (list: Row[]) => list.map((row) => row.name);

  describe('the console queries of the reference', () => {
    it('answers the check details select with hinted, nested and aliased embeds', async () => {
      const select =
        '*,canaries!checks_canary_id_fkey(id,name,source),agents!checks_agent_id_fkey(id,name),' +
        'components:check_component_relationships(components(id,name,icon)),configs:check_config_relationships(configs(id,name,type))';
      const [check, ...rest] = await rows(
        `/checks?id=eq.${ids.homepage}&select=${encodeURIComponent(select)}`,
      );
      expect(rest).toEqual([]);
      expect(check).toMatchObject({
        id: ids.homepage,
        name: 'homepage',
        labels: { app: 'web', env: 'prod' },
        spec: { url: 'http://127.0.0.1/', thresholdMillis: 500 },
        created_at: '2024-04-01T00:00:00+00:00',
        canaries: { id: ids.httpCanary, name: 'http-canary', source: 'ui' },
        agents: { id: ids.agent, name: 'edge-1' },
        configs: [
          {
            configs: {
              id: ids.webDeployment,
              name: 'web-deployment',
              type: 'Kubernetes::Deployment',
            },
          },
        ],
      });
      const components = (check?.components as { components: Row }[])
        .map((row) => row.components.name)
        .sort();
      expect(components).toEqual(['backend', 'frontend']);
      // `*` expands to every column of the table, in table order.
      expect(Object.keys(check ?? {}).slice(0, 3)).toEqual(['id', 'canary_id', 'agent_id']);
    });

    it('pages the status history newest first with an exact count (206 and Content-Range)', async () => {
      const since = new Date(statusBase - 60 * 60_000).toISOString();
      const params = new URLSearchParams({
        check_id: `eq.${ids.homepage}`,
        time: `gt.${since}`,
        order: 'time.desc',
        limit: '50',
        offset: '50',
      });
      const reply = await get(`/check_statuses?${params}`, { Prefer: 'count=exact' });
      expect(reply.status).toBe(206);
      // 60 statuses are newer than an hour ago: the second page of 50 holds the last 10.
      expect(reply.headers.get('content-range')).toBe('50-59/60');
      const page = reply.body as Row[];
      expect(page).toHaveLength(10);
      expect(page[0]?.time).toBe(
        new Date(statusBase - 50 * 60_000).toISOString().replace('.000Z', '+00:00'),
      );
      expect(page.map((row) => row.message)).toEqual(
        Array.from({ length: 10 }, (_, i) => `run ${50 + i}`),
      );
    });

    it('adds the status and duration filters of the history tab', async () => {
      const params = new URLSearchParams({
        check_id: `eq.${ids.homepage}`,
        status: 'eq.false',
        duration: 'gte.500',
        order: 'time.desc',
        limit: '50',
        offset: '0',
      });
      const reply = await get(`/check_statuses?${params}`, { Prefer: 'count=exact' });
      expect(reply.status).toBe(200);
      // Failed every 10th minute (i % 10 === 0) with duration i*10 >= 500: i = 50, 60, ..., 110.
      expect((reply.body as Row[]).map((row) => row.duration)).toEqual([
        500, 600, 700, 800, 900, 1000, 1100,
      ]);
      expect(reply.headers.get('content-range')).toBe('0-6/7');
    });

    it('embeds with a foreign key column name and an alias (agent:agent_id, created_by)', async () => {
      const [canary] = await rows(
        `/canaries?id=eq.${ids.httpCanary}&select=name,created_by(id,name,avatar,email)`,
      );
      expect(canary).toEqual({
        name: 'http-canary',
        created_by: {
          id: ids.alice,
          name: 'Alice Admin',
          avatar: 'https://avatars.test/alice.png',
          email: 'alice@example.test',
        },
      });
      const [check] = await rows(
        `/checks?id=eq.${ids.homepage}&select=name,agent:agent_id(id,name)`,
      );
      expect(check).toEqual({ name: 'homepage', agent: { id: ids.agent, name: 'edge-1' } });
      // `*` with an embed named like a column: the embed replaces the uuid.
      const [withStar] = await rows(`/canaries?id=eq.${ids.httpCanary}&select=*,created_by(name)`);
      expect(withStar?.created_by).toEqual({ name: 'Alice Admin' });
    });

    it('reads a request the client builder encodes (one grammar both ways)', async () => {
      const query: PostgrestQuery = {
        select: [
          { kind: 'field', column: 'name' },
          {
            kind: 'embed',
            relation: 'canaries',
            hint: 'checks_canary_id_fkey',
            children: [{ kind: 'field', column: 'name' }],
          },
        ],
        filters: [
          {
            kind: 'condition',
            column: 'deleted_at',
            operator: 'is',
            negated: false,
            value: 'null',
          },
          {
            kind: 'or',
            negated: false,
            items: [
              {
                kind: 'condition',
                column: 'name',
                operator: 'in',
                negated: false,
                value: [quotedCheckName, 'api'],
              },
              {
                kind: 'and',
                negated: false,
                items: [
                  {
                    kind: 'condition',
                    column: 'type',
                    operator: 'eq',
                    negated: false,
                    value: 'http',
                  },
                  {
                    kind: 'condition',
                    column: 'status',
                    operator: 'eq',
                    negated: false,
                    value: 'healthy',
                  },
                ],
              },
            ],
          },
        ],
        order: [{ column: 'name', direction: 'asc' }],
        extensions: [],
      };
      const list = await rows(`/checks?${encodeQuery(query)}`);
      expect(list).toEqual(
        [
          { name: quotedCheckName, canaries: { name: 'tcp-canary' } },
          { name: 'api', canaries: { name: 'http-canary' } },
          { name: 'homepage', canaries: { name: 'http-canary' } },
        ].sort((a, b) => (a.name < b.name ? -1 : 1)),
      );
    });
  });

  describe('select', () => {
    it('renames with alias:column, casts with ::, and reads JSON paths with -> and ->>', async () => {
      const [check] = await rows(
        `/checks?id=eq.${ids.homepage}&select=check_name:name,status::text,app:labels->>app,labels->env,spec->thresholdMillis,limit:spec->>thresholdMillis::int`,
      );
      expect(check).toEqual({
        check_name: 'homepage',
        status: 'healthy',
        app: 'web',
        env: 'prod',
        thresholdMillis: 500,
        limit: 500,
      });
    });

    it('answers an unknown column with 400 and a PostgREST error body', async () => {
      const reply = await get('/checks?select=id,nope');
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({
        code: '42703',
        message: 'column checks.nope does not exist',
        details: null,
        hint: null,
        error: 'column checks.nope does not exist',
      });
    });

    it('answers an unknown table with 404 (PGRST205)', async () => {
      const reply = await get('/no_such_table');
      expect(reply.status).toBe(404);
      expect(reply.body).toMatchObject({
        code: 'PGRST205',
        message: "Could not find the table 'public.no_such_table' in the schema cache",
      });
    });

    it('answers malformed select syntax with 400 (PGRST100)', async () => {
      for (const select of ['id,', 'canaries(id', 'a:b:c', 'id::', 'id::"drop table"']) {
        const reply = await get(`/checks?select=${encodeURIComponent(select)}`);
        expect(reply.status, select).toBe(400);
        expect((reply.body as Row).code, select).toMatch(/^PGRST1/);
      }
    });

    it('reads views, with relationships derived from their base tables', async () => {
      const [config] = await rows(
        `/configs?id=eq.${ids.webDeployment}&select=name,namespace,changes,check_config_relationships(check_id)`,
      );
      expect(config).toEqual({
        name: 'web-deployment',
        namespace: 'default',
        changes: 0,
        check_config_relationships: [{ check_id: ids.homepage }],
      });
    });
  });

  describe('embedding', () => {
    it('embeds one-to-many as an array and many-to-one as an object (or null)', async () => {
      const [canary] = await rows(
        `/canaries?id=eq.${ids.httpCanary}&select=name,checks(name)&checks.order=name.asc`,
      );
      expect(canary).toEqual({
        name: 'http-canary',
        checks: [{ name: 'api' }, { name: 'homepage' }],
      });
      const [tcp] = await rows(`/canaries?id=eq.${ids.tcpCanary}&select=name,created_by(name)`);
      expect(tcp).toEqual({ name: 'tcp-canary', created_by: null });
    });

    it('embeds many-to-many through a junction table', async () => {
      const [check] = await rows(
        `/checks?id=eq.${ids.homepage}&select=name,components(name)&components.order=name`,
      );
      expect(check).toEqual({
        name: 'homepage',
        components: [{ name: 'backend' }, { name: 'frontend' }],
      });
    });

    it('answers an ambiguous embed with 300 (PGRST201) and takes a hint to resolve it', async () => {
      const ambiguous = await get(`/incidents?id=eq.${ids.incident}&select=title,people(name)`);
      expect(ambiguous.status).toBe(300);
      expect(ambiguous.body).toMatchObject({ code: 'PGRST201' });
      expect((ambiguous.body as Row).details).toContain('incidents_commander_id_fkey');
      const [incident] = await rows(
        `/incidents?id=eq.${ids.incident}&select=title,commander:people!incidents_commander_id_fkey(name),creator:people!created_by(name)`,
      );
      expect(incident).toEqual({
        title: 'Homepage down',
        commander: { name: 'Bob Builder' },
        creator: { name: 'Alice Admin' },
      });
    });

    it('answers an embed without a relationship with 400 (PGRST200)', async () => {
      const reply = await get('/checks?select=name,incidents(title)');
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ code: 'PGRST200' });
    });

    it('filters, orders and limits embedded arrays without filtering the parents', async () => {
      const list = await rows(
        `/canaries?id=in.(${ids.httpCanary},${ids.tcpCanary})&select=name,checks(name,status)&checks.status=eq.unhealthy&order=name`,
      );
      expect(list).toEqual([
        { name: 'http-canary', checks: [{ name: 'api', status: 'unhealthy' }] },
        { name: 'tcp-canary', checks: [] },
      ]);
      const [limited] = await rows(
        `/canaries?id=eq.${ids.httpCanary}&select=name,checks(name)&checks.order=name.desc&checks.limit=1`,
      );
      expect(limited).toEqual({ name: 'http-canary', checks: [{ name: 'homepage' }] });
    });

    it('keeps only parents with a matching child under !inner', async () => {
      const list = await rows(
        `/canaries?id=in.(${ids.httpCanary},${ids.tcpCanary})&select=name,checks!inner(name)&checks.status=eq.unhealthy`,
      );
      expect(list).toEqual([{ name: 'http-canary', checks: [{ name: 'api' }] }]);
      const counted = await get(
        `/checks?select=name,canaries!inner(name)&canaries.namespace=eq.prod`,
        { Prefer: 'count=exact' },
      );
      expect(counted.headers.get('content-range')).toBe('0-1/2');
    });

    it('filters parents on an embed with embed=is.null / not.is.null', async () => {
      const base = `/canaries?id=in.(${ids.httpCanary},${ids.tcpCanary})&select=name,checks(name)&checks.severity=eq.critical`;
      expect(names(await rows(`${base}&checks=not.is.null`))).toEqual(['http-canary']);
      expect(names(await rows(`${base}&checks=is.null`))).toEqual(['tcp-canary']);
      expect((await get(`${base}&checks=eq.1`)).status).toBe(400);
    });

    it('filters and inner-joins nested embeds by their path', async () => {
      const select = 'name,rels:check_component_relationships!inner(components!inner(name))';
      const list = await rows(
        `/checks?select=${select}&rels.components.name=eq.frontend&order=name`,
      );
      expect(list).toEqual([{ name: 'homepage', rels: [{ components: { name: 'frontend' } }] }]);
      expect(await rows(`/checks?select=${select}&rels.components.name=eq.nothing`)).toEqual([]);
    });

    it('refuses a filter on an embed that is not selected (PGRST108)', async () => {
      const reply = await get('/canaries?select=name&checks.status=eq.healthy');
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ code: 'PGRST108' });
    });

    it('orders by a column of a many-to-one embed', async () => {
      const list = await rows(
        `/checks?select=name,canaries(name)&order=canaries(name).desc,name.asc&deleted_at=is.null`,
      );
      expect(names(list)).toEqual([quotedCheckName, 'api', 'homepage']);
    });
  });

  describe('filters', () => {
    const cases: [string, string[]][] = [
      ['name=eq.api', ['api']],
      ['name=neq.api', ['db-port', 'homepage', quotedCheckName]],
      ['created_at=gt.2024-04-02T00:00:00Z', ['db-port', quotedCheckName]],
      ['created_at=gte.2024-04-02T00:00:00Z', ['api', 'db-port', quotedCheckName]],
      ['created_at=lt.2024-04-02T00:00:00Z', ['homepage']],
      ['created_at=lte.2024-04-02T00:00:00Z', ['api', 'homepage']],
      ['name=like.*page', ['homepage']],
      ['name=ilike.*PAGE*', ['homepage']],
      ['name=in.(api,db-port)', ['api', 'db-port']],
      [
        `name=in.(${encodeURIComponent(`"${quotedCheckName.replace(/"/g, '\\"')}"`)})`,
        [quotedCheckName],
      ],
      ['name=in.()', []],
      ['status=is.null', [quotedCheckName]],
      ['deleted_at=not.is.null', ['db-port']],
      ['name=not.in.(api,homepage)', ['db-port', quotedCheckName]],
      ['name=not.like.*o*', ['api']],
      ['labels->>app=eq.web', ['homepage']],
      ['labels->app=eq."api"', ['api']],
      ['or=(name.eq.api,status.is.null)', ['api', quotedCheckName]],
      ['or=(name.eq.api,and(type.eq.tcp,deleted_at.is.null))', ['api', quotedCheckName]],
      ['not.or=(type.eq.tcp,name.eq.api)', ['homepage']],
      ['and=(type.eq.http,not.or(status.eq.healthy,severity.eq.critical))', ['api']],
      ['type=eq.tcp&status=eq.healthy', ['db-port']],
    ];
    it.each(cases)('%s', async (filter, expected) => {
      const list = await rows(
        `/checks?select=name&canary_id=in.(${ids.httpCanary},${ids.tcpCanary})&${filter}`,
      );
      expect(names(list).sort()).toEqual([...expected].sort());
    });

    it('answers a value Postgres cannot read with 400, not 500', async () => {
      for (const filter of [
        'id=eq.not-a-uuid',
        'created_at=gt.not-a-date',
        'duration=gt.abc',
        'labels->a=eq.{bad json',
      ]) {
        const reply = await get(`/check_statuses?${filter.replace('labels', 'details')}`);
        expect(reply.status, filter).toBe(400);
        expect((reply.body as Row).error, filter).toEqual(expect.any(String));
      }
    });

    it('answers an unknown operator or a malformed tree with 400 (PGRST100)', async () => {
      for (const filter of [
        'name=nope.x',
        'name=api',
        'or=(name.eq.api',
        'or=name.eq.api',
        'name=is.maybe',
        'limit=-1',
        'offset=x',
      ]) {
        const reply = await get(`/checks?${filter}`);
        expect(reply.status, filter).toBe(400);
        expect((reply.body as Row).code, filter).toBe('PGRST100');
      }
    });

    it('reads the tri-state {col}.filter extension (include, exclude, JSON keys)', async () => {
      const base = `/checks?select=name&canary_id=in.(${ids.httpCanary},${ids.tcpCanary})`;
      expect(names(await rows(`${base}&type.filter=http`)).sort()).toEqual(['api', 'homepage']);
      expect(names(await rows(`${base}&status.filter=!healthy`)).sort()).toEqual(
        ['api', quotedCheckName].sort(),
      );
      expect(names(await rows(`${base}&severity.filter=critical,high,!high`))).toEqual([
        'homepage',
      ]);
      expect(names(await rows(`${base}&labels.filter=app=web,env=dev`)).sort()).toEqual([
        'api',
        'homepage',
      ]);
      expect(names(await rows(`${base}&labels.filter=!env=prod&type.filter=http`))).toEqual([
        'api',
      ]);
      expect(names(await rows(`${base}&name.filter=home*`))).toEqual(['homepage']);
    });

    it('reads date math in the extension (>now-1h) and absolute bounds', async () => {
      await db.query(
        `UPDATE checks SET last_runtime = now() - interval '30 minutes' WHERE id = $1`,
        [ids.homepage],
      );
      await db.query(`UPDATE checks SET last_runtime = now() - interval '3 hours' WHERE id = $1`, [
        ids.api,
      ]);
      const base = `/checks?select=name&canary_id=eq.${ids.httpCanary}`;
      expect(
        names(await rows(`${base}&last_runtime.filter=${encodeURIComponent('>now-1h')}`)),
      ).toEqual(['homepage']);
      expect(
        names(await rows(`${base}&last_runtime.filter=${encodeURIComponent('>now-1d,<now-2h')}`)),
      ).toEqual(['api']);
      expect(
        names(
          await rows(`${base}&created_at.filter=${encodeURIComponent('>=2024-04-02T00:00:00Z')}`),
        ),
      ).toEqual(['api']);
    });
  });

  describe('order, limit, offset, Range and count', () => {
    const base = `/checks?select=name,severity&canary_id=in.(${ids.httpCanary},${ids.tcpCanary})`;

    it('orders by several columns with nulls first/last', async () => {
      expect(names(await rows(`${base}&order=severity.asc.nullsfirst,name.desc`))).toEqual([
        'db-port',
        'homepage',
        'api',
        quotedCheckName,
      ]);
      expect(names(await rows(`${base}&order=severity.desc.nullslast`))).toEqual([
        quotedCheckName,
        'api',
        'homepage',
        'db-port',
      ]);
      expect(names(await rows(`${base}&order=type,created_at.desc`))).toEqual([
        'api',
        'homepage',
        quotedCheckName,
        'db-port',
      ]);
    });

    it('answers an unknown order column with 400', async () => {
      expect((await get(`${base}&order=nope.desc`)).status).toBe(400);
    });

    it('gives Content-Range without a count (0-1/*) and with one (0-1/4)', async () => {
      const plain = await get(`${base}&order=name&limit=2`);
      expect(plain.status).toBe(200);
      expect(plain.headers.get('content-range')).toBe('0-1/*');
      const counted = await get(`${base}&order=name&limit=2`, { Prefer: 'count=exact' });
      expect(counted.status).toBe(206);
      expect(counted.headers.get('content-range')).toBe('0-1/4');
      const all = await get(`${base}&order=name`, { Prefer: 'count=exact' });
      expect(all.status).toBe(200);
      expect(all.headers.get('content-range')).toBe('0-3/4');
    });

    it('answers an empty result with */0', async () => {
      const reply = await get(`${base}&name=eq.none`, { Prefer: 'count=exact' });
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual([]);
      expect(reply.headers.get('content-range')).toBe('*/0');
    });

    it('reads the Range header (Range-Unit: items), alone or with limit', async () => {
      const reply = await get(`${base}&order=name`, {
        'Range-Unit': 'items',
        Range: '1-2',
        Prefer: 'count=exact',
      });
      expect(reply.status).toBe(206);
      expect(reply.headers.get('content-range')).toBe('1-2/4');
      expect(names(reply.body as Row[])).toEqual(['api', 'db-port']);
      const open = await get(`${base}&order=name`, { Range: '3-' });
      expect(names(open.body as Row[])).toEqual(['homepage']);
    });

    it('answers 416 past the end with a count, and for a reversed Range', async () => {
      const past = await get(`${base}&offset=10`, { Prefer: 'count=exact' });
      expect(past.status).toBe(416);
      expect(past.headers.get('content-range')).toBe('*/4');
      expect(past.body).toMatchObject({ code: 'PGRST103' });
      const reversed = await get(base, { Range: '5-2' });
      expect(reversed.status).toBe(416);
      // Without a count PostgREST cannot know: an empty page, 200.
      const uncounted = await get(`${base}&offset=10`);
      expect(uncounted.status).toBe(200);
      expect(uncounted.headers.get('content-range')).toBe('*/*');
    });

    it('answers HEAD with the headers only', async () => {
      const response = await engine.request(`${base}&limit=1`, {
        method: 'HEAD',
        headers: { Prefer: 'count=exact' },
      });
      expect(response.status).toBe(206);
      expect(response.headers.get('content-range')).toBe('0-0/4');
      expect(await response.text()).toBe('');
    });
  });

  describe('singular responses (Accept: application/vnd.pgrst.object+json)', () => {
    const accept = { Accept: 'application/vnd.pgrst.object+json' };
    it('gives one object for one row', async () => {
      const reply = await get(`/checks?id=eq.${ids.api}&select=name`, accept);
      expect(reply.status).toBe(200);
      expect(reply.headers.get('content-type')).toContain('application/vnd.pgrst.object+json');
      expect(reply.body).toEqual({ name: 'api' });
    });
    it('answers 406 (PGRST116) for none or several rows', async () => {
      for (const filter of ['name=eq.none', `canary_id=eq.${ids.httpCanary}`]) {
        const reply = await get(`/checks?select=name&${filter}`, accept);
        expect(reply.status).toBe(406);
        expect(reply.body).toMatchObject({ code: 'PGRST116' });
      }
    });
    it('answers 406 for a media type it cannot produce', async () => {
      expect((await get('/checks?limit=1', { Accept: 'application/xml' })).status).toBe(406);
    });
  });

  it('reads the status history of one check in one statement with json aggregation', async () => {
    const statements: string[] = [];
    const logged: Database = {
      engine: db.engine,
      query: (text, params) => {
        statements.push(text);
        return db.query(text, params);
      },
      exec: (text) => db.exec(text),
      transaction: (fn) => db.transaction(fn),
      listen: (channel, handler) => db.listen(channel, handler),
      close: () => Promise.resolve(),
    };
    const logging = await startEngine(logged);
    try {
      await logging.catalog.get();
      statements.length = 0;
      const response = await logging.request(
        `/checks?select=name,canaries(name),check_statuses(time,status)&check_statuses.limit=5&limit=50`,
        { headers: { Prefer: 'count=exact' } },
      );
      expect(response.status).toBe(200);
      expect(statements).toHaveLength(1);
      expect(statements[0]).toContain('json_agg');
      // The one statement still answers the whole page: each check with its canary, and the
      // homepage's statuses cut to 5 of the 120 it has.
      expect(response.headers.get('Content-Range')).toBe('0-3/4');
      const page = (await json(response)) as {
        name: string;
        canaries: { name: string };
        check_statuses: { time: string; status: boolean }[];
      }[];
      const homepage = page.find((row) => row.name === 'homepage');
      expect(homepage?.canaries).toEqual({ name: 'http-canary' });
      expect(homepage?.check_statuses).toHaveLength(5);
      const stored = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM check_statuses WHERE check_id = $1',
        [ids.homepage],
      );
      expect(stored.rows[0]!.n).toBe(homepageStatuses);
      expect(page.find((row) => row.name === 'api')?.check_statuses).toEqual([
        { time: expect.any(String), status: false },
      ]);
    } finally {
      await logging.close();
    }
  });
});
