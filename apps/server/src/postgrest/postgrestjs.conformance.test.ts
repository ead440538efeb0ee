import { PostgrestClient } from '@supabase/postgrest-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { defineService } from '../services/defineService.ts';
import { SERVICES } from '../services/list.ts';
import { testDatabases } from '../testing/databases.ts';
import { basic, startTestServer, type TestServer } from '../testing/server.ts';
import { homepageStatuses, ids, quotedCheckName, seedEstate } from './postgrest.test.helper.ts';

type Row = Record<string, unknown>;

// A client nobody here wrote, supabase's postgrest-js, against the whole server on 127.0.0.1 (Basic
// auth as the demo admin, the role matrix as the engine's hook): every filter and modifier it
// documents, on tables of the real schema holding the engine's small estate. Each probe asserts
// the rows a user of that client would expect from a real PostgREST.
//
// The schema has no function yet that a module declares for rpc, so a test module declares two,
// created here, readable by whoever reads canaries.
const conformanceService = defineService({
  name: 'postgrest-conformance',
  rpc: {
    opsdeck_conformance_statuses: { object: 'canaries', readOnly: true },
    opsdeck_conformance_add: { object: 'canaries', readOnly: true },
  },
});

describe.each(testDatabases())('supabase postgrest-js against the server on $engine', (target) => {
  let db: Database;
  let server: TestServer;
  let client: PostgrestClient;
  const estate = [ids.httpCanary, ids.tcpCanary];

  beforeAll(async () => {
    // The demo people sign in; the estate is the rows the probes know (its incident number is the
    // demo's first, so the demo's moves aside).
    db = await target.openSeeded({ checks: 5 });
    await db.exec(`UPDATE incidents SET incident_id = 'DEMO-1' WHERE incident_id = 'INC-1'`);
    await seedEstate(db);
    await db.exec(`
      CREATE OR REPLACE FUNCTION opsdeck_conformance_statuses(check_id uuid, min_duration integer DEFAULT 0)
        RETURNS TABLE ("time" timestamptz, status boolean, duration integer, message text)
        LANGUAGE sql STABLE AS $$
          SELECT s.time, s.status, s.duration, s.message FROM check_statuses s
           WHERE s.check_id = opsdeck_conformance_statuses.check_id AND s.duration >= min_duration
           ORDER BY s.time DESC $$;
      CREATE OR REPLACE FUNCTION opsdeck_conformance_add(a integer, b integer DEFAULT 1) RETURNS integer
        LANGUAGE sql IMMUTABLE AS $$ SELECT a + b $$;
      DELETE FROM components WHERE name LIKE 'pgjs-%';
    `);
    server = await startTestServer({ db, services: [...SERVICES, conformanceService] });
    client = new PostgrestClient(`${server.url}/api/db`, { headers: basic('admin@local') });
  });
  afterAll(async () => {
    await server?.close();
    await target.release();
  });

  const checks = () => client.from('checks').select('name').in('canary_id', estate);
  const sorted = (rows: Row[] | null) => (rows ?? []).map((row) => String(row.name)).sort();
  const ok = <T>(reply: { data: T; error: unknown; status: number }): T => {
    expect(reply.error).toBeNull();
    return reply.data;
  };

  it('eq, neq, gt, gte, lt, lte', async () => {
    expect(sorted(ok(await checks().eq('name', 'api')))).toEqual(['api']);
    expect(sorted(ok(await checks().neq('name', 'api')))).toEqual(
      ['db-port', 'homepage', quotedCheckName].sort(),
    );
    const day = '2024-04-02T00:00:00Z';
    expect(sorted(ok(await checks().gt('created_at', day)))).toEqual(
      ['db-port', quotedCheckName].sort(),
    );
    expect(sorted(ok(await checks().gte('created_at', day)))).toEqual(
      ['api', 'db-port', quotedCheckName].sort(),
    );
    expect(sorted(ok(await checks().lt('created_at', day)))).toEqual(['homepage']);
    expect(sorted(ok(await checks().lte('created_at', day)))).toEqual(['api', 'homepage']);
  });

  it('like and ilike with % wildcards, is, in (with quoting)', async () => {
    expect(sorted(ok(await checks().like('name', '%page')))).toEqual(['homepage']);
    expect(sorted(ok(await checks().ilike('name', '%PAGE%')))).toEqual(['homepage']);
    expect(sorted(ok(await checks().is('status', null)))).toEqual([quotedCheckName]);
    expect(sorted(ok(await checks().in('name', ['api', quotedCheckName, 'a,b'])))).toEqual(
      ['api', quotedCheckName].sort(),
    );
  });

  it('contains, containedBy and overlaps on jsonb and on arrays (cs, cd, ov)', async () => {
    expect(sorted(ok(await checks().contains('labels', { app: 'web' })))).toEqual(['homepage']);
    expect(
      sorted(ok(await checks().containedBy('labels', { app: 'api', env: 'dev', team: 'x' }))),
    ).toEqual(['api']);
    expect(sorted(ok(await checks().contains('labels', ['app', 'env'])))).toEqual([
      'api',
      'homepage',
    ]);
    const configs = () =>
      client.from('config_items').select('name').in('id', [ids.webDeployment, ids.dbConfig]);
    expect(sorted(ok(await configs().contains('external_id', ['web', 'deploy'])))).toEqual([
      'web-deployment',
    ]);
    expect(sorted(ok(await configs().containedBy('external_id', ['web', 'deploy', 'x'])))).toEqual([
      'web-deployment',
    ]);
    expect(sorted(ok(await configs().overlaps('external_id', ['nope', 'deploy'])))).toEqual([
      'web-deployment',
    ]);
    expect(sorted(ok(await configs().overlaps('external_id', ['nope'])))).toEqual([]);
    expect(sorted(ok(await configs().contains('tags', { cluster: 'prod' })))).toEqual([
      'web-deployment',
    ]);
  });

  it('textSearch: fts, plfts, phfts, wfts, with a configuration', async () => {
    expect(sorted(ok(await checks().textSearch('name', 'homepage')))).toEqual(['homepage']);
    expect(
      sorted(ok(await checks().textSearch('name', 'homepages', { config: 'english' }))),
    ).toEqual(['homepage']);
    expect(sorted(ok(await checks().textSearch('name', 'db port', { type: 'plain' })))).toEqual([
      'db-port',
    ]);
    expect(
      sorted(
        ok(await checks().textSearch('name', 'db port', { type: 'phrase', config: 'simple' })),
      ),
    ).toEqual(['db-port']);
    expect(
      sorted(ok(await checks().textSearch('name', '"db port" or api', { type: 'websearch' }))),
    ).toEqual(['api', 'db-port']);
  });

  it('match, not, or (nested, and on a referenced table), filter', async () => {
    expect(sorted(ok(await checks().match({ type: 'http', status: 'healthy' })))).toEqual([
      'homepage',
    ]);
    expect(sorted(ok(await checks().not('status', 'is', null).not('type', 'eq', 'tcp')))).toEqual([
      'api',
      'homepage',
    ]);
    expect(
      sorted(ok(await checks().not('labels', 'cs', '{"env":"prod"}').eq('type', 'http'))),
    ).toEqual(['api']);
    expect(sorted(ok(await checks().or('name.eq.api,and(type.eq.tcp,status.is.null)')))).toEqual(
      ['api', quotedCheckName].sort(),
    );
    expect(sorted(ok(await checks().or('labels.cs.{"app":"web"},name.plfts.port')))).toEqual([
      'db-port',
      'homepage',
    ]);
    const canaries = ok(
      await client
        .from('canaries')
        .select('name,checks(name)')
        .in('id', estate)
        .or('name.eq.api,name.eq.homepage', { referencedTable: 'checks' })
        .order('name'),
    ) as { name: string; checks: Row[] }[];
    expect(canaries.map((canary) => [canary.name, sorted(canary.checks)])).toEqual([
      ['http-canary', ['api', 'homepage']],
      ['tcp-canary', []],
    ]);
    expect(sorted(ok(await checks().filter('name', 'in', '(api,homepage)')))).toEqual([
      'api',
      'homepage',
    ]);
    expect(sorted(ok(await checks().filter('labels->>env', 'eq', 'dev')))).toEqual(['api']);
  });

  it('order, limit, range', async () => {
    const ordered = ok(
      await checks().order('type', { ascending: false }).order('name').limit(3),
    ) as Row[];
    expect(ordered.map((row) => row.name)).toEqual([quotedCheckName, 'db-port', 'api']);
    const nullsFirst = ok(
      await checks().order('severity', { ascending: true, nullsFirst: true }).limit(1),
    ) as Row[];
    expect(nullsFirst.map((row) => row.name)).toEqual(['db-port']);
    const page = ok(
      await client
        .from('check_statuses')
        .select('message')
        .eq('check_id', ids.homepage)
        .order('time', { ascending: false })
        .range(10, 12),
    ) as Row[];
    expect(page.map((row) => row.message)).toEqual(['run 10', 'run 11', 'run 12']);
  });

  it('single and maybeSingle', async () => {
    const one = await checks().eq('name', 'homepage').single();
    expect(one.error).toBeNull();
    expect(one.data).toEqual({ name: 'homepage' });
    const many = await checks().single();
    expect(many.data).toBeNull();
    expect(many.error).toMatchObject({ code: 'PGRST116' });
    expect((await checks().eq('name', 'nothing').maybeSingle()).data).toBeNull();
    expect((await checks().eq('name', 'api').maybeSingle()).data).toEqual({ name: 'api' });
    expect((await checks().maybeSingle()).error).toMatchObject({ code: 'PGRST116' });
  });

  it('csv', async () => {
    const csv = ok(
      await client
        .from('checks')
        .select('name,type,severity')
        .in('canary_id', estate)
        .order('name')
        .csv(),
    );
    expect(csv).toBe(
      [
        'name,type,severity',
        `"O'Brien ""quoted"" ; DROP TABLE checks; --",tcp,low`,
        'api,http,high',
        'db-port,tcp,',
        'homepage,http,critical',
      ].join('\n'),
    );
  });

  it('count exact, planned and estimated, and head', async () => {
    const statuses = (count: 'exact' | 'planned' | 'estimated', head = false) =>
      client
        .from('check_statuses')
        .select('time', { count, head })
        .eq('check_id', ids.homepage)
        .limit(5);
    const exact = await statuses('exact');
    expect(exact.count).toBe(homepageStatuses);
    expect(exact.data).toHaveLength(5);
    for (const count of ['planned', 'estimated'] as const) {
      const reply = await statuses(count);
      expect(reply.error, count).toBeNull();
      expect(reply.data, count).toHaveLength(5);
      // The planner's guess for planned; the exact count for estimated, being below 10,000 rows.
      expect(reply.count, count).toBeGreaterThanOrEqual(5);
      if (count === 'estimated') expect(reply.count).toBe(homepageStatuses);
    }
    const head = await statuses('exact', true);
    expect(head.count).toBe(homepageStatuses);
    expect(head.data).toBeNull();
  });

  it('rpc: POST and GET arguments, with filters, order, limit and count on its rows', async () => {
    expect(ok(await client.rpc('opsdeck_conformance_add', { a: 40, b: 2 }))).toBe(42);
    expect(ok(await client.rpc('opsdeck_conformance_add', { a: 41 }, { get: true }))).toBe(42);
    const rows = await client
      .rpc(
        'opsdeck_conformance_statuses',
        { check_id: ids.homepage, min_duration: 100 },
        { count: 'exact' },
      )
      .select('message,duration')
      .eq('status', false)
      .order('duration')
      .limit(2);
    expect(rows.error).toBeNull();
    expect(rows.data).toEqual([
      { message: 'run 10', duration: 100 },
      { message: 'run 20', duration: 200 },
    ]);
    expect(rows.count).toBe(11);
    const viaGet = await client
      .rpc('opsdeck_conformance_statuses', { check_id: ids.homepage }, { get: true })
      .select('message')
      .lt('duration', 20);
    // In the function's own order (newest first).
    expect(ok(viaGet)).toEqual([{ message: 'run 0' }, { message: 'run 1' }]);
    const missing = await client.rpc('opsdeck_conformance_add', { nope: 1 });
    expect(missing.error).toMatchObject({ code: 'PGRST202' });
  });

  it('insert, update, upsert and delete with returning', async () => {
    const inserted = ok(
      await client
        .from('components')
        .insert([
          { name: 'pgjs-a', type: 'Service' },
          { name: 'pgjs-b', type: 'Service' },
        ])
        .select('id,name,type'),
    ) as Row[];
    expect(inserted.map((row) => row.name)).toEqual(['pgjs-a', 'pgjs-b']);
    const [a, b] = inserted as [Row, Row];

    const updated = ok(
      await client
        .from('components')
        .update({ type: 'Database' })
        .eq('id', a.id as string)
        .select('name,type')
        .single(),
    );
    expect(updated).toEqual({ name: 'pgjs-a', type: 'Database' });

    const upserted = ok(
      await client
        .from('components')
        .upsert([
          { id: b.id, name: 'pgjs-b', type: 'Queue' },
          { id: '90000000-0000-4000-8000-000000000001', name: 'pgjs-c', type: 'Service' },
        ])
        .select('name,type')
        .order('name'),
    ) as Row[];
    expect(upserted).toEqual([
      { name: 'pgjs-b', type: 'Queue' },
      { name: 'pgjs-c', type: 'Service' },
    ]);

    const deleted = ok(
      await client.from('components').delete().like('name', 'pgjs-%').select('name'),
    );
    expect(sorted(deleted as Row[])).toEqual(['pgjs-a', 'pgjs-b', 'pgjs-c']);
    const left = await client
      .from('components')
      .select('id', { count: 'exact', head: true })
      .like('name', 'pgjs-%');
    expect(left.count).toBe(0);
  });

  it('answers a refused write of a viewer with a PostgREST error the client reads', async () => {
    const viewer = new PostgrestClient(`${server.url}/api/db`, {
      headers: basic('viewer@local'),
    });
    const reply = await viewer.from('components').insert({ name: 'pgjs-x' }).select();
    expect(reply.status).toBe(403);
    expect(reply.error).toMatchObject({ code: '42501' });
  });
});
