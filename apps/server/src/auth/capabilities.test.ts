import { createAuthorizer } from '@opsdeck/rbac';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { DEMO_ROLES } from '../db/seed/demo.ts';
import { testDatabases } from '../testing/databases.ts';
import { basic, startTestServer, type TestServer } from '../testing/server.ts';
import { defaultServiceRegistry } from '../services/list.ts';

// Issue 18 #3: the console and the server decide access with one authorizer, so for every demo role
// the server's answer over HTTP must be what `createAuthorizer({roles})` tells the console.
describe.each(testDatabases('one'))('capabilities agree with the console on $engine', (target) => {
  let db: Database;
  let server: TestServer;
  let checkId: string;
  beforeAll(async () => {
    db = await target.openSeeded({ checks: 20 });
    // One listed rpc is defined for real (get_playbook_run_actions, by the playbooks migrations), so
    // an allowed call is answered by the function, not refused.
    const { rows } = await db.query<{ id: string }>(
      "SELECT id FROM checks WHERE type = 'dns' LIMIT 1",
    );
    checkId = rows[0]!.id;
    server = await startTestServer({ db });
  });
  afterAll(async () => {
    await server?.close();
    await target.release();
  });

  it.each(DEMO_ROLES)(
    '#3 Run Now: the server answers %s as canDo("canaries.run") says',
    async (role) => {
      const allowed = createAuthorizer({ roles: [role] }).canDo('canaries.run');
      const response = await fetch(`${server.url}/api/canary/run/check/${checkId}`, {
        method: 'POST',
        headers: basic(`${role}@local`),
      });
      expect(response.status).toBe(allowed ? 200 : 403);
      if (!allowed) expect(await response.json()).toHaveProperty('error');
    },
  );

  it('#3 lets responders and commanders run a check (console §2)', async () => {
    for (const role of ['responder', 'commander']) {
      const response = await fetch(`${server.url}/api/canary/run/check/${checkId}`, {
        method: 'POST',
        headers: basic(`${role}@local`),
      });
      expect(response.status, role).toBe(200);
      expect(await response.json()).toHaveProperty('pass');
    }
  });

  it.each(DEMO_ROLES)(
    '#3 rpc: every listed function is a read of its resource for %s, by GET and POST',
    async (role) => {
      const authorizer = createAuthorizer({ roles: [role] });
      const runId = '00000000-0000-0000-0000-0000000000aa';
      for (const [name, { declaration }] of defaultServiceRegistry().rpcs()) {
        const allowed = authorizer.can(declaration.object, 'read');
        for (const init of [
          { method: 'GET' },
          {
            method: 'POST',
            body: JSON.stringify({ run_id: runId }),
            headers: { 'Content-Type': 'application/json' },
          },
        ]) {
          const query = init.method === 'GET' ? `?run_id=${runId}` : '';
          const response = await fetch(`${server.url}/api/db/rpc/${name}${query}`, {
            ...init,
            headers: { ...init.headers, ...basic(`${role}@local`) },
          });
          const label = `${init.method} rpc/${name}`;
          if (!allowed) {
            expect(response.status, label).toBe(403);
            continue;
          }
          // Allowed: the function answers, or the engine says it does not exist (not yet in the schema).
          if (name === 'get_playbook_run_actions') {
            expect(response.status, label).toBe(200);
            expect(await response.json(), label).toEqual([]);
          } else {
            expect(response.status, label).toBe(404);
            expect(await response.json(), label).toMatchObject({ code: 'PGRST202' });
          }
        }
      }
    },
  );

  it.each(DEMO_ROLES)(
    '#3 tables: every table and view of every service exists and is read as its object says, for %s',
    async (role) => {
      const authorizer = createAuthorizer({ roles: [role] });
      const tables = [...defaultServiceRegistry().tables()];
      // The 48 of the central map the modules replaced, and whatever new modules add.
      expect(tables.length).toBeGreaterThanOrEqual(48);
      for (const [name, { service, declaration }] of tables) {
        const response = await fetch(`${server.url}/api/db/${name}?limit=0`, {
          headers: basic(`${role}@local`),
        });
        // Allowed: the engine finds it (a declared table missing from the schema would be a 404).
        // A personal table (one's own rows, TableDeclaration.personal) is read by every signed-in
        // role, whatever its object says; so is a shared one (one's own and one's teams' rows).
        const readable =
          declaration.personal !== undefined ||
          declaration.shared !== undefined ||
          authorizer.can(declaration.object, 'read');
        const expected = readable ? 200 : 403;
        expect(response.status, `${service}: GET ${name}`).toBe(expected);
      }
    },
  );

  it('#3 refuses an unlisted function with the 403 of an unknown table, even to an admin', async () => {
    for (const path of [
      '/api/db/rpc/soft_delete_check',
      '/api/db/rpc/pg_sleep',
      '/api/db/no_such_table',
    ]) {
      const response = await fetch(`${server.url}${path}`, { headers: basic('admin@local') });
      expect(response.status, path).toBe(403);
      expect(await response.json(), path).toMatchObject({ code: '42501' });
    }
  });
});
