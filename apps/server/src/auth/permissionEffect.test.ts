// Permission rows take effect (issue 37): a row granting or denying a person, a team (through its
// members) or a role an action on an object, or on one playbook, changes what /api/db, the playbook
// runner and whoami allow; deny beats allow; no row restricts an admin; an expired `until` is no row.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
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
    db = await target.openSeeded({ checks: 5 });
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

  it('a row about one playbook decides running that playbook only, and whoami shows its condition', async () => {
    const restart = playbookId('restart-service-demo');
    const denied = await grant({
      person_id: ids.get('editor'),
      playbook_id: restart,
      action: 'playbook:run',
      deny: true,
    });
    const refused = await run('editor', restart);
    expect(refused.status).toBe(403);
    // The row is about one playbook: whoami lists it with the condition naming that playbook, which
    // the browser's authorizer never widens to every playbook.
    expect((await whoami('editor')).find((row) => row.id === denied)).toEqual({
      id: denied,
      object: '*',
      action: 'playbook:run',
      deny: true,
      condition: `str(r.obj.Playbook.ID) == "${restart}"`,
    });
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
  const ids_ = async (who: string, path: string) => {
    const response = await get(who, path);
    expect(response.status, await response.clone().text()).toBe(200);
    return ((await response.json()) as { id: string }[]).map((row) => row.id);
  };

  it('a deny on one config hides it from config_items and its views for that person only', async () => {
    const [first, second] = (
      await db.query<{ id: string }>(
        `SELECT id FROM config_items WHERE deleted_at IS NULL ORDER BY id LIMIT 2`,
      )
    ).rows.map((row) => row.id);
    const list = `/api/db/config_items?select=id&id=in.(${first},${second})`;
    expect(await ids_('viewer', list)).toEqual(expect.arrayContaining([first, second]));
    await grant({ person_id: ids.get('viewer'), config_id: first, action: 'read', deny: true });
    expect(await ids_('viewer', list)).toEqual([second]);
    expect(await ids_('viewer', `/api/db/config_detail?select=id&id=eq.${first}`)).toEqual([]);
    expect(await ids_('viewer', `/api/db/configs?select=id&id=eq.${first}`)).toEqual([]);
    expect(
      await ids_('viewer', `/api/db/config_changes?select=id&config_id=eq.${first}&limit=5`),
    ).toEqual([]);
    // An exact count leaves the denied config out too.
    const counted = await fetch(`${server.url}${list}`, {
      headers: { ...basic('viewer@local'), Prefer: 'count=exact' },
    });
    expect(counted.headers.get('content-range')).toBe('0-0/1');
    // Others, and an admin denied the same way, still see it.
    expect(await ids_('editor', list)).toEqual(expect.arrayContaining([first, second]));
    await grant({ person_id: ids.get('admin'), config_id: first, action: 'read', deny: true });
    expect(await ids_('admin', list)).toEqual(expect.arrayContaining([first, second]));
    // An embed of a relation read only in part is refused rather than leaking the hidden row.
    expect(
      (await get('viewer', `/api/db/config_changes?select=id,config:config_id(name)&limit=1`))
        .status,
    ).toBe(403);
  });

  it('a deny on updating one config refuses writing that config, not the others', async () => {
    const [first, second] = (
      await db.query<{ id: string }>(
        `SELECT id FROM config_items WHERE deleted_at IS NULL ORDER BY id LIMIT 2`,
      )
    ).rows.map((row) => row.id);
    const patch = (id: string) =>
      fetch(`${server.url}/api/db/config_items?id=eq.${id}`, {
        method: 'PATCH',
        headers: { ...basic('editor@local'), 'Content-Type': 'application/json' },
        body: JSON.stringify({ description: 'scoped permissions' }),
      });
    await grant({ team_id: teamId, config_id: first, action: 'update', deny: true });
    expect((await patch(first!)).status).toBe(204); // the editor is no member of that team
    await grant({ person_id: ids.get('editor'), config_id: first, action: 'update', deny: true });
    const refused = await patch(first!);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('not allowed');
    expect((await patch(second!)).status).toBe(204);
    // Reading it is still allowed: the row denies update only.
    expect(await ids_('editor', `/api/db/config_items?select=id&id=eq.${first}`)).toEqual([first]);
  });

  it('an allow on one playbook lets a guest read that playbook and no other; until ends it', async () => {
    const restart = playbookId('restart-service-demo');
    expect((await get('guest', '/api/db/playbooks?select=id')).status).toBe(403);
    await grant({ person_id: ids.get('guest'), playbook_id: restart, action: 'read' });
    expect(await ids_('guest', '/api/db/playbooks?select=id')).toEqual([restart]);
    // A deny on the same playbook beats the allow.
    const deny = await grant({
      person_id: ids.get('guest'),
      playbook_id: restart,
      action: 'read',
      deny: true,
    });
    expect((await get('guest', '/api/db/playbooks?select=id')).status).toBe(403);
    await db.query('DELETE FROM permissions WHERE id = $1', [deny]);
    await db.query(
      `UPDATE permissions SET until = now() - interval '1 second' WHERE name LIKE 'test-%'`,
    );
    expect((await get('guest', '/api/db/playbooks?select=id')).status).toBe(403);
  });

  it('a row about one playbook decides approving its runs: a deny refuses an editor, an allow admits a viewer', async () => {
    await db.query(
      `INSERT INTO playbooks (name, namespace, spec, source) VALUES ($1, 'default', $2::jsonb, 'UI')
       ON CONFLICT DO NOTHING`,
      [
        'scoped-approval-37',
        JSON.stringify({
          approval: { type: 'any', approvers: { people: ['editor@local', 'viewer@local'] } },
          actions: [{ name: 'a', exec: { script: 'echo ok' } }],
        }),
      ],
    );
    const playbook = (
      await db.query<{ id: string }>(`SELECT id FROM playbooks WHERE name = 'scoped-approval-37'`)
    ).rows[0]!.id;
    const pending = async () =>
      (
        await db.query<{ id: string }>(
          `INSERT INTO playbook_runs (playbook_id, status, spec, parameters, created_by, scheduled_time)
           SELECT id, 'pending_approval', spec, '{}'::jsonb, $2, now() FROM playbooks WHERE id = $1
           RETURNING id`,
          [playbook, ids.get('admin')],
        )
      ).rows[0]!.id;
    const approve = async (who: string, runId: string) => {
      const response = await fetch(`${server.url}/api/playbook/run/approve/${runId}`, {
        method: 'POST',
        headers: basic(`${who}@local`),
      });
      return { status: response.status, body: (await response.json()) as { message?: string } };
    };
    const runId = await pending();
    // Listed, but no role lets the viewer approve; the editor's role does, and a row denies it.
    expect((await approve('viewer', runId)).status).toBe(403);
    await grant({
      person_id: ids.get('editor'),
      playbook_id: playbook,
      action: 'playbook:approve',
      deny: true,
    });
    expect(await approve('editor', runId)).toEqual({
      status: 403,
      body: { error: 'forbidden', message: 'you are not allowed to approve this playbook run' },
    });
    await grant({
      person_id: ids.get('viewer'),
      playbook_id: playbook,
      action: 'playbook:approve',
    });
    expect(await approve('viewer', runId)).toEqual({
      status: 200,
      body: { message: 'playbook run approved' },
    });
    // The viewer's row is about that playbook only: another playbook's runs stay closed to it.
    const other = (
      await db.query<{ id: string }>(
        `INSERT INTO playbook_runs (playbook_id, status, spec, parameters, created_by, scheduled_time)
         SELECT id, 'pending_approval', $2::jsonb, '{}'::jsonb, $3, now() FROM playbooks WHERE id = $1
         RETURNING id`,
        [
          playbookId('restart-service-demo'),
          JSON.stringify({
            approval: { type: 'any', approvers: { people: ['viewer@local'] } },
            actions: [{ name: 'a', exec: { script: 'echo ok' } }],
          }),
          ids.get('admin'),
        ],
      )
    ).rows[0]!.id;
    expect((await approve('viewer', other)).status).toBe(403);
  });
});
