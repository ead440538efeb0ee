import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { testDatabases } from '../../testing/databases.ts';
import { basic, startTestServer, type TestServer } from '../../testing/server.ts';

type Row = { id: string; person_id: string | null; event: string | null; properties: unknown };

/**
 * person_analytics (issue 30): the reference console's getting-started checklist posts its rows as
 * whoever is signed in, and re-posts on every render while refused. Every role records its own rows;
 * below admin nobody reads, overwrites, changes or deletes anyone else's.
 */
describe.each(testDatabases('one'))('person_analytics on $engine', (target) => {
  let db: Database;
  let server: TestServer;
  const ids = new Map<string, string>();

  beforeAll(async () => {
    db = await target.openSeeded({ checks: 5 });
    const { rows } = await db.query<{ id: string; email: string }>(
      `SELECT id, email FROM people WHERE email LIKE '%@local'`,
    );
    for (const row of rows) ids.set(row.email.replace('@local', ''), row.id);
    server = await startTestServer({ db });
  });
  afterAll(async () => {
    await server?.close();
    await target.release();
  });

  const request = (who: string, path: string, init: RequestInit = {}) =>
    fetch(`${server.url}/api/db/${path}`, {
      ...init,
      headers: {
        ...basic(`${who}@local`),
        'Content-Type': 'application/json',
        Prefer: 'return=representation',
        ...(init.headers as Record<string, string> | undefined),
      },
    });
  const post = (who: string, body: unknown, prefer = 'return=representation') =>
    request(who, 'person_analytics', {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { Prefer: prefer },
    });
  const stored = async (id: string) =>
    (await db.query<Row>(`SELECT * FROM person_analytics WHERE id = $1`, [id])).rows[0];

  it('lets every role record its own rows, the server naming the person whatever the body says', async () => {
    for (const role of ['guest', 'viewer', 'responder', 'commander', 'editor', 'admin']) {
      const response = await post(role, { person_id: ids.get('admin'), event: `seen by ${role}` });
      expect(response.status, role).toBe(201);
      const [row] = (await response.json()) as Row[];
      expect(row?.person_id, role).toBe(ids.get(role));
      expect((await stored(row!.id))?.person_id, role).toBe(ids.get(role));
    }
  });

  it('keeps keys that name no column in properties instead of refusing them', async () => {
    const response = await post('guest', {
      event: 'checklist',
      properties: { step: 'health' },
      page: '/health',
      done: true,
    });
    expect(response.status, await response.clone().text()).toBe(201);
    const [row] = (await response.json()) as Row[];
    expect((await stored(row!.id))?.properties).toEqual({
      step: 'health',
      page: '/health',
      done: true,
    });
  });

  it('upserts a person’s own row, and refuses to overwrite someone else’s', async () => {
    const [own] = (await (await post('viewer', { event: 'first' })).json()) as Row[];
    const again = await post(
      'viewer',
      { id: own!.id, event: 'second' },
      'resolution=merge-duplicates,return=representation',
    );
    expect(again.status).toBe(201);
    expect((await stored(own!.id))?.event).toBe('second');

    const [admins] = (await (await post('admin', { event: 'admin' })).json()) as Row[];
    for (const resolution of ['merge-duplicates', 'ignore-duplicates']) {
      const taken = await post(
        'viewer',
        { id: admins!.id, person_id: ids.get('viewer'), event: 'taken' },
        `resolution=${resolution}`,
      );
      expect(taken.status, resolution).toBe(resolution === 'merge-duplicates' ? 403 : 201);
    }
    expect(await stored(admins!.id)).toMatchObject({ person_id: ids.get('admin'), event: 'admin' });
  });

  it('shows a non-admin only their own rows, an admin everyone’s', async () => {
    await post('guest', { event: 'mine' });
    await post('editor', { event: 'theirs' });
    for (const [role, path] of [
      ['guest', 'person_analytics'],
      ['viewer', `person_analytics?person_id=eq.${ids.get('editor')}`],
      ['editor', 'person_analytics?select=id,person_id&order=created_at'],
    ] as const) {
      const response = await request(role, path);
      expect(response.status, role).toBe(200);
      const rows = (await response.json()) as Row[];
      expect(
        rows.every((row) => row.person_id === ids.get(role)),
        role,
      ).toBe(true);
      if (role !== 'viewer') expect(rows.length, role).toBeGreaterThan(0);
      else expect(rows).toEqual([]);
    }
    const all = (await (await request('admin', 'person_analytics')).json()) as Row[];
    expect(new Set(all.map((row) => row.person_id)).size).toBeGreaterThan(2);
    // An embed is not filtered by person: below admin it is refused rather than showing everyone's.
    const embedded = await request('viewer', 'people?select=id,person_analytics(event)');
    expect(embedded.status).toBe(403);
    expect((await request('admin', 'people?select=id,person_analytics(event)')).status).toBe(200);
  });

  it('leaves changing and deleting rows, own ones included, to an admin', async () => {
    const [row] = (await (await post('editor', { event: 'keep' })).json()) as Row[];
    for (const role of ['guest', 'viewer', 'editor']) {
      const patch = await request(role, `person_analytics?id=eq.${row!.id}`, {
        method: 'PATCH',
        body: JSON.stringify({ event: 'changed' }),
      });
      expect(patch.status, role).toBe(403);
      const remove = await request(role, `person_analytics?id=eq.${row!.id}`, {
        method: 'DELETE',
      });
      expect(remove.status, role).toBe(403);
    }
    expect((await stored(row!.id))?.event).toBe('keep');
    const patched = await request('admin', `person_analytics?id=eq.${row!.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ event: 'changed' }),
    });
    expect(patched.status).toBe(200);
    expect((await stored(row!.id))?.event).toBe('changed');
  });

  it('widens nothing else of the auth object: a guest still reads no people, a viewer writes none', async () => {
    expect((await request('guest', 'people')).status).toBe(403);
    expect((await request('guest', 'teams')).status).toBe(403);
    const viewerWrite = await request('viewer', 'people', {
      method: 'POST',
      body: JSON.stringify({ name: 'Nobody', email: 'nobody@local' }),
    });
    expect(viewerWrite.status).toBe(403);
  });
});
