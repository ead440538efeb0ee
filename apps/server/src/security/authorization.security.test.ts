import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { testDatabases } from '../testing/databases.ts';
import { basic, startTestServer, type TestServer } from '../testing/server.ts';

type Row = Record<string, unknown>;

// Issue 17, authorization: #7 nobody grants through /api/db/permissions what they do not hold, and no
// row denies an admin; #8 authorship and timestamps are the server's on every table.
describe.each(testDatabases('one'))('authorization of /api/db writes on $engine', (target) => {
  let db: Database;
  let server: TestServer;
  const people: Record<string, string> = {};
  let incidentId = '';

  beforeAll(async () => {
    db = await target.openSeeded({ checks: 5 });
    server = await startTestServer({ db });
    const { rows } = await db.query<{ id: string; email: string }>(
      "SELECT id, email FROM people WHERE email LIKE '%@local'",
    );
    for (const row of rows) people[row.email.replace('@local', '')] = row.id;
    incidentId = (
      await db.query<{ id: string }>('SELECT id FROM incidents ORDER BY created_at LIMIT 1')
    ).rows[0]!.id;
  });
  afterAll(async () => {
    await server?.close();
    await target.release();
  });
  // Rows a test made behind the API's back (or that a failing test let through) never leak into the next.
  afterEach(async () => {
    await db.query("DELETE FROM permissions WHERE description LIKE 'test:%'");
    await db.query("DELETE FROM connections WHERE name LIKE 'test-%'");
  });

  const call = (
    role: string,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) =>
    fetch(`${server.url}/api/db${path}`, {
      method,
      headers: {
        ...basic(`${role}@local`),
        'Content-Type': 'application/json',
        Prefer: 'return=representation',
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  /** A PostgREST-shaped 403 whose message names what was refused. */
  async function expectRefused(response: Response, named: RegExp) {
    const body = (await response.json()) as Row;
    expect(response.status, JSON.stringify(body)).toBe(403);
    expect(body).toEqual(
      expect.objectContaining({ code: '42501', message: expect.stringMatching(named) }),
    );
    expect(body).toHaveProperty('details');
    expect(body).toHaveProperty('hint');
  }

  const permissionRows = async (where: string, params: unknown[] = []) =>
    (await db.query<Row>(`SELECT * FROM permissions WHERE ${where}`, params)).rows;

  /** A permission row straight into the table, as an admin (or an old bug) may have left one. */
  async function plantPermission(row: Row): Promise<string> {
    const columns = Object.keys(row);
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO permissions (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
      Object.values(row),
    );
    return rows[0]!.id;
  }

  describe('#7 permission rows are rbac administration', () => {
    it('refuses an editor granting itself everything, and the editor still cannot write connections', async () => {
      await expectRefused(
        await call('editor', 'POST', '/permissions', {
          object: '*',
          action: '*',
          person_id: people.editor,
          description: 'test:self-grant',
        }),
        /\*/,
      );
      await expectRefused(
        await call('editor', 'POST', '/permissions', {
          object: 'connections',
          action: 'create,read,update,delete',
          person_id: people.editor,
          description: 'test:self-grant',
        }),
        /connections/,
      );
      await expectRefused(
        await call('editor', 'POST', '/permissions', {
          object: 'identities',
          action: 'update',
          person_id: people.editor,
          description: 'test:self-grant',
        }),
        /write on identities/,
      );
      await expectRefused(
        await call('editor', 'POST', '/permissions', {
          object: 'rbac',
          action: 'write',
          person_id: people.viewer,
          description: 'test:self-grant',
        }),
        /rbac/,
      );
      // One bad row in an array refuses the whole insert.
      await expectRefused(
        await call('editor', 'POST', '/permissions', [
          {
            object: 'canaries',
            action: 'write',
            person_id: people.viewer,
            description: 'test:batch',
          },
          {
            object: 'connections',
            action: 'write',
            person_id: people.editor,
            description: 'test:batch',
          },
        ]),
        /connections/,
      );
      expect(await permissionRows("description LIKE 'test:%'")).toEqual([]);

      // §6 lets an editor read connections, identities and sessions, but write none of them.
      await expectRefused(
        await call('editor', 'POST', '/connections', {
          name: 'test-editor',
          type: 'http',
          url: 'http://127.0.0.1:1',
        }),
        /connections/,
      );
      await expectRefused(
        await call('editor', 'POST', '/identities', { traits: { email: 'test@local' } }),
        /identities/,
      );
      await expectRefused(
        await call('editor', 'DELETE', `/sessions?person_id=eq.${people.admin}`),
        /identities/,
      );
      const whoami = (await (
        await fetch(`${server.url}/api/auth/whoami`, { headers: basic('editor@local') })
      ).json()) as { payload: { permissions: unknown[] } };
      // Only the demo's grant to the editor role (subject_type role) applies, none of the refused rows.
      expect(whoami.payload.permissions).toEqual([
        expect.objectContaining({ subject: 'editor', object: 'playbooks', action: 'playbook:run' }),
      ]);
    });

    it('refuses a PATCH or an upsert that would turn an editor row into a grant it does not hold', async () => {
      const created = await call('editor', 'POST', '/permissions', {
        object: 'canaries',
        action: 'read',
        person_id: people.editor,
        description: 'test:harmless',
      });
      expect(created.status).toBe(201);
      const [row] = (await created.json()) as { id: string }[];
      const id = row!.id;

      await expectRefused(
        await call('editor', 'PATCH', `/permissions?id=eq.${id}`, { object: '*' }),
        /\*/,
      );
      await expectRefused(
        await call('editor', 'PATCH', `/permissions?id=eq.${id}`, {
          object: 'connections',
          action: 'write',
        }),
        /connections/,
      );
      await expectRefused(
        await call('editor', 'PATCH', `/permissions?id=eq.${id}`, { action: '*' }),
        /\*/,
      );
      await expectRefused(
        await call(
          'editor',
          'POST',
          '/permissions',
          {
            id,
            object: 'connections',
            action: 'write',
            person_id: people.editor,
            description: 'test:harmless',
          },
          { Prefer: 'return=representation,resolution=merge-duplicates' },
        ),
        /connections/,
      );
      expect(await permissionRows('id = $1', [id])).toEqual([
        expect.objectContaining({ object: 'canaries', action: 'read' }),
      ]);
      expect(
        (
          await call('editor', 'POST', '/connections', {
            name: 'test-after-patch',
            type: 'http',
            url: 'http://127.0.0.1:1',
          })
        ).status,
      ).toBe(403);
    });

    it('lets an editor grant and revoke what it holds itself', async () => {
      const created = await call('editor', 'POST', '/permissions', {
        object: 'canaries',
        action: 'create,read,update,delete',
        person_id: people.viewer,
        description: 'test:grant',
      });
      expect(created.status).toBe(201);
      const [row] = (await created.json()) as { id: string }[];
      const patched = await call('editor', 'PATCH', `/permissions?id=eq.${row!.id}`, {
        object: 'playbooks',
        action: 'playbook:run',
      });
      expect(patched.status).toBe(200);
      expect((await call('editor', 'DELETE', `/permissions?id=eq.${row!.id}`)).status).toBe(200);
      expect(await permissionRows('id = $1', [row!.id])).toEqual([]);
    });

    it('refuses an editor changing or deleting a row about something it does not hold', async () => {
      const id = await plantPermission({
        object: 'connections',
        action: 'update',
        deny: true,
        person_id: people.viewer,
        description: 'test:admin-made',
        created_by: people.admin,
      });
      await expectRefused(
        await call('editor', 'DELETE', `/permissions?id=eq.${id}`),
        /connections/,
      );
      await expectRefused(
        await call('editor', 'PATCH', `/permissions?id=eq.${id}`, { object: 'canaries' }),
        /connections/,
      );
      await expectRefused(
        await call('editor', 'DELETE', '/permissions?description=like.test:*'),
        /connections/,
      );
      await expectRefused(
        await call(
          'editor',
          'POST',
          '/permissions',
          { id, object: 'canaries', action: 'read', description: 'test:admin-made' },
          { Prefer: 'return=representation,resolution=merge-duplicates' },
        ),
        /connections/,
      );
      expect(await permissionRows('id = $1', [id])).toEqual([
        expect.objectContaining({ object: 'connections', deny: true }),
      ]);
    });

    it('refuses an editor a deny row against an admin, and such a row has no effect on the admin', async () => {
      await expectRefused(
        await call('editor', 'POST', '/permissions', {
          object: 'canaries',
          action: 'write',
          deny: true,
          person_id: people.admin,
          description: 'test:lockout',
        }),
        /admin/,
      );
      await expectRefused(
        await call('editor', 'POST', '/permissions', {
          object: 'permissions',
          action: 'write',
          deny: true,
          subject: 'admin',
          subject_type: 'role',
          description: 'test:lockout',
        }),
        /admin/,
      );
      const own = await call('editor', 'POST', '/permissions', {
        object: 'canaries',
        action: 'read',
        deny: true,
        person_id: people.viewer,
        description: 'test:lockout',
      });
      expect(own.status).toBe(201);
      const [row] = (await own.json()) as { id: string }[];
      await expectRefused(
        await call('editor', 'PATCH', `/permissions?id=eq.${row!.id}`, { person_id: people.admin }),
        /admin/,
      );
      expect(await permissionRows("description = 'test:lockout'")).toEqual([
        expect.objectContaining({ person_id: people.viewer }),
      ]);

      // Rows that deny the admin everything, as an old bug may have left them: the admin is unaffected.
      await plantPermission({
        object: '*',
        action: '*',
        deny: true,
        person_id: people.admin,
        description: 'test:lockout-planted',
      });
      await plantPermission({
        object: 'permissions',
        action: 'write',
        deny: true,
        person_id: people.admin,
        description: 'test:lockout-planted',
      });
      expect((await call('admin', 'GET', '/connections?select=id&limit=1')).status).toBe(200);
      const connection = await call('admin', 'POST', '/connections', {
        name: 'test-admin',
        type: 'http',
        url: 'http://127.0.0.1:1',
      });
      expect(connection.status).toBe(201);
      expect(
        (await call('admin', 'DELETE', '/permissions?description=eq.test:lockout-planted')).status,
      ).toBe(200);
      expect(await permissionRows("description = 'test:lockout-planted'")).toEqual([]);
    });

    it('lets an admin write, change and delete any permission row', async () => {
      const created = await call('admin', 'POST', '/permissions', [
        {
          object: '*',
          action: '*',
          deny: false,
          person_id: people.viewer,
          description: 'test:admin',
        },
        {
          object: 'connections',
          action: 'read',
          deny: true,
          person_id: people.editor,
          description: 'test:admin',
        },
      ]);
      expect(created.status).toBe(201);
      const rows = (await created.json()) as { id: string; created_by: string }[];
      expect(rows.map((row) => row.created_by)).toEqual([people.admin, people.admin]);
      expect(
        (
          await call('viewer', 'POST', '/connections', {
            name: 'test-viewer-granted',
            type: 'http',
            url: 'http://127.0.0.1:1',
          })
        ).status,
      ).toBe(201);
      const patched = await call('admin', 'PATCH', `/permissions?id=eq.${rows[1]!.id}`, {
        object: 'rbac',
        action: '*',
      });
      expect(patched.status).toBe(200);
      expect((await call('admin', 'DELETE', '/permissions?description=eq.test:admin')).status).toBe(
        200,
      );
      expect(await permissionRows("description = 'test:admin'")).toEqual([]);
      expect(
        (
          await call('viewer', 'POST', '/connections', {
            name: 'test-viewer-revoked',
            type: 'http',
            url: 'http://127.0.0.1:1',
          })
        ).status,
      ).toBe(403);
    });
  });

  it('#7 refuses an editor soft-deleting or deleting an admin person, which would lock the admin out', async () => {
    await expectRefused(
      await call('editor', 'PATCH', `/people?id=eq.${people.admin}`, {
        deleted_at: new Date().toISOString(),
      }),
      /admin/,
    );
    // A hard delete is refused too (by the guard, or first by the rows that still name the admin).
    expect([403, 409]).toContain(
      (await call('editor', 'DELETE', `/people?id=eq.${people.admin}`)).status,
    );
    expect(
      (await db.query('SELECT 1 FROM people WHERE id = $1', [people.admin])).rows,
    ).toHaveLength(1);
    const admin = (
      await db.query<{ deleted_at: unknown }>('SELECT deleted_at FROM people WHERE id = $1', [
        people.admin,
      ])
    ).rows[0];
    expect(admin?.deleted_at).toBeNull();
    expect(
      (await fetch(`${server.url}/api/auth/whoami`, { headers: basic('admin@local') })).status,
    ).toBe(200);
    // Other people stay the editor's to edit.
    const renamed = await call('editor', 'PATCH', `/people?id=eq.${people.viewer}`, {
      name: 'Viewer (renamed)',
    });
    expect(renamed.status).toBe(200);
    await db.query("UPDATE people SET name = 'Viewer (demo)' WHERE id = $1", [people.viewer]);
  });

  describe('#8 server-set authorship and timestamps', () => {
    const forged = {
      created_by: '',
      created_at: '2001-01-01T00:00:00Z',
      updated_at: '2001-01-01T00:00:00Z',
    };
    const within = (value: unknown, from: number, to: number) => {
      const time = Date.parse(String(value));
      return time >= from - 2_000 && time <= to + 2_000;
    };

    it('replaces a responder forged created_by and created_at on a comment with its own and the server time', async () => {
      const before = Date.now();
      const response = await call('responder', 'POST', '/comments', {
        ...forged,
        created_by: people.admin,
        incident_id: incidentId,
        comment: 'by admin, in 2001',
      });
      const after = Date.now();
      expect(response.status).toBe(201);
      const [row] = (await response.json()) as Row[];
      expect(row!.created_by).toBe(people.responder);
      expect(within(row!.created_at, before, after)).toBe(true);
      expect(within(row!.updated_at, before, after)).toBe(true);
      const stored = (
        await db.query<Row>('SELECT created_by, created_at FROM comments WHERE id = $1', [row!.id])
      ).rows[0]!;
      expect(stored.created_by).toBe(people.responder);
      expect(
        within(
          stored.created_at instanceof Date ? stored.created_at.toISOString() : stored.created_at,
          before,
          after,
        ),
      ).toBe(true);
    });

    it('keeps created_by and created_at through a PATCH or an upsert; updated_at is the server time', async () => {
      const [comment] = (await (
        await call('responder', 'POST', '/comments', { incident_id: incidentId, comment: 'mine' })
      ).json()) as Row[];
      const id = comment!.id as string;
      const before = Date.now();
      // By its author: a comment is edited by no one else (issue 27 #16).
      const patched = await call('responder', 'PATCH', `/comments?id=eq.${id}`, {
        ...forged,
        created_by: people.admin,
        comment: 'edited',
      });
      const after = Date.now();
      expect(patched.status).toBe(200);
      const [row] = (await patched.json()) as Row[];
      expect(row).toMatchObject({
        comment: 'edited',
        created_by: people.responder,
        created_at: comment!.created_at,
      });
      expect(within(row!.updated_at, before, after)).toBe(true);

      // A PATCH that names only server columns changes nothing.
      const only = await call('responder', 'PATCH', `/comments?id=eq.${id}`, {
        created_by: people.admin,
        created_at: forged.created_at,
      });
      expect(only.status).toBeLessThan(300);
      const upsert = await call(
        'responder',
        'POST',
        '/comments',
        { ...forged, id, created_by: people.admin, incident_id: incidentId, comment: 'upserted' },
        { Prefer: 'return=representation,resolution=merge-duplicates' },
      );
      expect(upsert.status).toBe(201);
      const [upserted] = (await upsert.json()) as Row[];
      expect(upserted).toMatchObject({
        comment: 'upserted',
        created_by: people.responder,
        created_at: comment!.created_at,
      });
      expect(within(upserted!.updated_at, before, Date.now())).toBe(true);
    });

    it('applies to every table with the columns, not a list: canaries, permissions, checks', async () => {
      const before = Date.now();
      const canary = await call(
        'editor',
        'POST',
        '/canaries?select=id,created_by,created_at,updated_at',
        {
          ...forged,
          created_by: people.admin,
          name: 'test-forged',
          namespace: 'default',
          spec: {},
        },
      );
      expect(canary.status, await canary.clone().text()).toBe(201);
      const [canaryRow] = (await canary.json()) as Row[];
      expect(canaryRow!.created_by).toBe(people.editor);
      expect(within(canaryRow!.created_at, before, Date.now())).toBe(true);
      expect(within(canaryRow!.updated_at, before, Date.now())).toBe(true);

      const permission = await call('editor', 'POST', '/permissions', {
        ...forged,
        created_by: people.admin,
        updated_by: people.admin,
        object: 'canaries',
        action: 'read',
        person_id: people.viewer,
        description: 'test:authorship',
      });
      expect(permission.status).toBe(201);
      const [permissionRow] = (await permission.json()) as Row[];
      expect(permissionRow).toMatchObject({ created_by: people.editor, updated_by: people.editor });
      const patched = await call(
        'admin',
        'PATCH',
        `/permissions?id=eq.${permissionRow!.id as string}`,
        { updated_by: people.viewer, action: 'read,update' },
      );
      expect((await patched.json()) as Row[]).toEqual([
        expect.objectContaining({ created_by: people.editor, updated_by: people.admin }),
      ]);

      // checks has no created_by (naming it is a 400 as for any unknown column), only the timestamps.
      const check = await call('editor', 'POST', '/checks?select=id,created_at,updated_at', {
        created_at: forged.created_at,
        updated_at: forged.updated_at,
        canary_id: canaryRow!.id,
        name: 'test-forged',
        type: 'http',
      });
      expect(check.status).toBe(201);
      const [checkRow] = (await check.json()) as Row[];
      expect(within(checkRow!.created_at, before, Date.now())).toBe(true);
      expect(within(checkRow!.updated_at, before, Date.now())).toBe(true);
      await db.query('DELETE FROM checks WHERE id = $1', [checkRow!.id]);
      await db.query('DELETE FROM canaries WHERE id = $1', [canaryRow!.id]);
    });
  });
});
