// The administrator's people calls (issue 37, reference §6) over HTTP: invite → the link in the
// outbox → a password set through it → signed in with the invited role; roles read and replaced;
// people updated and deactivated; the role matrix and bad input as 4xx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { testDatabases } from '../../testing/databases.ts';
import { basic, startTestServer, type TestServer } from '../../testing/server.ts';
import { CookieJar, csrf } from '../identity/identity.test.helper.ts';

describe.each(testDatabases('one'))('people, invitations and roles on $engine', (target) => {
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

  const call = async (
    who: string | Record<string, string>,
    method: string,
    path: string,
    body?: unknown,
  ) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        ...(typeof who === 'string' ? basic(`${who}@local`) : who),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: (text ? JSON.parse(text) : {}) as Record<string, unknown>,
    };
  };
  const rolesOf = async (who: Record<string, string>) => {
    const response = await call(who, 'GET', '/api/auth/whoami');
    expect(response.status).toBe(200);
    return (response.body.payload as { roles: string[] }).roles;
  };

  it('invites a person, whose link from the outbox sets a password to sign in with the invited role', async () => {
    const invited = await call('admin', 'POST', '/api/auth/invite_user', {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'Ada@Example.com',
      role: 'responder',
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    const link = String(invited.body.link);
    expect(link.startsWith(`${server.url}/api/.ory/self-service/invite?token=`)).toBe(true);

    // Delivered like recovery codes: the admin reads it in the outbox.
    const outbox = await call('admin', 'GET', '/api/dev/outbox');
    const message = (
      outbox.body as unknown as { recipient: string; code: string; body: string }[]
    ).find((entry) => entry.recipient === 'ada@example.com');
    expect(message?.code).toBe(link);
    expect(message?.body).toContain(link);

    // No password yet: nothing signs in.
    expect(
      (await call(basic('ada@example.com', 'anything-at-all'), 'GET', '/api/auth/whoami')).status,
    ).toBe(401);

    // The link signs the browser in once and leads to the settings flow.
    const jar = new CookieJar();
    const opened = await jar.fetch(link);
    expect(opened.status).toBe(422);
    const redirect = ((await opened.json()) as { redirect_browser_to: string }).redirect_browser_to;
    const flowId = new URL(redirect).searchParams.get('flow')!;
    const flow = (await (
      await jar.fetch(`${server.url}/api/.ory/self-service/settings/flows?id=${flowId}`)
    ).json()) as { ui: { nodes: { attributes: unknown }[] } };
    const password = 'ada-sets-a-long-password-42';
    const saved = await jar.fetch(`${server.url}/api/.ory/self-service/settings?flow=${flowId}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ method: 'password', password, csrf_token: csrf(flow) }),
    });
    expect(saved.status, await saved.clone().text()).toBe(200);

    const ada = basic('ada@example.com', password);
    expect(await rolesOf(ada)).toEqual(['responder']);
    const whoami = await call(ada, 'GET', '/api/auth/whoami');
    expect((whoami.body.payload as { user: { name: string } }).user.name).toBe('Ada Lovelace');

    // The link is spent; the address is taken.
    expect((await new CookieJar().fetch(link)).status).toBe(400);
    const again = await call('admin', 'POST', '/api/auth/invite_user', {
      email: 'ada@example.com',
      role: 'viewer',
    });
    expect(again).toMatchObject({ status: 409, body: { message: 'user already exists' } });
  });

  it('says an open invitation is pending, and refuses bad invitations and non-admins', async () => {
    expect(
      (
        await call('admin', 'POST', '/api/auth/invite_user', {
          email: 'bob@example.com',
          role: 'viewer',
        })
      ).status,
    ).toBe(200);
    expect(
      await call('admin', 'POST', '/api/auth/invite_user', {
        email: 'bob@example.com',
        role: 'viewer',
      }),
    ).toMatchObject({ status: 409, body: { message: 'pending invite already exists' } });
    for (const body of [
      { role: 'viewer' },
      { email: 'carol@example.com' },
      { email: 'carol@example.com', role: 'wizard' },
      { email: 'not an address', role: 'viewer' },
      { email: 42, role: 'viewer' },
    ]) {
      const refused = await call('admin', 'POST', '/api/auth/invite_user', body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body).toHaveProperty('message');
    }
    // A name past the limit is refused with the limit named.
    for (const field of ['firstName', 'lastName'])
      expect(
        await call('admin', 'POST', '/api/auth/invite_user', {
          email: 'long-name@example.com',
          role: 'viewer',
          [field]: 'n'.repeat(201),
        }),
      ).toMatchObject({ status: 400, body: { message: `${field}: at most 200 characters` } });
    for (const who of ['editor', 'viewer', 'responder', 'guest']) {
      const refused = await call(who, 'POST', '/api/auth/invite_user', {
        email: `${who}-friend@example.com`,
        role: 'admin',
      });
      expect(refused.status, who).toBe(403);
    }
    expect(
      (await db.query(`SELECT 1 FROM people WHERE email LIKE '%-friend@example.com'`)).rows,
    ).toEqual([]);
    expect(
      (await new CookieJar().fetch(`${server.url}/api/.ory/self-service/invite?token=nope`)).status,
    ).toBe(400);
  });

  it('reads roles and adds roles for admins only; replacing them (people/update) keeps the last admin', async () => {
    const viewer = ids.get('viewer')!;
    expect(await call('admin', 'GET', `/api/rbac/${viewer}/roles`)).toEqual({
      status: 200,
      body: { message: '', payload: ['viewer'] },
    });
    const updated = await call('admin', 'POST', `/api/rbac/${viewer}/update_role`, {
      roles: ['editor'],
    });
    expect(updated).toEqual({ status: 200, body: { message: 'Role updated successfully' } });
    // update_role adds (reference correction 11): the viewer is now editor and viewer.
    expect(await rolesOf(basic('viewer@local'))).toEqual(['editor', 'viewer']);
    expect(
      (await call('admin', 'POST', '/api/people/update', { id: viewer, role: 'viewer' })).status,
    ).toBe(200);
    expect(await rolesOf(basic('viewer@local'))).toEqual(['viewer']);

    // The role matrix lets an editor read rbac, not change it.
    expect((await call('editor', 'GET', `/api/rbac/${viewer}/roles`)).status).toBe(200);
    for (const who of ['editor', 'viewer', 'commander']) {
      if (who !== 'editor')
        expect((await call(who, 'GET', `/api/rbac/${viewer}/roles`)).status, who).toBe(403);
      expect(
        (await call(who, 'POST', `/api/rbac/${viewer}/update_role`, { roles: ['admin'] })).status,
        who,
      ).toBe(403);
    }
    expect(await rolesOf(basic('viewer@local'))).toEqual(['viewer']);
    for (const roles of [['root'], 'viewer', [1]])
      expect(
        (await call('admin', 'POST', `/api/rbac/${viewer}/update_role`, { roles })).status,
        JSON.stringify(roles),
      ).toBe(400);
    expect((await call('admin', 'GET', `/api/rbac/not-a-person/roles`)).status).toBe(404);
    expect(
      (
        await call('admin', 'POST', `/api/rbac/00000000-0000-0000-0000-00000000dead/update_role`, {
          roles: [],
        })
      ).status,
    ).toBe(404);
    const demote = await call('admin', 'POST', '/api/people/update', {
      id: ids.get('admin'),
      role: 'viewer',
    });
    expect(demote).toMatchObject({
      status: 400,
      body: { message: 'the last admin keeps the admin role' },
    });
    expect(await rolesOf(basic('admin@local'))).toEqual(['admin']);
  });

  it('updates a person’s name and state, and deactivates them; only admins, never themselves', async () => {
    const commander = ids.get('commander')!;
    const renamed = await call('admin', 'POST', '/api/people/update', {
      id: commander,
      firstName: 'Grace',
      lastName: 'Hopper',
    });
    expect(renamed).toMatchObject({
      status: 200,
      body: { email: 'commander@local', name: { first: 'Grace', last: 'Hopper' } },
    });
    expect(
      (await db.query<{ name: string }>('SELECT name FROM people WHERE id = $1', [commander]))
        .rows[0]?.name,
    ).toBe('Grace Hopper');
    expect(
      (await call('admin', 'POST', '/api/people/update', { id: commander, active: false })).status,
    ).toBe(200);
    expect((await call('commander', 'GET', '/api/auth/whoami')).status).toBe(401);
    expect(
      (
        await call('admin', 'POST', '/api/people/update', {
          id: commander,
          active: true,
          role: 'responder',
        })
      ).status,
    ).toBe(200);
    expect(await rolesOf(basic('commander@local'))).toEqual(['responder']);

    for (const [body, status] of [
      [{ id: 'nope' }, 400],
      [{ id: commander, email: 'viewer@local' }, 400],
      [{ id: commander, role: 'superuser' }, 400],
      [{ id: '00000000-0000-0000-0000-00000000beef', firstName: 'x' }, 404],
      [{ id: ids.get('admin'), active: false }, 400],
    ] as const) {
      expect(
        (await call('admin', 'POST', '/api/people/update', body)).status,
        JSON.stringify(body),
      ).toBe(status);
    }
    for (const who of ['editor', 'viewer', 'responder']) {
      expect(
        (await call(who, 'POST', '/api/people/update', { id: commander, firstName: 'x' })).status,
        who,
      ).toBe(403);
      expect((await call(who, 'DELETE', `/api/people/${commander}`)).status, who).toBe(403);
    }

    const guest = ids.get('guest')!;
    expect((await call('guest', 'GET', '/api/auth/whoami')).status).toBe(200);
    expect(await call('admin', 'DELETE', `/api/people/${guest}`)).toMatchObject({ status: 200 });
    expect((await call('guest', 'GET', '/api/auth/whoami')).status).toBe(401);
    expect(
      (await db.query('SELECT 1 FROM people WHERE id = $1 AND deleted_at IS NOT NULL', [guest]))
        .rows,
    ).toHaveLength(1);
    // Turned back on, a deleted person signs in again: the state and the deletion both undone.
    expect(
      (await call('admin', 'POST', '/api/people/update', { id: guest, active: true })).status,
    ).toBe(200);
    expect((await call('guest', 'GET', '/api/auth/whoami')).status).toBe(200);
    expect((await call('admin', 'DELETE', `/api/people/${ids.get('admin')}`)).status).toBe(400);
    expect((await call('admin', 'DELETE', `/api/people/not-a-uuid`)).status).toBe(404);
    expect((await call('admin', 'GET', '/api/auth/whoami')).status).toBe(200);
  });
});
