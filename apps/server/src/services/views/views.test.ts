// Saved views (issue 38) through /api/db per role: one's own and one's teams' views are read,
// only the creator (or an admin) changes them, sharing needs membership, defaults are per person
// and page, and bad input is a 4xx with a message. The demo's teams: admin and responder are in
// platform, editor and guest in payments, viewer in sre.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { seedDemo } from '../../db/seed/demo.ts';
import { seedUuid } from '../../db/seed/random.ts';
import { testDatabases } from '../../testing/databases.ts';
import { basic, startTestServer, type TestServer } from '../../testing/server.ts';

type Role = 'admin' | 'editor' | 'viewer' | 'responder' | 'guest';
interface View {
  id: string;
  name: string;
  page: string;
  search: string;
  created_by: string | null;
  team_id: string | null;
}
interface Reply<T> {
  status: number;
  body: T;
}

const personOf = (role: Role) => seedUuid(`opsdeck:person:${role}`);
const teamOf = (name: string) => seedUuid(`opsdeck:team:${name}`);

describe.each(testDatabases())('saved views on $engine', (target) => {
  let db: Database;
  let server: TestServer;

  const send = async <T = View[]>(
    method: string,
    path: string,
    who: Role,
    body?: unknown,
  ): Promise<Reply<T>> => {
    const response = await fetch(`${server.url}/api/db/${path}`, {
      method,
      headers: {
        Accept: 'application/json',
        Prefer: 'return=representation',
        'Content-Type': 'application/json',
        ...basic(`${who}@local`),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
  };
  const save = async (who: Role, view: Partial<View>) => {
    const reply = await send('POST', 'saved_views', who, { page: '/health', search: '', ...view });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    return reply.body[0]!;
  };
  const names = async (who: Role, page = '/health') =>
    (await send('GET', `saved_views?page=eq.${page}&deleted_at=is.null&order=name`, who)).body.map(
      (view) => view.name,
    );

  beforeAll(async () => {
    db = await target.open();
    await seedDemo(db, { checks: 5, now: new Date('2025-03-01T12:00:00Z') });
    server = await startTestServer({ db });
  });
  afterAll(async () => {
    await server?.close();
    await target.release();
  });

  it('seeds the admin a health view and a catalog view shared with platform', async () => {
    const health = (await send('GET', 'saved_views?page=eq./health', 'admin')).body;
    expect(health).toMatchObject([
      { name: 'Failing in production', created_by: personOf('admin'), team_id: null },
    ]);
    // Not the admin's default: a bare /health stays every check.
    expect((await send<unknown[]>('GET', 'saved_view_defaults', 'admin')).body).toEqual([]);
    // The responder is in platform: the shared catalog view, not the admin's own health view.
    expect(await names('responder', '/catalog')).toEqual(['Platform deployments']);
    expect(await names('responder')).toEqual([]);
    expect(await names('editor', '/catalog')).toEqual([]);
  });

  it('lets every role, guest included, save its own view; the author is the session', async () => {
    for (const role of ['editor', 'viewer', 'guest'] as const) {
      const view = await save(role, {
        name: `${role} only`,
        search: 'status=unhealthy',
        // Whatever the body says, the author is who asks.
        created_by: personOf('admin'),
      });
      expect(view.created_by).toBe(personOf(role));
    }
    // Nobody sees another's personal view, the admin's own list included.
    expect(await names('viewer')).toEqual(['viewer only']);
    expect(await names('guest')).toEqual(['guest only']);
    expect(await names('admin')).toEqual(['Failing in production']);
  });

  it("shows a team's shared view to its members only, and only to read", async () => {
    const shared = await save('editor', { name: 'Payments failing', team_id: teamOf('payments') });
    expect(await names('guest')).toContain('Payments failing');
    expect(await names('viewer')).not.toContain('Payments failing');
    expect(await names('responder')).not.toContain('Payments failing');

    // A member reads it but may not change or delete it.
    const rename = await send('PATCH', `saved_views?id=eq.${shared.id}`, 'guest', { name: 'Mine' });
    expect(rename.status).toBe(403);
    expect(JSON.stringify(rename.body)).toMatch(/only its creator or an admin/);
    expect((await send('DELETE', `saved_views?id=eq.${shared.id}`, 'guest')).status).toBe(403);
    // Nor can anyone overwrite another's row by upsert.
    const takeover = await fetch(`${server.url}/api/db/saved_views?on_conflict=id`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Prefer: 'resolution=merge-duplicates',
        ...basic('guest@local'),
      },
      body: JSON.stringify({ id: shared.id, name: 'Taken', page: '/health' }),
    });
    expect(takeover.status).toBe(403);
    expect(await names('editor')).toContain('Payments failing');

    // The creator changes it; an admin may too, though it is not in the admin's list.
    const renamed = await send('PATCH', `saved_views?id=eq.${shared.id}`, 'editor', {
      name: 'Payments unhealthy',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body[0]).toMatchObject({
      name: 'Payments unhealthy',
      created_by: personOf('editor'),
    });
    const byAdmin = await send('PATCH', `saved_views?id=eq.${shared.id}`, 'admin', {
      search: 'status=unhealthy&namespace=payments',
    });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body[0]!.search).toBe('status=unhealthy&namespace=payments');
  });

  it('shares only with a team one is a member of', async () => {
    const outside = await send('POST', 'saved_views', 'editor', {
      name: 'For sre',
      page: '/health',
      team_id: teamOf('sre'),
    });
    expect(outside.status).toBe(403);
    expect(JSON.stringify(outside.body)).toMatch(/may only share with a team they are in/);
    const own = await save('editor', { name: 'Later shared' });
    const moved = await send('PATCH', `saved_views?id=eq.${own.id}`, 'editor', {
      team_id: teamOf('sre'),
    });
    expect(moved.status).toBe(403);
    expect(await names('viewer')).not.toContain('Later shared');
    // Deleting (softly, as the console does, or for good) is the creator's.
    const gone = await send('PATCH', `saved_views?id=eq.${own.id}`, 'editor', {
      deleted_at: new Date().toISOString(),
    });
    expect(gone.status).toBe(200);
    expect(await names('editor')).not.toContain('Later shared');
    expect((await send('DELETE', `saved_views?id=eq.${own.id}`, 'editor')).status).toBe(200);
  });

  it('refuses a second name on one page (409), too long a name or search (400), with messages', async () => {
    await save('viewer', { name: 'Twice' });
    const again = await send<{ message: string }>('POST', 'saved_views', 'viewer', {
      name: ' twice ',
      page: '/health',
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already have a view named "twice" on \/health/);
    // Another page, or another person, may use the name.
    await save('viewer', { name: 'Twice', page: '/catalog' });
    await save('guest', { name: 'Twice' });

    const long = await send<{ message: string }>('POST', 'saved_views', 'viewer', {
      name: 'n'.repeat(101),
      page: '/health',
    });
    expect(long.status).toBe(400);
    expect(long.body.message).toMatch(/at most 100 characters/);
    const big = await send<{ message: string }>('POST', 'saved_views', 'viewer', {
      name: 'Big',
      page: '/health',
      search: `q=${'x'.repeat(4096)}`,
    });
    expect(big.status).toBe(400);
    expect(big.body.message).toMatch(/at most 4 KB/);
    const blank = await send<{ message: string }>('POST', 'saved_views', 'viewer', {
      name: '  ',
      page: '/health',
    });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toMatch(/needs a name/);
    const page = await send<{ message: string }>('POST', 'saved_views', 'viewer', {
      name: 'Elsewhere',
      page: 'https://example.org/health',
    });
    expect(page.status).toBe(400);
  });

  it('keeps one default per person and page, set and cleared by upsert, read by its owner only', async () => {
    const view = await save('responder', { name: 'Default one', search: 'status=healthy' });
    const set = await send('POST', 'saved_view_defaults?on_conflict=person_id,page', 'responder', {
      page: '/health',
      view_id: view.id,
    });
    expect(set.status).toBe(201);
    // Prefer resolution comes from the console's upsert; here by header.
    const upsert = async (viewId: string | null) =>
      fetch(`${server.url}/api/db/saved_view_defaults?on_conflict=person_id,page`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Prefer: 'resolution=merge-duplicates,return=representation',
          ...basic('responder@local'),
        },
        body: JSON.stringify({ page: '/health', view_id: viewId }),
      });
    expect((await upsert(null)).status).toBe(201);
    const mine = await send<{ view_id: string | null; person_id: string }[]>(
      'GET',
      'saved_view_defaults?page=eq./health',
      'responder',
    );
    expect(mine.body).toEqual([
      expect.objectContaining({ person_id: personOf('responder'), view_id: null }),
    ]);
    // Others do not see it, and nobody but an admin deletes a default row.
    expect(
      (await send<unknown[]>('GET', 'saved_view_defaults?page=eq./health', 'guest')).body,
    ).toEqual([]);
    expect(
      (await send('DELETE', `saved_view_defaults?person_id=eq.${personOf('responder')}`, 'guest'))
        .status,
    ).toBe(403);
  });

  it('puts its writes on the change stream', async () => {
    const before = (
      await db.query<{ id: number | null }>(
        `SELECT max(id) AS id FROM opsdeck.change_events WHERE table_name = 'saved_views'`,
      )
    ).rows[0]!.id;
    await save('viewer', { name: 'Streamed' });
    const { rows } = await db.query<{ action: string }>(
      `SELECT action FROM opsdeck.change_events WHERE table_name = 'saved_views' AND id > $1`,
      [before ?? 0],
    );
    expect(rows.map((row) => row.action)).toEqual(['insert']);
  });
});
