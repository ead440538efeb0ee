// The playbook service over HTTP on the demo estate, as the console and scripts reach it: the role
// matrix of the spec (settings §6), the list by resource, parameters, run validation (§5) as
// 400 {error, message}, approvals by approvers and non-approvers, cancel, and runs the runner executes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { seedUuid } from '../../db/seed/random.ts';
import { silentLogger } from '../../http/logging.ts';
import { seededPGlite } from '../../testing/databases.ts';
import { basic, startTestServer, type TestServer } from '../../testing/server.ts';
import { PlaybookRunner } from './runner.ts';
import { createRun } from './runs.ts';

const playbookId = (name: string) => seedUuid(`opsdeck:playbook:${name}`);

describe('the playbook service over HTTP', () => {
  let db: Database;
  let server: TestServer;
  let runner: PlaybookRunner;
  let deployment: string;
  let check: { id: string; name: string };

  beforeAll(async () => {
    db = await seededPGlite({ checks: 30 });
    server = await startTestServer({ db });
    runner = new PlaybookRunner({ db, log: silentLogger, execEnabled: true });
    deployment = (
      await db.query<{ id: string }>(
        `SELECT id FROM config_items WHERE type = 'Kubernetes::Deployment' ORDER BY name LIMIT 1`,
      )
    ).rows[0]!.id;
    check = (
      await db.query<{ id: string; name: string }>(
        'SELECT id, name FROM checks ORDER BY name LIMIT 1',
      )
    ).rows[0]!;
  });
  afterAll(async () => {
    await server?.close();
    await db?.close();
  });

  const call = async (
    method: string,
    path: string,
    who: string | undefined,
    body?: unknown,
  ): Promise<{ status: number; body: Record<string, unknown> }> => {
    const response = await fetch(`${server.url}/api/playbook${path}`, {
      method,
      headers: {
        ...(who ? basic(who) : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined
        ? {}
        : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    };
  };

  async function finish(runId: string) {
    for (let n = 0; n < 30; n += 1) {
      await runner.tick();
      const { rows } = await db.query<{ status: string }>(
        'SELECT status FROM playbook_runs WHERE id = $1',
        [runId],
      );
      if (['completed', 'failed', 'cancelled', 'timed_out'].includes(rows[0]!.status))
        return rows[0]!.status;
    }
    throw new Error('run did not finish');
  }

  async function insertPlaybook(name: string, spec: unknown) {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO playbooks (name, namespace, spec, source) VALUES ($1, 'default', $2::jsonb, 'UI') RETURNING id`,
      [name, JSON.stringify(spec)],
    );
    return rows[0]!.id;
  }

  it('follows the role matrix: read for every role but guest, run and cancel with write on playbook_runs', async () => {
    for (const who of [
      'admin@local',
      'editor@local',
      'viewer@local',
      'commander@local',
      'responder@local',
    ])
      expect((await call('GET', '/list', who)).status).toBe(200);
    expect((await call('GET', '/list', 'guest@local')).status).toBe(403);
    expect((await call('GET', '/list', undefined)).status).toBe(401);
    const body = {
      id: playbookId('restart-service-demo'),
      config_id: deployment,
      params: { reason: 'matrix' },
    };
    for (const who of ['viewer@local', 'commander@local', 'responder@local', 'guest@local']) {
      const refused = await call('POST', '/run', who, body);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ error: 'forbidden' });
      expect((await call('POST', `/${body.id}/params`, who, body)).status).toBe(403);
    }
    const run = await call('POST', '/run', 'editor@local', body);
    expect(run.status).toBe(201);
    expect(run.body).toMatchObject({ run_id: expect.any(String), starts_at: expect.any(String) });
    const runId = String(run.body.run_id);
    expect((await call('POST', `/run/cancel/${runId}`, 'viewer@local')).status).toBe(403);
    expect((await call('GET', `/run/${runId}`, 'viewer@local')).body).toMatchObject({
      id: runId,
      status: 'scheduled',
      config_id: deployment,
      parameters: { reason: 'matrix' },
      created_by: seedUuid('opsdeck:person:editor'),
    });
    expect(await call('POST', `/run/cancel/${runId}`, 'editor@local')).toEqual({
      status: 200,
      body: { message: 'playbook run cancelled' },
    });
    expect((await call('GET', `/run/${runId}`, 'viewer@local')).body.status).toBe('cancelled');
    const again = await call('POST', `/run/cancel/${runId}`, 'editor@local');
    expect(again.status).toBe(400);
    expect(again.body.message).toMatch(/already cancelled/);
  });

  it('lists the playbooks whose selectors match a resource', async () => {
    const all = (await call('GET', '/list', 'viewer@local')).body as unknown as {
      name: string;
      category: string;
    }[];
    expect(all).toHaveLength(13);
    const order = all.map((p) => `${p.category}/${p.name}`);
    expect(order).toEqual([...order].sort());
    const forConfig = (await call('GET', `/list?config_id=${deployment}`, 'viewer@local'))
      .body as unknown as {
      name: string;
    }[];
    expect(forConfig.map((p) => p.name)).toEqual(
      expect.arrayContaining([
        'restart-service-demo',
        'approved-restart-demo',
        'restart-deployment',
      ]),
    );
    expect(forConfig.map((p) => p.name)).not.toContain('probe-opsdeck-health');
    const forCheck = (await call('GET', `/list?check_id=${check.id}`, 'viewer@local'))
      .body as unknown as {
      name: string;
      parameters: unknown[];
    }[];
    expect(forCheck.map((p) => p.name)).toEqual(
      expect.arrayContaining([
        'probe-opsdeck-health',
        'diagnose-check-demo',
        'every-parameter-type',
      ]),
    );
    expect(
      forCheck.find((p) => p.name === 'every-parameter-type')!.parameters.length,
    ).toBeGreaterThan(10);
    const two = await call(
      'GET',
      `/list?config_id=${deployment}&check_id=${check.id}`,
      'viewer@local',
    );
    expect(two).toEqual({
      status: 400,
      body: {
        error: 'invalid',
        message: 'provide at most one of: config_id, check_id or component_id',
      },
    });
    expect(
      (await call('GET', `/list?config_id=${seedUuid('nothing')}`, 'viewer@local')).status,
    ).toBe(404);
    expect((await call('GET', '/list?config_id=not-a-uuid', 'viewer@local')).status).toBe(400);
  });

  it('serves the parameters for one resource with defaults rendered', async () => {
    const id = await insertPlaybook('templated-default', {
      configs: [{ types: ['Kubernetes::Deployment'] }],
      parameters: [
        { name: 'target', default: '{{.config.name}} in {{.config.tags.namespace}}' },
        { name: 'asker', default: '{{.user.email}}' },
      ],
      actions: [{ name: 'a', exec: { script: 'true' } }],
    });
    const { rows } = await db.query<{ name: string; ns: string }>(
      `SELECT name, tags->>'namespace' AS ns FROM config_items WHERE id = $1`,
      [deployment],
    );
    const reply = await call('POST', `/ignored/params`, 'editor@local', {
      id,
      config_id: deployment,
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      params: [
        { name: 'target', default: `${rows[0]!.name} in ${rows[0]!.ns}` },
        { name: 'asker', default: 'editor@local' },
      ],
    });
    const wrong = await call('POST', `/${id}/params`, 'editor@local', { id, check_id: check.id });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/cannot run on this check/);
    expect(
      (await call('POST', `/x/params`, 'editor@local', { config_id: deployment })).status,
    ).toBe(400);
  });

  it('refuses bad runs with 400 {error, message}, never 500', async () => {
    const id = playbookId('every-parameter-type');
    const cases: [unknown, number, RegExp][] = [
      [{ id, check_id: check.id, params: { nope: 'x' } }, 400, /unknown parameter\(s\): nope/],
      [
        { id, check_id: check.id, params: { memory: '1GB', cpu: '1.5', hostname: 'Bad_Name' } },
        400,
        /hostname: must be lowercase.*; memory: must be a number with a unit of Mi, Gi or Ti; cpu: must be a whole number of millicores/,
      ],
      [{ id, check_id: check.id, params: { count: '11' } }, 400, /count: must be at most 10/],
      [{ id, check_id: check.id, params: { text: ['x'] } }, 400, /text: must be a string/],
      [{ id, check_id: check.id, params: 'text' }, 400, /params/],
      [{ id, config_id: deployment }, 400, /cannot run on this config/],
      [{ id }, 400, /runs on a check: give check_id/],
      [
        { id: playbookId('restart-service-demo'), config_id: deployment, params: { reason: '' } },
        400,
        /missing required parameter\(s\): reason/,
      ],
      [{ id: seedUuid('no such playbook'), check_id: check.id }, 404, /not found/],
      [{ check_id: check.id }, 400, /id/],
      ['{"id": ', 400, /not valid JSON/],
    ];
    for (const [body, status, message] of cases) {
      const reply = await call('POST', '/run', 'admin@local', body);
      expect({ status: reply.status, body }).toEqual({ status, body });
      expect(reply.body.error).toEqual(expect.any(String));
      expect(String(reply.body.message)).toMatch(message);
    }
    const stored = await insertPlaybook('broken-spec', { actions: [{ name: 'x' }] });
    const broken = await call('POST', '/run', 'admin@local', { id: stored });
    expect(broken.status).toBe(400);
    expect(broken.body.message).toMatch(
      /^playbook validation failed: spec\.actions\[0\]: an action needs exactly one of/,
    );
  });

  it('runs a demo playbook to its end with its output on the run', async () => {
    const reply = await call('POST', '/run', 'editor@local', {
      id: playbookId('restart-service-demo'),
      config_id: deployment,
      params: { reason: 'memory leak' },
    });
    const runId = String(reply.body.run_id);
    expect(await finish(runId)).toBe('completed');
    const status = (await call('GET', `/run/${runId}/status`, 'viewer@local')).body as unknown as {
      run: { status: string };
      playbook: { name: string };
      actions: { name: string; status: string; result: { stdout: string } }[];
    };
    expect(status.run.status).toBe('completed');
    expect(status.playbook.name).toBe('restart-service-demo');
    expect(status.actions.map((a) => [a.name, a.status])).toEqual([
      ['drain', 'completed'],
      ['restart', 'completed'],
      ['verify', 'completed'],
    ]);
    expect(status.actions[0]!.result.stdout).toContain('reason: memory leak');
    expect(status.actions[2]!.result.stdout).toContain('asked by editor@local');
    const rpc = await fetch(`${server.url}/api/db/rpc/get_playbook_run_actions?run_id=${runId}`, {
      headers: basic('viewer@local'),
    });
    expect(rpc.status).toBe(200);
    expect(((await rpc.json()) as { name: string }[]).map((a) => a.name)).toEqual([
      'drain',
      'restart',
      'verify',
    ]);
  });

  it('the demo probe takes no URL from whoever runs it', async () => {
    const reply = await call('POST', '/run', 'editor@local', {
      id: playbookId('probe-opsdeck-health'),
      check_id: check.id,
      params: { url: `${server.url}/health` },
    });
    expect(reply.status).toBe(400);
    expect(String(reply.body.message)).toContain('url');
  });

  it('waits for approval; only a listed approver holding playbook:approve approves', async () => {
    const run = await call('POST', '/run', 'editor@local', {
      id: playbookId('approved-restart-demo'),
      config_id: deployment,
      params: { reason: 'release 42' },
    });
    const runId = String(run.body.run_id);
    expect((await call('GET', `/run/${runId}`, 'viewer@local')).body.status).toBe(
      'pending_approval',
    );
    await runner.tick();
    expect((await call('GET', `/run/${runId}`, 'viewer@local')).body.status).toBe(
      'pending_approval',
    );
    // The editor may approve playbooks but is not listed; the viewer's team (sre) is listed but viewers cannot approve.
    for (const who of ['editor@local', 'viewer@local']) {
      expect(await call('POST', `/run/approve/${runId}`, who)).toEqual({
        status: 403,
        body: { error: 'forbidden', message: 'you are not allowed to approve this playbook run' },
      });
    }
    expect(await call('POST', `/run/approve/${runId}`, 'admin@local')).toEqual({
      status: 200,
      body: { message: 'playbook run approved' },
    });
    const { rows } = await db.query(
      'SELECT person_id, team_id FROM playbook_approvals WHERE run_id = $1',
      [runId],
    );
    expect(rows).toEqual([{ person_id: seedUuid('opsdeck:person:admin'), team_id: null }]);
    expect((await call('GET', `/run/${runId}`, 'viewer@local')).body.status).toBe('scheduled');
    expect((await call('POST', `/run/approve/${runId}`, 'admin@local')).status).toBe(400);
    expect(await finish(runId)).toBe('completed');

    const plain = await call('POST', '/run', 'editor@local', {
      id: playbookId('restart-service-demo'),
      config_id: deployment,
      params: { reason: 'plain' },
    });
    expect(await call('POST', `/run/approve/${String(plain.body.run_id)}`, 'admin@local')).toEqual({
      status: 400,
      body: { error: 'invalid', message: 'this playbook does not require approval' },
    });
    expect((await call('POST', `/run/approve/${seedUuid('none')}`, 'admin@local')).status).toBe(
      404,
    );
  });

  it('needs every listed approver with type all, and records a team approval', async () => {
    const id = await insertPlaybook('needs-all', {
      approval: { type: 'all', approvers: { people: ['admin@local'], teams: ['payments'] } },
      actions: [{ name: 'a', exec: { script: 'echo approved' } }],
    });
    // Asked for by someone who approves nothing here (nobody approves their own run).
    const { rows: others } = await db.query<{ id: string }>(
      `SELECT id FROM people WHERE email NOT LIKE '%@local' ORDER BY id LIMIT 1`,
    );
    const requester = { id: others[0]!.id, name: 'other', roles: ['editor'], permissions: [] };
    const { run_id: runId } = await createRun(db, { id }, requester, runner.secrets);
    expect((await call('POST', `/run/approve/${runId}`, 'admin@local')).status).toBe(200);
    expect((await call('GET', `/run/${runId}`, 'viewer@local')).body.status).toBe(
      'pending_approval',
    );
    // editor@local is in the payments team.
    expect((await call('POST', `/run/approve/${runId}`, 'editor@local')).status).toBe(200);
    expect((await call('GET', `/run/${runId}`, 'viewer@local')).body.status).toBe('scheduled');
    const { rows } = await db.query<{ team: string | null }>(
      `SELECT t.name AS team FROM playbook_approvals a LEFT JOIN teams t ON t.id = a.team_id
       WHERE a.run_id = $1 ORDER BY t.name NULLS FIRST`,
      [runId],
    );
    expect(rows).toEqual([{ team: null }, { team: 'payments' }]);
  });

  it('seeds a run history consistent with each playbook’s approvals', async () => {
    const { rows } = await db.query<{
      id: string;
      status: string;
      created_by: string;
      spec: { approval?: { type?: string; approvers?: { people?: string[]; teams?: string[] } } };
      approvals: { email: string | null; team: string | null }[];
    }>(
      `SELECT r.id, r.status, r.created_by, p.spec,
              COALESCE(json_agg(json_build_object('email', pe.email, 'team', t.name))
                FILTER (WHERE a.id IS NOT NULL), '[]') AS approvals
       FROM playbook_runs r JOIN playbooks p ON p.id = r.playbook_id
       LEFT JOIN playbook_approvals a ON a.run_id = r.id
       LEFT JOIN people pe ON pe.id = a.person_id LEFT JOIN teams t ON t.id = a.team_id
       WHERE r.created_by IS DISTINCT FROM NULL
       GROUP BY r.id, r.status, r.created_by, p.spec`,
    );
    const pending = rows.filter((row) => row.status === 'pending_approval');
    expect(pending.length).toBeGreaterThan(0);
    // Approve is offered only where the server accepts it: on playbooks with approvers.
    for (const run of pending) {
      const approvers = run.spec.approval?.approvers;
      expect((approvers?.people?.length ?? 0) + (approvers?.teams?.length ?? 0)).toBeGreaterThan(0);
    }
    // A run past approval was approved, by a listed person or for a listed team.
    const approved = rows.filter(
      (row) => row.spec.approval && ['completed', 'failed', 'running'].includes(row.status),
    );
    expect(approved.length).toBeGreaterThan(0);
    for (const run of approved) {
      expect(run.approvals.length).toBeGreaterThan(0);
      const { people = [], teams = [] } = run.spec.approval!.approvers ?? {};
      for (const approval of run.approvals)
        expect(
          approval.team ? teams.includes(approval.team) : people.includes(approval.email ?? ''),
        ).toBe(true);
    }
    // And a pending demo run that lists the admin, asked for by someone else, is approved by the admin.
    const mine = pending.find(
      (run) =>
        run.spec.approval?.approvers?.people?.includes('admin@local') &&
        run.created_by !== seedUuid('opsdeck:person:admin'),
    );
    if (mine)
      expect((await call('POST', `/run/approve/${mine.id}`, 'admin@local')).status).toBe(200);
  });

  it('answers 404 for an unknown run', async () => {
    expect(await call('GET', `/run/${seedUuid('missing')}`, 'viewer@local')).toEqual({
      status: 404,
      body: { error: 'not found', message: `playbook run(id=${seedUuid('missing')}) not found` },
    });
    expect((await call('GET', '/run/nope/status', 'viewer@local')).status).toBe(404);
  });
  it('serves a run and its status to readers of playbooks only, never to a guest', async () => {
    const { rows } = await db.query<{ id: string }>(
      `SELECT id FROM playbook_runs WHERE parameters <> '{}'::jsonb ORDER BY created_at LIMIT 1`,
    );
    const runId = rows[0]!.id;
    for (const path of [`/run/${runId}`, `/run/${runId}/status`]) {
      const read = await call('GET', path, 'viewer@local');
      expect(read.status, path).toBe(200);
      expect(JSON.stringify(read.body)).toContain(runId);
      const refused = await call('GET', path, 'guest@local');
      expect(refused.status, path).toBe(403);
      expect(refused.body.error).toBe('forbidden');
      expect(JSON.stringify(refused.body)).not.toContain('parameters');
      expect((await call('GET', path, undefined)).status, path).toBe(401);
    }
  });

  it('refuses an editor’s playbook with a bad spec through /api/db, naming the path', async () => {
    const write = (spec: unknown) =>
      fetch(`${server.url}/api/db/playbooks`, {
        method: 'POST',
        headers: {
          ...basic('editor@local'),
          'content-type': 'application/json',
          prefer: 'return=representation',
        },
        body: JSON.stringify({
          name: `db-${Math.random()}`,
          namespace: 'default',
          source: 'UI',
          spec,
        }),
      });
    const bad = await write({ actions: [{ name: 'a', exec: { script: '' } }] });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain('spec.actions[0].exec.script');
    expect((await write({ actions: [{ name: 'a', exec: { script: 'echo ok' } }] })).status).toBe(
      201,
    );
  });

  // Issue 32 §1: an admin's write skipped the spec check, so `actions: "not a list"` was stored
  // (201) and the console's /playbooks then failed whole. The spec is the row's own rule, for everyone.
  it('refuses an admin’s playbook whose actions are not a list, and lists playbooks after', async () => {
    const name = `db-admin-${Math.random()}`;
    const response = await fetch(`${server.url}/api/db/playbooks`, {
      method: 'POST',
      headers: { ...basic('admin@local'), 'content-type': 'application/json' },
      body: JSON.stringify({ name, namespace: 'default', spec: { actions: 'not a list' } }),
    });
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain('spec.actions');
    const stored = await db.query('SELECT 1 FROM playbooks WHERE name = $1', [name]);
    expect(stored.rows).toHaveLength(0);
    expect((await call('GET', '/list', 'viewer@local')).status).toBe(200);
  });
});
