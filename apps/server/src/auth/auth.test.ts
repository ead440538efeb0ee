import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { testDatabases } from '../testing/databases.ts';
import { basic, startTestServer, type TestServer } from '../testing/server.ts';
import { authorizeTable } from './tableAccess.ts';
import type { AuthUser } from './user.ts';

describe.each(testDatabases('one'))('auth on $engine', (target) => {
  let db: Database;
  let server: TestServer;
  beforeAll(async () => {
    db = await target.openSeeded({ checks: 20 });
    server = await startTestServer({ db });
  });
  afterAll(async () => {
    await server?.close();
    await target.release();
  });

  it('answers 401 {error} without credentials or with a wrong password', async () => {
    for (const path of [
      '/api/auth/whoami',
      '/api/canary/api/summary',
      '/api/db/checks',
      '/api/kubeconfig',
    ]) {
      const anonymous = await fetch(`${server.url}${path}`);
      expect(anonymous.status, path).toBe(401);
      expect(await anonymous.json()).toHaveProperty('error');
    }
    const wrong = await fetch(`${server.url}/api/auth/whoami`, {
      headers: basic('admin@local', 'nope'),
    });
    expect(wrong.status).toBe(401);
    const unknown = await fetch(`${server.url}/api/auth/whoami`, { headers: basic('ghost@local') });
    expect(unknown.status).toBe(401);
  });

  it('serves /health, /api/properties and /api/about without a session', async () => {
    expect(await (await fetch(`${server.url}/health`)).text()).toBe('OK');
    const properties = (await (await fetch(`${server.url}/api/properties`)).json()) as {
      name: string;
    }[];
    expect(properties.map((p) => p.name)).toContain('incidents.disable');
    expect(await (await fetch(`${server.url}/api/about`)).json()).toHaveProperty('appVersion');
  });

  it('whoami returns user, roles, permissions and hostname for each demo role', async () => {
    for (const role of ['admin', 'editor', 'viewer', 'commander', 'responder', 'guest']) {
      const response = await fetch(`${server.url}/api/auth/whoami`, {
        headers: basic(`${role}@local`),
      });
      expect(response.status).toBe(200);
      const body = (await response.json()) as {
        message: string;
        payload: {
          user: { id: string; email: string };
          roles: string[];
          permissions: unknown[];
          hostname: string;
        };
      };
      expect(body.message).toBe('success');
      expect(body.payload.user.email).toBe(`${role}@local`);
      expect(body.payload.roles).toEqual([role]);
      expect(Array.isArray(body.payload.permissions)).toBe(true);
      expect(body.payload.hostname).toBeTypeOf('string');
    }
  });

  it('lets a viewer read the summary but not run a check; a guest reads nothing', async () => {
    const { rows } = await db.query<{ id: string }>(
      "SELECT id FROM checks WHERE type = 'dns' LIMIT 1",
    );
    const id = rows[0]!.id;
    expect(
      (await fetch(`${server.url}/api/canary/api/summary`, { headers: basic('viewer@local') }))
        .status,
    ).toBe(200);
    expect(
      (
        await fetch(`${server.url}/api/canary/run/check/${id}`, {
          method: 'POST',
          headers: basic('viewer@local'),
        })
      ).status,
    ).toBe(403);
    expect(
      (await fetch(`${server.url}/api/canary/api/summary`, { headers: basic('guest@local') }))
        .status,
    ).toBe(403);
    const editorRun = await fetch(`${server.url}/api/canary/run/check/${id}`, {
      method: 'POST',
      headers: basic('editor@local'),
    });
    expect(editorRun.status).toBe(200);
    expect(await editorRun.json()).toMatchObject({ pass: false, invalid: true });
  });

  it('refuses /api/db tables by the role matrix before any engine sees them', async () => {
    expect(
      (await fetch(`${server.url}/api/db/connections`, { headers: basic('viewer@local') })).status,
    ).toBe(403);
    expect(
      (
        await fetch(`${server.url}/api/db/checks?id=eq.x`, {
          method: 'PATCH',
          headers: { ...basic('viewer@local'), 'Content-Type': 'application/json' },
          body: '{}',
        })
      ).status,
    ).toBe(403);
  });
});

describe('authorizeTable', () => {
  const user = (role: string): AuthUser => ({
    id: role,
    name: role,
    roles: [role],
    permissions: [],
  });
  const can = (role: string, table: string, method: string) =>
    authorizeTable(user(role), table, method).allowed;

  it('follows the role matrix over tables and methods', () => {
    const matrix: [string, string, string, boolean][] = [
      ['viewer', 'checks', 'GET', true],
      ['viewer', 'checks', 'PATCH', false],
      ['viewer', 'connections', 'GET', false],
      ['responder', 'connections', 'GET', false],
      ['editor', 'connections', 'GET', true],
      ['editor', 'connections', 'POST', false],
      ['editor', 'connections', 'PATCH', false],
      ['admin', 'connections', 'DELETE', true],
      ['editor', 'playbooks', 'POST', true],
      ['responder', 'incidents', 'PATCH', true],
      ['responder', 'comments', 'POST', true],
      ['responder', 'evidences', 'POST', true],
      ['responder', 'checks', 'PATCH', false],
      ['commander', 'incidents', 'POST', true],
      ['commander', 'playbooks', 'PATCH', false],
      ['guest', 'checks', 'GET', false],
      ['viewer', 'identities', 'GET', false],
      ['admin', 'identities', 'GET', true],
      ['viewer', 'people', 'GET', true],
      ['viewer', 'properties', 'GET', true],
      ['viewer', 'properties', 'POST', false],
    ];
    for (const [role, table, method, expected] of matrix)
      expect(can(role, table, method), `${role} ${method} ${table}`).toBe(expected);
  });

  it('keeps the tables only the server writes read-only for every role, admin included', () => {
    for (const table of [
      'job_history',
      'playbook_runs',
      'playbook_approvals',
      'incident_histories',
    ]) {
      expect(can('admin', table, 'GET'), `admin GET ${table}`).toBe(true);
      for (const method of ['POST', 'PATCH', 'DELETE'])
        expect(can('admin', table, method), `admin ${method} ${table}`).toBe(false);
    }
  });

  it('refuses tables it does not know, even to an admin', () => {
    expect(can('admin', 'schema_migrations', 'GET')).toBe(false);
    expect(can('admin', 'constructor', 'GET')).toBe(false);
  });

  it('lets a deny permission beat the role', () => {
    const viewer: AuthUser = {
      ...user('viewer'),
      permissions: [{ object: 'canaries', action: 'read', deny: true }],
    };
    expect(authorizeTable(viewer, 'checks', 'GET').allowed).toBe(false);
  });
});
