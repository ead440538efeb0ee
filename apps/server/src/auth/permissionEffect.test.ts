// Permission rows take effect (issue 37): a row granting or denying a person, a team (through its
// members) or a role an action on an object, or on one playbook, changes what /api/db, the playbook
// runner and whoami allow; deny beats allow; no row restricts an admin; an expired `until` is no row.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { seedDemo } from '../db/seed/demo.ts';
import { seedUuid } from '../db/seed/random.ts';
import { testDatabases } from '../testing/databases.ts';
import { basic, startTestServer, type TestServer } from '../testing/server.ts';

const playbookId = (name: string) => seedUuid(`opsdeck:playbook:${name}`);

describe.each(testDatabases('one'))('permission rows take effect on $engine', (target) => {
  let db: Database;
  let server: TestServer;
  const ids = new Map<string, string>();
  let teamId: string;
  let deployment: string;

  beforeAll(async () => {
    db = await target.open();
    await seedDemo(db, { checks: 5, now: new Date() });
    const { rows } = await db.query<{ id: string; email: string }>(
      `SELECT id, email FROM people WHERE email LIKE '%@local'`,
    );
    for (const row of rows) ids.set(row.email.replace('@local', ''), row.id);
    // A team of its own: the viewer and the admin are members, the editor is not.
    teamId = (
      await db.query<{ id: string }>(
        `INSERT INTO teams (name, source) VALUES ('permission-testers', 'UI') RETURNING id`,
      )
    ).rows[0]!.id;
    for (const who of ['viewer', 'admin'])
      await db.query('INSERT INTO team_members (team_id, person_id) VALUES ($1, $2)', [
        teamId,
        ids.get(who),
      ]);
    deployment = (
      await db.query<{ id: string }>(
        `SELECT id FROM config_items WHERE type = 'Kubernetes::Deployment' ORDER BY name LIMIT 1`,
      )
    ).rows[0]!.id;
    server = await startTestServer({ db });
  });
  afterAll(async () => {
    await server?.close();
    await target.release();
  });
  beforeEach(async () => {
    await db.query(`DELETE FROM permissions WHERE name LIKE 'test-%'`);
  });

  const get = (who: string, path: string) =>
    fetch(`${server.url}${path}`, { headers: basic(`${who}@local`) });
  const grant = async (row: Record<string, unknown>) => {
    const response = await fetch(`${server.url}/api/db/permissions`, {
      method: 'POST',
      headers: {
        ...basic('admin@local'),
        'Content-Type': 'application/json',
        Prefer: 'return=representation',
      },
      body: JSON.stringify({ name: `test-${Math.random().toString(36).slice(2)}`, ...row }),
    });
    expect(response.status, await response.clone().text()).toBe(201);
    return ((await response.json()) as { id: string }[])[0]!.id;
  };
  const whoami = async (who: string) =>
    (
      (await (await get(who, '/api/auth/whoami')).json()) as {
        payload: { permissions: { id: string; deny?: boolean }[] };
      }
    ).payload.permissions;
  const run = (who: string, id: string) =>
    fetch(`${server.url}/api/playbook/run`, {
      method: 'POST',
      headers: { ...basic(`${who}@local`), 'Content-Type': 'application/json' },
      body: JSON.stringify({ id, config_id: deployment, params: { reason: 'permissions' } }),
    });

  it('a team deny reaches its members through /api/db and whoami, not others, and never an admin', async () => {
    expect((await get('viewer', '/api/db/canaries?select=id&limit=1')).status).toBe(200);
    const denied = await grant({ team_id: teamId, object: 'canaries', action: 'read', deny: true });
    expect((await get('viewer', '/api/db/canaries?select=id&limit=1')).status).toBe(403);
    expect((await whoami('viewer')).map((row) => row.id)).toContain(denied);
    // The editor is no member; the admin is, and no row restricts an admin.
    expect((await get('editor', '/api/db/canaries?select=id&limit=1')).status).toBe(200);
    expect((await get('admin', '/api/db/canaries?select=id&limit=1')).status).toBe(200);
    // Leaving the team ends it.
    await db.query('DELETE FROM team_members WHERE team_id = $1 AND person_id = $2', [
      teamId,
      ids.get('viewer'),
    ]);
    try {
      expect((await get('viewer', '/api/db/canaries?select=id&limit=1')).status).toBe(200);
    } finally {
      await db.query('INSERT INTO team_members (team_id, person_id) VALUES ($1, $2)', [
        teamId,
        ids.get('viewer'),
      ]);
    }
  });

  it('a team named by subject_type/subject (id or name) counts as well', async () => {
    await db.query(
      `INSERT INTO permissions (name, action, object, deny, subject_type, subject)
       VALUES ('test-by-name', 'read', 'topology', true, 'team', 'permission-testers')`,
    );
    expect((await get('viewer', '/api/db/topologies?select=id&limit=1')).status).toBe(403);
    expect((await get('responder', '/api/db/topologies?select=id&limit=1')).status).toBe(200);
  });

  it('a person allow opens what the role matrix closes, under its Mission Control object name; deny beats it', async () => {
    expect((await get('viewer', '/api/db/connections?select=id&limit=1')).status).toBe(403);
    await grant({ person_id: ids.get('viewer'), object: 'connection', action: 'read' });
    expect((await get('viewer', '/api/db/connections?select=id&limit=1')).status).toBe(200);
    // A deny through the team beats the person's allow.
    await grant({ team_id: teamId, object: 'connection', action: 'read', deny: true });
    expect((await get('viewer', '/api/db/connections?select=id&limit=1')).status).toBe(403);
  });

  it('honours until: an expired row is no row, a future one applies', async () => {
    const expired = (
      await db.query<{ id: string }>(
        `INSERT INTO permissions (name, action, object, deny, person_id, until)
         VALUES ('test-expired', 'read', 'canaries', true, $1, now() - interval '1 minute')
         RETURNING id`,
        [ids.get('responder')],
      )
    ).rows[0]!.id;
    expect((await get('responder', '/api/db/canaries?select=id&limit=1')).status).toBe(200);
    expect((await whoami('responder')).map((row) => row.id)).not.toContain(expired);
    await db.query(
      `INSERT INTO permissions (name, action, object, deny, person_id, until)
       VALUES ('test-current', 'read', 'canaries', true, $1, now() + interval '1 hour')`,
      [ids.get('responder')],
    );
    expect((await get('responder', '/api/db/canaries?select=id&limit=1')).status).toBe(403);
  });

  it('a row about one playbook decides running that playbook only, and stays out of whoami', async () => {
    const restart = playbookId('restart-service-demo');
    const denied = await grant({
      person_id: ids.get('editor'),
      playbook_id: restart,
      action: 'playbook:run',
      deny: true,
    });
    const refused = await run('editor', restart);
    expect(refused.status).toBe(403);
    // The row is about one playbook: whoami's list (applied to whole objects) leaves it out.
    expect((await whoami('editor')).map((row) => row.id)).not.toContain(denied);
    // A viewer may run no playbook, except the one a row allows.
    expect((await run('viewer', restart)).status).toBe(403);
    await grant({ person_id: ids.get('viewer'), playbook_id: restart, action: 'playbook:run' });
    expect((await run('viewer', restart)).status).toBe(201);
    const { rows } = await db.query<{ id: string }>(
      `SELECT id FROM playbooks WHERE id <> $1 AND deleted_at IS NULL LIMIT 1`,
      [restart],
    );
    expect((await run('viewer', rows[0]!.id)).status).toBe(403);
    // The admin is never restricted by a row.
    await grant({ team_id: teamId, playbook_id: restart, action: 'playbook:run', deny: true });
    expect((await run('admin', restart)).status).toBe(201);
  });

  it('the demo estate’s rows about one playbook: the commander runs the health probe and nothing else', async () => {
    const probe = await run('commander', playbookId('probe-opsdeck-health'));
    expect(probe.status, await probe.clone().text()).not.toBe(403);
    expect((await run('commander', playbookId('restart-service-demo'))).status).toBe(403);
    const denied = await db.query<{ deny: boolean }>(
      `SELECT deny FROM permissions WHERE name = 'responder-never-restarts'`,
    );
    expect(denied.rows).toEqual([{ deny: true }]);
  });
});
