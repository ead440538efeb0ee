import { createApiClient } from '@opsdeck/api-client';
import { db as dbGroup, likeContaining } from '@opsdeck/api-client/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { testDatabases } from '../testing/databases.ts';
import { startEngine, type EngineServer } from './postgrest.test.helper.ts';

// Names holding each character a like pattern gives a meaning to, beside look-alikes that a
// wildcard (rather than the literal character) would also match.
const names = [
  'star*gate',
  'starXgate',
  '100% done',
  '100X done',
  'under_score',
  'underXscore',
  'back\\slash',
  'backXslash',
  'Mixed*Case',
];

describe.each(testDatabases())('likeContaining through /api/db on $engine', (target) => {
  let db: Database;
  let engine: EngineServer;

  beforeAll(async () => {
    db = await target.open();
    await db.exec(`
      DROP TABLE IF EXISTS like_probes;
      CREATE TABLE like_probes (id int PRIMARY KEY, name text, title text);`);
    const values = names.map((_, index) => `(${index}, $${index + 1}, 'other')`);
    await db.query(`INSERT INTO like_probes (id, name, title) VALUES ${values.join(', ')}`, names);
    engine = await startEngine(db);
  });
  afterAll(async () => {
    await engine?.close();
    await db?.exec('DROP TABLE IF EXISTS like_probes');
    await target.release();
  });

  function probes() {
    const client = createApiClient({ baseUrl: engine.url.replace(/\/db$/, '') });
    return dbGroup(client).from<{ name: string }>('like_probes').select('name').order('id');
  }
  const found = async (text: string) =>
    (await probes().ilike('name', likeContaining(text)).execute()).map((row) => row.name);

  it.each([
    ['r*g', ['star*gate']],
    ['0% d', ['100% done']],
    ['r_s', ['under_score']],
    ['k\\s', ['back\\slash']],
    ['*', ['star*gate', 'Mixed*Case']],
    ['%', ['100% done']],
    ['_', ['under_score']],
    ['\\', ['back\\slash']],
    ['d*c', ['Mixed*Case']],
  ])('a name holding %j is found literally (ilike)', async (text, expected) => {
    expect(await found(text)).toEqual(expected);
  });

  it('like keeps the case and an or-list quotes the escapes', async () => {
    const like = await probes().like('name', likeContaining('d*c')).execute();
    expect(like).toEqual([]);
    const either = await probes()
      .or([
        {
          kind: 'condition',
          column: 'title',
          operator: 'ilike',
          negated: false,
          value: likeContaining('*'),
        },
        {
          kind: 'condition',
          column: 'name',
          operator: 'ilike',
          negated: false,
          value: likeContaining('0%'),
        },
      ])
      .execute();
    expect(either.map((row) => row.name)).toEqual(['100% done']);
  });

  it('an unescaped star is still the wildcard', async () => {
    const rows = await probes().ilike('name', 'star*gate').execute();
    expect(rows.map((row) => row.name)).toEqual(['star*gate', 'starXgate']);
  });
});
