import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { testDatabases } from '../testing/databases.ts';
import { ids, seedEstate, startEngine, type EngineServer } from './postgrest.test.helper.ts';

// Hostile input through every place a request carries text: operators, values, in-lists, logic trees,
// select (columns, aliases, JSON keys, casts, embeds, hints), order, the filter extension, limit/offset,
// embedded modifiers, the table path, and the Range/Prefer/Accept headers. Every reply must be a 4xx
// or a correct (here: secret-free) result, never a 500, and the tables must be intact afterwards.
const secret = 'TOPSECRET-connection-password';

const payloads = [
  `'; DROP TABLE checks; --`,
  `1' OR '1'='1`,
  `" OR 1=1 --`,
  `x") OR ("1"="1`,
  `) OR (1=1`,
  `*/ OR 1=1 /*`,
  `$1`,
  `$$; DELETE FROM people; $$`,
  `\\`,
  `\\'; SELECT pg_sleep(5); --`,
  `(SELECT password FROM connections)`,
  `id),(SELECT password FROM connections`,
  `password`,
  `connections`,
  `E'\\x27'`,
  `%`,
  `_`,
  `null`,
  `a\u0000b`,
  `ünïcødé 🚀`,
  `"`,
  `""`,
  `,`,
  `.`,
  `()`,
  `->`,
  `::text`,
  'a'.repeat(5000),
];

const encode = encodeURIComponent;
// Quoted for in-lists and logic trees, the way the client's encoder writes a reserved value.
const quoted = (value: string) => `"${value.replace(/["\\]/g, (ch) => `\\${ch}`)}"`;

function requests(payload: string): { path: string; headers?: Record<string, string> }[] {
  const p = encode(payload);
  const q = encode(quoted(payload));
  const operators = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'not.eq', 'not.ilike'];
  return [
    ...operators.map((op) => ({ path: `/checks?name=${op}.${p}` })),
    { path: `/checks?id=eq.${p}` },
    { path: `/checks?created_at=gt.${p}` },
    { path: `/checks?labels->>app=eq.${p}` },
    { path: `/checks?labels->${p}=eq.1` },
    { path: `/checks?name=in.(${q},no-such-check)` },
    { path: `/checks?name=in.(${p})` },
    { path: `/checks?name=is.${p}` },
    { path: `/checks?${p}=eq.1` },
    { path: `/checks?or=(name.eq.${q},id.eq.${q})` },
    { path: `/checks?or=(name.eq.${p})` },
    { path: `/checks?or=(${p}.eq.1)` },
    { path: `/checks?and=(name.like.${q},not.or(status.eq.${q}))` },
    { path: `/checks?select=${p}` },
    { path: `/checks?select=id,${p}:name` },
    { path: `/checks?select=id,${encode(quoted(payload))}:name` },
    { path: `/checks?select=labels->>${q}` },
    { path: `/checks?select=labels->${p}` },
    { path: `/checks?select=name::${p}` },
    { path: `/checks?select=${p}(id)` },
    { path: `/checks?select=canaries!${p}(id)` },
    { path: `/checks?select=canaries!${q}(id)` },
    { path: `/checks?order=${p}` },
    { path: `/checks?order=name.${p}` },
    { path: `/checks?order=labels->>${q}.desc` },
    { path: `/checks?order=canaries(${p}).desc&select=name,canaries(name)` },
    { path: `/checks?name.filter=${p}` },
    { path: `/checks?name.filter=!${q}` },
    { path: `/checks?labels.filter=${p}` },
    { path: `/checks?last_runtime.filter=${encode('>')}${p}` },
    { path: `/checks?limit=${p}` },
    { path: `/checks?offset=${p}` },
    { path: `/canaries?select=name,checks(name)&checks.name=eq.${p}` },
    { path: `/canaries?select=name,checks(name)&checks.order=${p}` },
    { path: `/canaries?select=name,checks(name)&checks.${p}=eq.1` },
    { path: `/${p}` },
    { path: `/${p}?select=*` },
    { path: `/rpc/${p}` },
    { path: '/checks?select=name', headers: { Range: payload.slice(0, 500) } },
    { path: '/checks?select=name', headers: { Prefer: payload.slice(0, 500) } },
    { path: '/checks?select=name', headers: { Accept: payload.slice(0, 500) } },
    { path: '/checks?select=name', headers: { 'Range-Unit': payload.slice(0, 500) } },
  ];
}

