import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { testDatabases } from '../testing/databases.ts';
import { json, startEngine, type EngineServer } from './postgrest.test.helper.ts';

type Row = Record<string, unknown>;

// Names ILIKE treats in every way it can: case, accents, characters whose lower case is another
// length or script, wildcards and escapes written as text, a NULL.
const names = [
  'Pod-Alpha',
  'pod-beta',
  'POD_GAMMA',
  'Äpfel-Store',
  'äpfel-cache',
  'ÉCOLE',
  'école',
  'Straße',
  'STRASSE',
  'İstanbul',
  'ǅemal',
  'ΣΟΦΙΑ',
  '100% done',
  'back\\slash',
  'under_score',
  'underXscore',
  '',
];

const patterns = [
  '*pod*',
  '*POD*',
  'pod*',
  '*a',
  '*äpfel*',
  '*ÄPFEL*',
  '*école*',
  '*ÉCOLE*',
  '*straße*',
  '*STRASSE*',
  '*istanbul*',
  '*i̇stanbul*',
  '*ǆ*',
  '*σοφια*',
  '*\\%*',
  '*%*',
  '*\\\\*',
  '*under\\_*',
  '*under_*',
  '_od*',
  '',
  '*',
];

// A case-folded column is answered from its stored lower() companion; the rows are those ILIKE
// gives on the column itself, which the test asks the database for directly.
describe.each(testDatabases())('case-folded ilike on $engine', (target) => {
  let db: Database;
  let engine: EngineServer;

  beforeAll(async () => {
    db = await target.open();
    await db.exec(`
      DROP TABLE IF EXISTS fold_probes;
      CREATE TABLE fold_probes (
        id int PRIMARY KEY,
        name text,
        note text,
        name_folded text GENERATED ALWAYS AS (lower(name)) STORED
      );`);
    const values = names.map((name, index) => `(${index}, $${index + 1}, 'n${index}')`);
    await db.query(`INSERT INTO fold_probes (id, name, note) VALUES ${values.join(', ')}`, names);
    await db.query(`INSERT INTO fold_probes (id, name, note) VALUES (999, NULL, 'no name')`);
    engine = await startEngine(db, {
      caseFolded: (relation) =>
        relation === 'fold_probes' ? { name: 'name_folded', missing: 'missing_folded' } : undefined,
    });
  });
  afterAll(async () => {
    await engine?.close();
    await db?.exec('DROP TABLE IF EXISTS fold_probes');
    await target.release();
  });

  async function ids(query: string): Promise<number[]> {
    const response = await engine.request(`/fold_probes?select=id&order=id&${query}`);
    const body = (await json(response)) as Row[];
    expect(response.status, JSON.stringify(body)).toBe(200);
    return body.map((row) => Number(row.id));
  }
  async function ilikeIds(pattern: string, negated = false): Promise<number[]> {
    const { rows } = await db.query<{ id: number }>(
      `SELECT id FROM fold_probes WHERE ${negated ? 'NOT ' : ''}(name ILIKE $1) ORDER BY id`,
      [pattern.replace(/\*/g, '%')],
    );
    return rows.map((row) => Number(row.id));
  }

  it.each(patterns)('name=ilike.%s gives the rows ILIKE gives', async (pattern) => {
    const value = encodeURIComponent(pattern);
    expect(await ids(`name=ilike.${value}`)).toEqual(await ilikeIds(pattern));
    expect(await ids(`name=not.ilike.${value}`)).toEqual(await ilikeIds(pattern, true));
    // Inside a quoted value of a tree, a backslash escapes the next character.
    const quoted = encodeURIComponent(pattern.replace(/[\\"]/g, '\\$&'));
    expect(await ids(`or=(name.ilike."${quoted}",note.eq.n0)`)).toEqual(
      [...new Set([...(await ilikeIds(pattern)), 0])].sort((a, b) => a - b),
    );
  });

  it('reads the companion, not the column', async () => {
    // Proof that the rewrite runs: a companion out of step with its column is what `ilike` sees.
    await db.exec(`ALTER TABLE fold_probes ADD COLUMN IF NOT EXISTS shadow text;`);
    const shadowed = await startEngine(db, {
      caseFolded: (relation) => (relation === 'fold_probes' ? { name: 'shadow' } : undefined),
    });
    try {
      await db.exec(`UPDATE fold_probes SET shadow = 'marker' WHERE id = 1`);
      const response = await shadowed.request('/fold_probes?select=id&name=ilike.*marker*');
      expect(await json(response)).toEqual([{ id: 1 }]);
    } finally {
      await shadowed.close();
      await db.exec(`ALTER TABLE fold_probes DROP COLUMN shadow`);
    }
  });

  it('keeps the companion out of the API', async () => {
    const all = (await json(await engine.request('/fold_probes?id=eq.0'))) as Row[];
    expect(Object.keys(all[0]!)).toEqual(['id', 'name', 'note']);
    for (const path of [
      '/fold_probes?select=name_folded',
      '/fold_probes?name_folded=eq.x',
      '/fold_probes?order=name_folded',
    ]) {
      const response = await engine.request(path);
      expect(response.status, path).toBe(400);
      expect(await json(response)).toMatchObject({ code: '42703' });
    }
    const write = await engine.request('/fold_probes', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ id: 500, name: 'x', name_folded: 'y' }),
    });
    expect(write.status).toBe(400);
  });

  it('keeps like case-sensitive and leaves a companion the database lacks alone', async () => {
    expect(await ids('name=like.*pod*')).toEqual([1]);
    // `missing` is declared with a companion that does not exist: neither is used.
    const response = await engine.request('/fold_probes?select=id&missing=ilike.*x*');
    expect(response.status).toBe(400);
  });
});
