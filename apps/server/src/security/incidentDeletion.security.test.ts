import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { testDatabases } from '../testing/databases.ts';
import { basic, startTestServer, type TestServer } from '../testing/server.ts';

type Row = Record<string, unknown>;

// Issue 27: #10 incidents are deleted softly, only by an admin or their commander, and no client
// deletes their history; #16 (first half) a comment is edited only by its author, and deleted only
// by its author or an admin.
// HTTP and service logic over plain SQL: one engine (src/testing/databases.ts).
const engines = testDatabases('one');

describe.each(engines)('incident deletes and comment authorship on $engine', (target) => {
  let db: Database;
  let server: TestServer;
  const people: Record<string, string> = {};

  beforeAll(async () => {
    db = await target.openSeeded({ checks: 5 });
    server = await startTestServer({ db });
    const { rows } = await db.query<{ id: string; email: string }>(
      "SELECT id, email FROM people WHERE email LIKE '%@local'",
    );
    for (const row of rows) people[row.email.replace('@local', '')] = row.id;
  });
  afterAll(async () => {
    await server?.close();
    await target.release();
  });

  const call = async (
    role: string,
    method: string,
    path: string,
    body?: unknown,
    prefer = 'return=representation,count=exact',
  ) => {
    const response = await fetch(`${server.url}/api${path}`, {
      method,
      headers: {
        ...basic(`${role}@local`),
        'Content-Type': 'application/json',
        Prefer: prefer,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return {
      status: response.status,
      range: response.headers.get('content-range'),
      body: (text ? JSON.parse(text) : null) as Row & Row[],
    };
  };

  /** An incident commanded by `commander`, with a responder and a comment, made as the console does. */
  async function incident(title: string, commander: string) {
    const created = await call('admin', 'POST', '/db/incidents', {
      title,
      type: 'availability',
      severity: 'low',
      status: 'open',
      commander_id: people[commander],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = String(created.body[0]!.id);
    const responder = await call('admin', 'POST', '/db/responders', {
      incident_id: id,
      type: 'person',
      person_id: people.responder,
    });
    expect(responder.status).toBe(201);
    expect(
      (await call('admin', 'POST', '/db/comments', { incident_id: id, comment: 'hi' })).status,
    ).toBe(201);
    return { id, responder: String(responder.body[0]!.id) };
  }

  const historyOf = async (id: string) =>
    (
      await db.query<Row>('SELECT * FROM incident_histories WHERE incident_id = $1 ORDER BY id', [
        id,
      ])
    ).rows;

  describe('#10 incidents are deleted softly, by an admin or their commander only', () => {
    it('refuses a responder or an editor deleting an incident they do not command, and keeps it whole', async () => {
      const { id } = await incident('Delete refused 27', 'commander');
      const history = await historyOf(id);
      for (const role of ['responder', 'editor']) {
        const removed = await call(role, 'DELETE', `/db/incidents?id=eq.${id}`);
        expect(removed.status, JSON.stringify(removed.body)).toBe(403);
        expect(String(removed.body.message)).toMatch(/only an admin or the commander/);
        // Nor by marking it deleted, nor by taking command first.
        for (const change of [{ deleted_at: 'now()' }, { commander_id: people[role] }])
          expect((await call(role, 'PATCH', `/db/incidents?id=eq.${id}`, change)).status).toBe(403);
      }
      expect((await call('viewer', 'GET', `/db/incidents?id=eq.${id}&select=id`)).body).toEqual([
        { id },
      ]);
      expect(await historyOf(id)).toEqual(history);
    });

    it('lets the commander delete it: gone from lists, counts and its page, its history kept', async () => {
      const { id } = await incident('Deleted by its commander 27', 'commander');
      const listed = await call('viewer', 'GET', '/db/incident_summary?select=id&status=eq.open');
      const history = await historyOf(id);
      const removed = await call('commander', 'DELETE', `/db/incidents?id=eq.${id}`);
      expect(removed.status, JSON.stringify(removed.body)).toBe(200);
      expect((await call('viewer', 'GET', `/db/incidents?id=eq.${id}`)).body).toEqual([]);
      const after = await call('viewer', 'GET', '/db/incident_summary?select=id&status=eq.open');
      expect(after.body).not.toContainEqual({ id });
      expect(after.body).toHaveLength(listed.body.length - 1);
      expect(after.range).toBe(`0-${listed.body.length - 2}/${listed.body.length - 1}`);
      expect((await call('viewer', 'GET', `/incidents/${id}/timeline`)).status).toBe(404);
      // Kept: the row (marked), and its whole history.
      const { rows } = await db.query<{ deleted_at: string | null }>(
        'SELECT deleted_at FROM incident_records WHERE id = $1',
        [id],
      );
      expect(rows[0]!.deleted_at).not.toBeNull();
      expect(await historyOf(id)).toEqual(history);
      // An admin deletes any incident.
      const other = await incident('Deleted by an admin 27', 'responder');
      expect((await call('admin', 'DELETE', `/db/incidents?id=eq.${other.id}`)).status).toBe(200);
      expect((await call('viewer', 'GET', `/db/incidents?id=eq.${other.id}`)).body).toEqual([]);
    });

    it('never lets a client delete history, directly or by deleting a responder', async () => {
      const { id, responder } = await incident('History kept 27', 'commander');
      const history = await historyOf(id);
      expect(history.length).toBeGreaterThan(0);
      for (const role of ['admin', 'commander']) {
        const direct = await call(role, 'DELETE', `/db/incident_histories?incident_id=eq.${id}`);
        expect(direct.status).toBe(403);
        const gone = await call(role, 'DELETE', `/db/responders?id=eq.${responder}`);
        expect(gone.status, JSON.stringify(gone.body)).toBe(409);
        expect(String(gone.body.message)).toMatch(/PATCH/);
      }
      expect(await historyOf(id)).toEqual(history);
      // Removing a responder as the console does still works.
      const patched = await call('responder', 'PATCH', `/db/responders?id=eq.${responder}`, {
        deleted_at: 'now()',
      });
      expect(patched.status).toBe(200);
      expect(await historyOf(id)).toEqual(history);
    });
  });

  describe('#16 a comment is its author’s', () => {
    it('refuses a responder editing or deleting the admin’s comment, however asked', async () => {
      const { id } = await incident('Comments 27', 'commander');
      const comment = (
        await db.query<{ id: string }>('SELECT id FROM comments WHERE incident_id = $1', [id])
      ).rows[0]!.id;
      for (const [method, path, body] of [
        ['PATCH', `/db/comments?id=eq.${comment}`, { comment: 'rewritten' }],
        ['PATCH', `/db/comments?incident_id=eq.${id}`, { comment: 'rewritten' }],
        ['PATCH', `/db/comments?id=eq.${comment}`, { deleted_at: 'now()' }],
        ['POST', '/db/comments?on_conflict=id', { id: comment, incident_id: id, comment: 'x' }],
        ['DELETE', `/db/comments?id=eq.${comment}`, undefined],
      ] as const) {
        const reply = await call(
          'responder',
          method,
          path,
          body,
          'return=representation,resolution=merge-duplicates',
        );
        expect(reply.status, `${method} ${path} ${JSON.stringify(reply.body)}`).toBe(403);
        expect(String(reply.body.message)).toMatch(/only its author/);
      }
      // An admin may delete it but not put words in another's mouth.
      const mine = await call('responder', 'POST', '/db/comments', {
        incident_id: id,
        comment: 'mine',
      });
      const mineId = String(mine.body[0]!.id);
      expect(
        (await call('admin', 'PATCH', `/db/comments?id=eq.${mineId}`, { comment: 'edited' }))
          .status,
      ).toBe(403);
      expect(
        (await call('responder', 'PATCH', `/db/comments?id=eq.${mineId}`, { comment: 'edited' }))
          .status,
      ).toBe(200);
      const { rows } = await db.query<{ id: string; comment: string }>(
        'SELECT id, comment FROM comments WHERE incident_id = $1 ORDER BY created_at, id',
        [id],
      );
      expect(rows).toEqual([
        { id: comment, comment: 'hi' },
        { id: mineId, comment: 'edited' },
      ]);
      expect((await call('admin', 'DELETE', `/db/comments?id=eq.${mineId}`)).status).toBe(200);
      expect((await call('admin', 'DELETE', `/db/comments?id=eq.${comment}`)).status).toBe(200);
      expect((await db.query('SELECT 1 FROM comments WHERE incident_id = $1', [id])).rows).toEqual(
        [],
      );
    });
  });
});
