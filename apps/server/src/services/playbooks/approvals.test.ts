// Approvals follow the playbook's approval spec (issue 29, "Responder and approver"): only a listed
// person, or a member of a listed team, approves; with nobody listed, whoever the role matrix lets
// approve does; the requester never does. Over HTTP, on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { testDatabases } from '../../testing/databases.ts';
import { basic, startTestServer, type TestServer } from '../../testing/server.ts';

const NOT_ALLOWED = {
  status: 403,
  body: { error: 'forbidden', message: 'you are not allowed to approve this playbook run' },
};
const OWN_RUN = {
  status: 403,
  body: {
    error: 'forbidden',
    message: 'you asked for this playbook run: another approver must approve it',
  },
};
const APPROVED = { status: 200, body: { message: 'playbook run approved' } };

describe.each(testDatabases('one'))('playbook approvals by the spec on $engine', (target) => {
  let db: Database;
  let server: TestServer;
  const people: Record<string, string> = {};

  beforeAll(async () => {
    db = await target.openSeeded({ checks: 5 });
    server = await startTestServer({ db });
    const { rows } = await db.query<{ id: string; email: string }>(
      "SELECT id, email FROM people WHERE email LIKE '%@local'",
    );
    for (const row of rows) people[row.email.replace('@local', '')] = row.id;
  });
  afterAll(async () => {
    await server?.close();
    await target.release();
  });

  const approve = async (runId: string, who: string) => {
    const response = await fetch(`${server.url}/api/playbook/run/approve/${runId}`, {
      method: 'POST',
      headers: basic(`${who}@local`),
    });
    return { status: response.status, body: (await response.json()) as unknown };
  };
  const status = async (runId: string) =>
    (await db.query<{ status: string }>('SELECT status FROM playbook_runs WHERE id = $1', [runId]))
      .rows[0]!.status;

  // A playbook with this approval spec, and a run of it by `requester` (through the run route).
  async function runOf(name: string, approval: unknown, requester: string) {
    await db.query(
      `INSERT INTO playbooks (name, namespace, spec, source) VALUES ($1, 'default', $2::jsonb, 'UI')`,
      [name, JSON.stringify({ approval, actions: [{ name: 'a', exec: { script: 'echo ok' } }] })],
    );
    const { rows } = await db.query<{ id: string }>('SELECT id FROM playbooks WHERE name = $1', [
      name,
    ]);
    const response = await fetch(`${server.url}/api/playbook/run`, {
      method: 'POST',
      headers: { ...basic(`${requester}@local`), 'content-type': 'application/json' },
      body: JSON.stringify({ id: rows[0]!.id, params: {} }),
    });
    expect(response.status).toBe(201);
    return String(((await response.json()) as { run_id: string }).run_id);
  }

  it('takes a listed person; refuses one who may approve but is not listed', async () => {
    const runId = await runOf(
      'approve-listed-person-29',
      { type: 'any', approvers: { people: ['admin@local'] } },
      'editor',
    );
    expect(await status(runId)).toBe('pending_approval');
    // The commander and the viewer hold no playbook:approve; nobody lists the editor's teams.
    for (const who of ['commander', 'viewer', 'responder'])
      expect(await approve(runId, who)).toEqual(NOT_ALLOWED);
    expect(await status(runId)).toBe('pending_approval');
    expect(await approve(runId, 'admin')).toEqual(APPROVED);
    expect(await status(runId)).toBe('scheduled');
  });

  it('takes a member of a listed team, for the team; refuses a non-member who may approve', async () => {
    // editor@local is a member of the demo's payments team, admin@local is not.
    const runId = await runOf(
      'approve-listed-team-29',
      { type: 'any', approvers: { teams: ['payments'] } },
      'admin',
    );
    expect(await approve(runId, 'admin')).toEqual(NOT_ALLOWED);
    expect(await approve(runId, 'editor')).toEqual(APPROVED);
    const { rows } = await db.query(
      `SELECT a.person_id, t.name AS team FROM playbook_approvals a JOIN teams t ON t.id = a.team_id
       WHERE a.run_id = $1`,
      [runId],
    );
    expect(rows).toEqual([{ person_id: people.editor, team: 'payments' }]);
    expect(await status(runId)).toBe('scheduled');
  });

  it('refuses the requester even when listed, and waits for the other listed approver', async () => {
    const runId = await runOf(
      'approve-own-run-29',
      { type: 'any', approvers: { people: ['admin@local', 'editor@local'] } },
      'admin',
    );
    expect(await approve(runId, 'admin')).toEqual(OWN_RUN);
    expect(await status(runId)).toBe('pending_approval');
    expect(await approve(runId, 'editor')).toEqual(APPROVED);
  });

  it('with nobody listed, lets whoever the role matrix lets approve, but never the requester', async () => {
    // The run routes schedule such a run at once (as Mission Control does); one waiting for
    // approval with nobody listed was made around them, and still needs another's approval.
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO playbook_runs (playbook_id, status, spec, parameters, created_by, scheduled_time)
       SELECT id, 'pending_approval', spec, '{}'::jsonb, $2, now() FROM playbooks WHERE name = $1
       RETURNING id`,
      ['approve-listed-person-29', people.editor],
    );
    const runId = rows[0]!.id;
    await db.query(
      `UPDATE playbook_runs SET spec = '{"approval": {"type": "any"}, "actions": [{"name": "a", "exec": {"script": "echo ok"}}]}'::jsonb
       WHERE id = $1`,
      [runId],
    );
    expect(await approve(runId, 'viewer')).toEqual(NOT_ALLOWED);
    expect(await approve(runId, 'editor')).toEqual(OWN_RUN);
    expect(await status(runId)).toBe('pending_approval');
    expect(await approve(runId, 'admin')).toEqual(APPROVED);
    expect(await status(runId)).toBe('scheduled');
  });
});