// Header values cannot carry NUL or non-Latin-1 text over HTTP at all; those are skipped for headers.
const headerSafe = (headers: Record<string, string> | undefined) =>
  !headers || Object.values(headers).every((value) => /^[\x20-\x7e]*$/.test(value));

describe.each(testDatabases())('injection corpus on $engine', (target) => {
  let db: Database;
  let engine: EngineServer;

  beforeAll(async () => {
    db = await target.open();
    await seedEstate(db);
    await db.query(`DELETE FROM connections WHERE name = 'injection-secret'`);
    await db.query(
      `INSERT INTO connections (name, type, password) VALUES ('injection-secret', 'http', $1)`,
      [secret],
    );
    engine = await startEngine(db);
  });
  afterAll(async () => {
    await db?.query(`DELETE FROM connections WHERE name = 'injection-secret'`);
    await engine?.close();
    await target.release();
  });

  const counts = async () => {
    const { rows } = await db.query<Record<string, number>>(
      `SELECT (SELECT count(*) FROM checks) AS checks, (SELECT count(*) FROM people) AS people,
              (SELECT count(*) FROM connections) AS connections, (SELECT count(*) FROM canaries) AS canaries`,
    );
    return rows[0];
  };

  it.each(
    payloads.map((payload) => [
      payload.length > 60 ? `${payload.slice(0, 20)}… (${payload.length} chars)` : payload,
      payload,
    ]),
  )('payload %s: 4xx or a clean result, never a 500 or a leak', async (_label, payload) => {
    const before = await counts();
    for (const { path, headers } of requests(payload)) {
      if (!headerSafe(headers)) continue;
      // Every request is made as a user who may not read connections.
      const response = await engine.request(path, {
        headers: { ...headers, 'x-test-deny': 'connections' },
      });
      const text = await response.text();
      const where = `${path.slice(0, 200)} ${JSON.stringify(headers ?? {})}`;
      expect(response.status, `${where} -> ${text.slice(0, 300)}`).toBeLessThan(500);
      expect(text, where).not.toContain(secret);
      if (response.status < 300 && /\?(name|id)=(eq|in|is)/.test(path)) {
        // An equality on a hostile value matches no row (the seeded names are plain).
        expect(JSON.parse(text), where).toEqual([]);
      }
      if (response.status >= 400) {
        const body = JSON.parse(text) as { code?: unknown; message?: unknown; error?: unknown };
        expect(body.code, where).toEqual(expect.any(String));
        expect(body.error, where).toEqual(expect.any(String));
      }
    }
    expect(await counts()).toEqual(before);
  });

  it('does not let an embed or a related order read a denied table', async () => {
    const deny = { 'x-test-deny': 'connections' };
    const embed = await engine.request('/permissions?select=id,connections(password)', {
      headers: deny,
    });
    expect(embed.status).toBe(403);
    const viaHint = await engine.request('/permissions?select=id,connection_id(password)', {
      headers: deny,
    });
    expect(viaHint.status).toBe(403);
    const ordered = await engine.request('/permissions?select=id&order=connections(password)', {
      headers: deny,
    });
    expect(ordered.status).toBe(403);
    const inner = await engine.request(
      '/permissions?select=id,connections!inner()&connections.password=eq.x',
      { headers: deny },
    );
    expect(inner.status).toBe(403);
  });

  it('still answers the legitimate request after the corpus', async () => {
    const response = await engine.request(`/checks?id=eq.${ids.homepage}&select=name`);
    expect(await response.json()).toEqual([{ name: 'homepage' }]);
  });
});
