// /api/db/identities (issue 37, reference §6 "Users page"): the identities people sign in with,
// as Kratos lists them (traits, state, timestamps), for the roles that read identities, read-only,
// never a credential.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { testDatabases } from '../../testing/databases.ts';
import { basic, startTestServer, type TestServer } from '../../testing/server.ts';

interface IdentityRow {
  id: string;
  schema_id: string;
  traits: { email: string; name?: { first?: string; last?: string } };
  state: string;
  state_changed_at: string;
  created_at: string;
  updated_at: string;
  roles: string[];
}

describe.each(testDatabases())('/api/db/identities on $engine', (target) => {
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

  const call = (who: string, method: string, path: string, body?: unknown) =>
    fetch(`${server.url}${path}`, {
      method,
      headers: {
        ...basic(`${who}@local`),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const identities = async (query = '') => {
    const response = await call('admin', 'GET', `/api/db/identities${query}`);
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as IdentityRow[];
  };

  it('lists every person who signs in, with traits, state, timestamps and roles, and no credential', async () => {
    const rows = await identities('?order=created_at.asc');
    const viewer = rows.find((row) => row.id === ids.get('viewer'));
    expect(viewer).toMatchObject({
      schema_id: 'default',
      traits: { email: 'viewer@local' },
      state: 'active',
      roles: ['viewer'],
    });
    for (const key of ['created_at', 'updated_at', 'state_changed_at'] as const)
      expect(Number.isNaN(Date.parse(viewer![key])), key).toBe(false);
    // Every demo person is there, and each identity is a person of the same id.
    for (const who of ['admin', 'editor', 'viewer', 'commander', 'responder', 'guest'])
      expect(rows.map((row) => row.id)).toContain(ids.get(who));
    const keys = new Set(rows.flatMap((row) => Object.keys(row)));
    expect([...keys].sort()).toEqual(
      [
        'id',
        'schema_id',
        'traits',
        'state',
        'state_changed_at',
        'created_at',
        'updated_at',
        'roles',
      ].sort(),
    );
    expect(JSON.stringify(rows)).not.toMatch(/password|hash|credential/i);
  });

  it('is read by the roles the matrix lets read identities (admin, editor), and read-only for all', async () => {
    // Console spec §6: identities are closed to commanders, responders and viewers; the editor
    // reads every resource.
    for (const who of ['viewer', 'commander', 'responder', 'guest'])
      expect((await call(who, 'GET', '/api/db/identities')).status, who).toBe(403);
    expect((await call('editor', 'GET', '/api/db/identities?select=id&limit=1')).status).toBe(200);
    const patch = await call('admin', 'PATCH', `/api/db/identities?id=eq.${ids.get('viewer')}`, {
      state: 'inactive',
    });
    expect(patch.status).toBe(403);
    expect(await patch.text()).toContain('read-only');
    const post = await call('admin', 'POST', '/api/db/identities', { traits: {} });
    expect(post.status).toBe(403);
    expect((await identities(`?id=eq.${ids.get('viewer')}`))[0]!.state).toBe('active');
  });
  it('shows a deactivated person as inactive, with the time the state changed', async () => {
    const before = (await identities(`?id=eq.${ids.get('guest')}`))[0]!;
    const response = await call('admin', 'DELETE', `/api/people/${ids.get('guest')}`);
    expect(response.status, await response.clone().text()).toBe(200);
    const after = (
      await identities(`?id=eq.${ids.get('guest')}&select=state,state_changed_at`)
    )[0]!;
    expect(after.state).toBe('inactive');
    expect(Date.parse(after.state_changed_at)).toBeGreaterThan(Date.parse(before.state_changed_at));
  });
});
