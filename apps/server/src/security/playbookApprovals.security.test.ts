import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { silentLogger } from '../http/logging.ts';
import { PlaybookRunner } from '../services/playbooks/runner.ts';
import { testDatabases } from '../testing/databases.ts';
import { basic, startTestServer, type TestServer } from '../testing/server.ts';

type Row = Record<string, unknown>;

const REVIEWED = 'echo reviewed-script';
const SWAPPED = 'echo swapped-script';

// Issue 27: #1 approvals cannot be bypassed through /api/db and a run executes the spec it was
// created and approved with; #4 nobody approves their own run, and only admins change who is in a
// team; #17 the approve endpoint authorizes before it looks the run up.
describe.each(testDatabases('one'))('playbook approvals that hold on $engine', (target) => {
  let db: Database;
  let server: TestServer;
  let runner: PlaybookRunner;
  let playbookId = '';
  let teamId = '';
  const people: Record<string, string> = {};

  beforeAll(async () => {
    db = await target.openSeeded({ checks: 5 });
    server = await startTestServer({ db });
    runner = new PlaybookRunner({ db, log: silentLogger, execEnabled: true });
    const { rows } = await db.query<{ id: string; email: string }>(
      "SELECT id, email FROM people WHERE email LIKE '%@local'",
    );
    for (const row of rows) people[row.email.replace('@local', '')] = row.id;
    teamId = (
      await db.query<{ id: string }>(
        "INSERT INTO teams (name) VALUES ('run-approvers-27') RETURNING id",
      )
    ).rows[0]!.id;
    playbookId = (
      await db.query<{ id: string }>(
        `INSERT INTO playbooks (name, namespace, spec, source) VALUES ('approved-27', 'default', $1::jsonb, 'UI')
         RETURNING id`,
        [
          JSON.stringify({
            approval: {
              type: 'all',
              approvers: { people: ['admin@local'], teams: ['run-approvers-27'] },
            },
            actions: [{ name: 'a', exec: { script: REVIEWED } }],
          }),
        ],
      )
    ).rows[0]!.id;
  });
  afterAll(async () => {
    await server?.close();
    await target.release();
  });

  const request = (role: string, method: string, path: string, body?: unknown, prefer?: string) =>
    fetch(`${server.url}/api${path}`, {
      method,
      headers: {
        ...basic(`${role}@local`),
        'Content-Type': 'application/json',
        Prefer: prefer ?? 'return=representation',
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  async function expectServerOnly(response: Response, table: string) {
    const body = (await response.json()) as Row;
    expect(response.status, JSON.stringify(body)).toBe(403);
    expect(String(body.message)).toContain(`${table} is written by the server only`);
  }

  async function runRow(id: string) {
    return (
      await db.query<Row>('SELECT status, spec, error FROM playbook_runs WHERE id = $1', [id])
    ).rows[0];
  }

  const actionsOf = async (id: string) =>
    (
      await db.query<{ status: string; result: { stdout?: string } | null }>(
        'SELECT status, result FROM playbook_run_actions WHERE playbook_run_id = $1',
        [id],
      )
    ).rows;

  async function newRun(role = 'editor'): Promise<string> {
    const response = await request(role, 'POST', '/playbook/run', { id: playbookId });
    const body = (await response.json()) as Row;
    expect(response.status, JSON.stringify(body)).toBe(201);
    return String(body.run_id);
  }

  // Every due run to its end; a run the runner refuses fails the tick that claimed it.
  async function drain() {
    for (let n = 0; n < 20; n += 1) {
      const ran = await runner.tick().catch(() => 'refused');
      if (!ran) return;
    }
  }

  describe('#1 runs, actions and approvals are written only by the server', () => {
    it('refuses every /api/db write to them, for every role, admin included', async () => {
      const runId = await newRun();
      const swapped = {
        actions: [{ name: 'a', exec: { script: SWAPPED } }],
      };
      for (const role of ['editor', 'admin']) {
        // A waiting run set to scheduled, its spec swapped, a run of one's own, an upsert over it,
        // a filtered PATCH of many, a delete.
        await expectServerOnly(
          await request(role, 'PATCH', `/db/playbook_runs?id=eq.${runId}`, {
            status: 'scheduled',
          }),
          'playbook_runs',
        );
        await expectServerOnly(
          await request(role, 'PATCH', `/db/playbook_runs?id=eq.${runId}`, { spec: swapped }),
          'playbook_runs',
        );
        await expectServerOnly(
          await request(role, 'PATCH', '/db/playbook_runs?status=eq.pending_approval', {
            status: 'scheduled',
          }),
          'playbook_runs',
        );
        await expectServerOnly(
          await request(role, 'POST', '/db/playbook_runs', {
            playbook_id: playbookId,
            status: 'scheduled',
            spec: swapped,
          }),
          'playbook_runs',
        );
        await expectServerOnly(
          await request(
            role,
            'POST',
            '/db/playbook_runs?on_conflict=id',
            [{ id: runId, playbook_id: playbookId, status: 'scheduled', spec: swapped }],
            'return=representation,resolution=merge-duplicates',
          ),
          'playbook_runs',
        );
        await expectServerOnly(
          await request(role, 'DELETE', `/db/playbook_runs?id=eq.${runId}`),
          'playbook_runs',
        );
        // A forged approval, and actions written for the run.
        await expectServerOnly(
          await request(role, 'POST', '/db/playbook_approvals', {
            run_id: runId,
            person_id: people.admin,
          }),
          'playbook_approvals',
        );
        await expectServerOnly(
          await request(role, 'POST', '/db/playbook_run_actions', {
            playbook_run_id: runId,
            name: 'a',
            status: 'completed',
          }),
          'playbook_run_actions',
        );
      }
      // Reads still work (the console's runs list and run page).
      const read = await request('viewer', 'GET', `/db/playbook_runs?id=eq.${runId}&select=status`);
      expect(await read.json()).toEqual([{ status: 'pending_approval' }]);
      // Nothing moved: the run waits, with the reviewed spec and no approval, and does not run.
      await drain();
      expect(await runRow(runId)).toMatchObject({
        status: 'pending_approval',
        spec: { actions: [{ exec: { script: REVIEWED } }] },
      });
      const approvals = await db.query('SELECT 1 FROM playbook_approvals WHERE run_id = $1', [
        runId,
      ]);
      expect(approvals.rows).toEqual([]);
      expect(await actionsOf(runId)).toEqual([]);
    });

    it('runs an approved run with the spec it was approved with (the console flow still works)', async () => {
      // The admin is listed by email and, as a member, for the team: one approval is all of them.
      await db.query(
        'INSERT INTO team_members (team_id, person_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
        [teamId, people.admin],
      );
      const runId = await newRun('editor');
      expect((await request('admin', 'POST', `/playbook/run/approve/${runId}`)).status).toBe(200);
      await drain();
      expect(await runRow(runId)).toMatchObject({ status: 'completed' });
      expect((await actionsOf(runId))[0]?.result?.stdout).toContain('reviewed-script');
      await db.query('DELETE FROM team_members WHERE team_id = $1', [teamId]);
    });

    it('never executes a run whose spec changed after it was created, or one made around the routes', async () => {
      // Behind the API's back (an old bug, a direct database write): the runner still refuses.
      const runId = await newRun();
      await db.query(
        `UPDATE playbook_runs SET spec = jsonb_set(spec, '{actions,0,exec,script}', to_jsonb($2::text))
         WHERE id = $1`,
        [runId, SWAPPED],
      );
      await db.query(
        'INSERT INTO team_members (team_id, person_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
        [teamId, people.admin],
      );
      expect((await request('admin', 'POST', `/playbook/run/approve/${runId}`)).status).toBe(200);
      await db.query('DELETE FROM team_members WHERE team_id = $1', [teamId]);
      const forged = (
        await db.query<{ id: string }>(
          `INSERT INTO playbook_runs (playbook_id, status, spec) VALUES ($1, 'scheduled', $2::jsonb)
           RETURNING id`,
          [playbookId, JSON.stringify({ actions: [{ name: 'a', exec: { script: SWAPPED } }] })],
        )
      ).rows[0]!.id;
      await drain();
      expect(await runRow(runId)).toMatchObject({
        status: 'failed',
        error: expect.stringMatching(/changed after it was created or approved/),
      });
      expect(await runRow(forged)).toMatchObject({
        status: 'failed',
        error: expect.stringMatching(/not created by the run routes/),
      });
      for (const id of [runId, forged]) expect(await actionsOf(id)).toEqual([]);
    });
  });

  describe('#4 nobody approves their own run; team membership is an admin write', () => {
    it('refuses an editor joining the approver team, or renaming a team into it', async () => {
      for (const [method, path, body] of [
        ['POST', '/db/team_members', { team_id: teamId, person_id: people.editor }],
        [
          'POST',
          '/db/team_members?on_conflict=team_id,person_id',
          { team_id: teamId, person_id: people.editor },
        ],
        ['POST', '/db/teams', { name: 'run-approvers-27' }],
        ['PATCH', `/db/teams?id=eq.${teamId}`, { name: 'renamed' }],
        ['DELETE', `/db/team_members?team_id=eq.${teamId}`, undefined],
      ] as const) {
        const response = await request('editor', method, path, body);
        const reply = (await response.json()) as Row;
        expect(response.status, `${method} ${path} ${JSON.stringify(reply)}`).toBe(403);
        expect(String(reply.message)).toMatch(/only an admin may change teams/);
      }
      const { rows } = await db.query('SELECT 1 FROM team_members WHERE team_id = $1', [teamId]);
      expect(rows).toEqual([]);
      // An admin manages teams.
      const added = await request('admin', 'POST', '/db/team_members', {
        team_id: teamId,
        person_id: people.editor,
      });
      expect(added.status).toBe(201);
      await db.query('DELETE FROM team_members WHERE team_id = $1', [teamId]);
    });

    it('refuses the requester approving their own run, even when listed', async () => {
      await db.query(
        'INSERT INTO team_members (team_id, person_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
        [teamId, people.editor],
      );
      try {
        const mine = await newRun('editor');
        const refused = await request('editor', 'POST', `/playbook/run/approve/${mine}`);
        expect(refused.status).toBe(403);
        expect(await refused.json()).toEqual({
          error: 'forbidden',
          message: 'you asked for this playbook run: another approver must approve it',
        });
        const admins = await newRun('admin');
        expect((await request('admin', 'POST', `/playbook/run/approve/${admins}`)).status).toBe(
          403,
        );
        // Another listed approver may: the editor for the team, on the admin's run.
        expect((await request('editor', 'POST', `/playbook/run/approve/${admins}`)).status).toBe(
          200,
        );
        const { rows } = await db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM playbook_approvals WHERE run_id = $1',
          [mine],
        );
        expect(rows[0]!.n).toBe(0);
      } finally {
        await db.query('DELETE FROM team_members WHERE team_id = $1', [teamId]);
      }
    });
  });

  describe('#17 the playbook routes authorize before they look anything up', () => {
    it('answers 403 to a caller who may not approve, whatever the id', async () => {
      const existing = await newRun();
      for (const role of ['guest', 'viewer', 'commander', 'responder'])
        for (const id of [existing, randomUUID(), 'not-a-uuid']) {
          const response = await request(role, 'POST', `/playbook/run/approve/${id}`);
          expect(response.status, `${role} ${id}`).toBe(403);
          expect(await response.json()).toEqual({
            error: 'forbidden',
            message: 'you are not allowed to approve this playbook run',
          });
        }
      // The other run routes: a guest is refused before any id is read.
      for (const [method, path] of [
        ['GET', `/playbook/run/${randomUUID()}`],
        ['GET', `/playbook/run/not-a-uuid/status`],
        ['POST', `/playbook/run/cancel/${randomUUID()}`],
        ['POST', `/playbook/run/cancel/not-a-uuid`],
      ] as const)
        expect((await request('guest', method, path)).status, path).toBe(403);
      // Someone who may approve learns about ids as before.
      expect((await request('admin', 'POST', `/playbook/run/approve/${randomUUID()}`)).status).toBe(
        404,
      );
    });
  });
});
