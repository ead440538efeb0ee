import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { testDatabases } from '../testing/databases.ts';
import { ids, json, seedEstate, startEngine, type EngineServer } from './postgrest.test.helper.ts';

type Row = Record<string, unknown>;

// The select and insert forms PostgREST 12 accepts that the reference console (issue 30) sends:
// a repeated select, a cast after an embed, a `)` too many, embedded counts, spreads and `columns=`.
describe.each(testDatabases())('PostgREST 12 grammar on $engine', (target) => {
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

  const get = async (path: string) => {
    const response = await engine.request(path);
    return { status: response.status, body: (await json(response)) as Row[] & Row };
  };

  it('reads the first of two select parameters and ignores the other', async () => {
    const reply = await get(`/canaries?id=eq.${ids.httpCanary}&select=id,name&select=namespace`);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual([{ id: ids.httpCanary, name: 'http-canary' }]);
  });

  it('takes a cast after an embed', async () => {
    const reply = await get(
      `/checks?id=eq.${ids.homepage}&select=id,canary:canaries(name)::jsonb,agent:agents(name)::text`,
    );
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual([
      { id: ids.homepage, canary: { name: 'http-canary' }, agent: '{"name":"edge-1"}' },
    ]);
  });

  it('ignores a ) too many at the end of a select, and only there', async () => {
    const reply = await get(`/incidents?id=eq.${ids.incident}&select=id,created_by(id,name))`);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual([
      { id: ids.incident, created_by: { id: ids.alice, name: 'Alice Admin' } },
    ]);
    expect((await get(`/incidents?select=id),title`)).status).toBe(400);
  });

  it('counts embedded rows as [{count}] with rel(count), filters of the embed applied', async () => {
    const reply = await get(
      `/canaries?id=in.(${ids.httpCanary},${ids.tcpCanary})&select=name,checks(count)&order=name`,
    );
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual([
      { name: 'http-canary', checks: [{ count: 2 }] },
      { name: 'tcp-canary', checks: [{ count: 2 }] },
    ]);
    const filtered = await get(
      `/canaries?id=eq.${ids.tcpCanary}&select=name,live:checks(n:count)&live.deleted_at=is.null`,
    );
    expect(filtered.body).toEqual([{ name: 'tcp-canary', live: [{ n: 1 }] }]);
  });

  it('spreads a to-one embed into its parent, and refuses a to-many spread with PGRST119', async () => {
    const reply = await get(
      `/checks?id=eq.${ids.homepage}&select=id,...canaries(canary_name:name,namespace)`,
    );
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual([
      { id: ids.homepage, canary_name: 'http-canary', namespace: 'default' },
    ]);
    const refused = await get(`/canaries?select=id,...checks(name)`);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'PGRST119',
      message: "A spread operation on 'checks' is not possible",
    });
  });

  it('inserts rows with different keys under columns=, missing keys default with missing=default', async () => {
    const post = (prefer: string) =>
      engine.request('/people?columns=id,name,email,created_at&select=id,name,email,created_at', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Prefer: `return=representation,${prefer}` },
        body: JSON.stringify([
          { id: '10000000-0000-4000-8000-0000000000a1', name: 'Carol', ignored: 1 },
          {
            id: '10000000-0000-4000-8000-0000000000a2',
            name: 'Dan',
            email: 'dan@example.test',
            created_at: '2024-01-02T00:00:00Z',
          },
        ]),
      });
    await db.exec(`DELETE FROM people WHERE id::text LIKE '10000000-0000-4000-8000-0000000000a%'`);
    const withDefaults = await post('missing=default');
    expect(withDefaults.status).toBe(201);
    const rows = (await json(withDefaults)) as Row[];
    expect(rows).toEqual([
      {
        id: '10000000-0000-4000-8000-0000000000a1',
        name: 'Carol',
        email: null,
        created_at: expect.any(String),
      },
      {
        id: '10000000-0000-4000-8000-0000000000a2',
        name: 'Dan',
        email: 'dan@example.test',
        created_at: expect.stringMatching(/^2024-01-02T00:00:00/),
      },
    ]);
    await db.exec(`DELETE FROM people WHERE id::text LIKE '10000000-0000-4000-8000-0000000000a%'`);
    // Without missing=default a listed key a row lacks is NULL: here a NOT NULL column refuses it.
    const withNulls = await post('missing=null');
    expect(withNulls.status).toBe(400);
    expect(await json(withNulls)).toMatchObject({ code: '23502' });
    await db.exec(`DELETE FROM people WHERE id::text LIKE '10000000-0000-4000-8000-0000000000a%'`);
    // Without columns= the keys must still match (PGRST102), as PostgREST says.
    const mismatched = await engine.request('/people', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify([{ name: 'x' }, { name: 'y', email: 'y@example.test' }]),
    });
    expect(mismatched.status).toBe(400);
    expect(await json(mismatched)).toMatchObject({ code: 'PGRST102' });
  });
});
