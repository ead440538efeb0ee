import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { testDatabases } from '../testing/databases.ts';
import { ids, json, seedEstate, startEngine, type EngineServer } from './postgrest.test.helper.ts';

type Row = Record<string, unknown>;

// The operators a real PostgREST has beyond the console's grammar (docs.postgrest.org "Operators"):
// containment on arrays and jsonb, full-text search, regular expressions, with `not.` and inside
// `or`/`and` trees, on the real schema with the engine's small estate.
describe.each(testDatabases())('PostgREST operators on $engine', (target) => {
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

  async function get(path: string) {
    const response = await engine.request(path);
    return { status: response.status, body: (await json(response)) as unknown };
  }
  async function names(table: string, filter: string): Promise<string[]> {
    const scope =
      table === 'checks'
        ? `canary_id=in.(${ids.httpCanary},${ids.tcpCanary})`
        : `id=in.(${ids.webDeployment},${ids.dbConfig})`;
    const reply = await get(`/${table}?select=name&${scope}&${filter}`);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return (reply.body as Row[]).map((row) => String(row.name)).sort();
  }
  const e = encodeURIComponent;

  const cases: [string, string, string[]][] = [
    ['checks', `labels=cs.${e('{"app":"web"}')}`, ['homepage']],
    ['checks', `labels=cs.${e('{"env":"prod","app":"api"}')}`, []],
    ['checks', `labels=cd.${e('{"app":"api","env":"dev","extra":"1"}')}`, ['api']],
    ['checks', `labels=not.cs.${e('{"env":"prod"}')}`, ['api']],
    ['checks', `labels=ov.${e('{"app":"api","env":"prod"}')}`, ['api', 'homepage']],
    ['checks', `labels=cs.{app,env}`, ['api', 'homepage']],
    ['checks', `labels=ov.{nope,env}`, ['api', 'homepage']],
    ['config_items', `external_id=cs.{web}`, ['web-deployment']],
    ['config_items', `external_id=cs.{web,nope}`, []],
    ['config_items', `external_id=cd.{web,deploy,other}`, ['web-deployment']],
    ['config_items', `external_id=ov.{nope,deploy}`, ['web-deployment']],
    ['config_items', `external_id=ov.{${e('"with space"')},nope}`, []],
    ['config_items', `tags=cs.${e('{"cluster":"prod"}')}`, ['web-deployment']],
    ['config_items', `config->spec=cs.${e('{"replicas":3}')}`, ['web-deployment']],
    ['checks', `name=fts.homepage`, ['homepage']],
    ['checks', `name=fts(english).homepages`, ['homepage']],
    ['checks', `name=plfts.${e('db port')}`, ['db-port']],
    ['checks', `name=phfts(simple).${e('db port')}`, ['db-port']],
    ['checks', `name=wfts.${e('"db port" -api')}`, ['db-port']],
    ['checks', `name=not.fts.homepage&type=eq.http`, ['api']],
    ['checks', `name=match.^h`, ['homepage']],
    ['checks', `name=imatch.^H.*E$`, ['homepage']],
    ['checks', `severity=isdistinct.critical&type=eq.http`, ['api']],
    ['checks', `or=(labels.cs.${e('{"app":"web"}')},name.eq.api)`, ['api', 'homepage']],
    ['checks', `or=(labels.cs.{app,env},name.fts.port)`, ['api', 'db-port', 'homepage']],
    ['config_items', `or=(external_id.cs.{web,deploy},name.eq.nothing)`, ['web-deployment']],
    ['checks', `and=(type.eq.http,not.or(name.plfts.homepage,labels.ov.{nope}))`, ['api']],
    ['checks', `or=(labels->>app.eq.web,labels->>"app".eq.api)`, ['api', 'homepage']],
  ];
  it.each(cases)('%s %s', async (table, filter, expected) => {
    expect(await names(table, filter)).toEqual([...expected].sort());
  });

  it('selects by a jsonb key (labels->>k.eq.v) exactly the rows the text comparison does', async () => {
    // The engine answers `->>k = v` on jsonb through containment (an index lookup); these rows hold
    // the key as each JSON kind whose text a value can equal, or not at all.
    const probes: [string, unknown][] = [
      ['tier-text-1', { tier: '1', team: 'a' }],
      ['tier-number-1', { tier: 1 }],
      ['tier-true', { tier: true }],
      ['tier-object', { tier: { a: 1 } }],
      ['tier-list', { tier: [1, 2] }],
      ['tier-null', { tier: null }],
      ['tier-none', { team: 'a' }],
      ['tier-array-labels', ['tier']],
      ['no-labels', null],
    ];
    for (const [name, labels] of probes)
      await db.query(
        `INSERT INTO config_items (config_class, name, labels, type)
         VALUES ('Probe', $1, $2::text::jsonb, 'Opsdeck::JsonKeyProbe')`,
        [name, JSON.stringify(labels)],
      );
    const expected = async (where: string, values: string[]) =>
      (
        await db.query<{ name: string }>(
          `SELECT name FROM config_items WHERE type = 'Opsdeck::JsonKeyProbe' AND ${where}`,
          values,
        )
      ).rows
        .map((row) => row.name)
        .sort();
    const e = encodeURIComponent;
    for (const value of ['1', 'true', '{"a": 1}', '[1, 2]', 'null', 'a', ' 1', '"1"']) {
      const cases: [string, string][] = [
        [`labels->>tier=eq.${e(value)}`, `labels->>'tier' = $1`],
        [`labels->>tier=not.eq.${e(value)}`, `NOT (labels->>'tier' = $1)`],
        [`labels->>tier=neq.${e(value)}`, `labels->>'tier' <> $1`],
      ];
      // In a tree a value with commas, parentheses or quotes would need quoting of its own.
      if (!/[,()"]/.test(value))
        cases.push(
          [
            `or=(and(labels->>tier.eq.${e(value)},labels->>team.eq.a))`,
            `(labels->>'tier' = $1 AND labels->>'team' = 'a')`,
          ],
          [
            `not.or=(labels->>tier.eq.${e(value)},name.eq.no-labels)`,
            `NOT (labels->>'tier' = $1 OR name = 'no-labels')`,
          ],
        );
      for (const [filter, where] of cases) {
        const reply = await get(
          `/config_items?select=name&type=eq.${e('Opsdeck::JsonKeyProbe')}&${filter}`,
        );
        expect(reply.status, filter).toBe(200);
        const got = (reply.body as Row[]).map((row) => String(row.name)).sort();
        expect(got, `${filter} (${value})`).toEqual(await expected(where, [value]));
      }
    }
    await db.query(`DELETE FROM config_items WHERE type = 'Opsdeck::JsonKeyProbe'`);
  });

  it('answers a value Postgres cannot read, or an unknown configuration, with 400', async () => {
    for (const filter of [
      'labels=cs.{bad json',
      'labels=cs.nope',
      'created_at=cs.{x}',
      'name=fts(no_such_config).x',
      'name=fts(bad!).x',
      'name=cs(english).x',
      'name=fts.a & & b',
      'name=match.(',
    ]) {
      const reply = await get(`/checks?${filter.replace(/ /g, '%20')}`);
      expect(reply.status, filter).toBe(400);
      expect((reply.body as Row).error, filter).toEqual(expect.any(String));
    }
  });
});
