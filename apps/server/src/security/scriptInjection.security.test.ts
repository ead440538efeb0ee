// Issue 27 #3: templates pasted values into `bash -c` as they were, so shell injection worked
// through a parameter, an anonymous webhook body and a user's own e-mail (`x$(whoami)@local`). Over
// real HTTP on PGlite and PostgreSQL, each of those carries `$(…)`, backticks, `;`, quotes and
// newlines into scripts that place it every way a script can; the script must print it as text.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../auth/user.ts';
import type { Database } from '../db/database.ts';
import { silentLogger } from '../http/logging.ts';
import { PlaybookRunner } from '../services/playbooks/runner.ts';
import { testDatabases } from '../testing/databases.ts';
import { startTestServer, type TestServer } from '../testing/server.ts';

// Each would print PWNED (or break the script) if it reached bash as code.
const PAYLOADS = [
  '$(echo PWNED)',
  '`echo PWNED`',
  'a; echo PWNED',
  `"; echo PWNED; echo "`,
  `'; echo PWNED; echo '`,
  'one\necho PWNED',
  'x$(echo PWNED)@local',
];

// The same value placed plainly, inside double quotes, inside single quotes and in a here-document.
const SCRIPT = (value: string) =>
  [
    `printf '%s\\n' ${value}`,
    `printf '%s\\n' "${value}"`,
    `printf '%s\\n' '${value}'`,
    `cat <<EOF\n${value}\nEOF`,
  ].join('\n');

describe.each(testDatabases('one'))('values reaching exec scripts on $engine', (target) => {
  let db: Database;
  let server: TestServer;
  // Lower case: people.email is stored folded.
  const email = `x$(echo pwned)\`echo pwned\`@local`;
  let user: AuthUser;

  beforeAll(async () => {
    db = await target.open();
    const id = randomUUID();
    await db.query(`INSERT INTO people (id, name, email) VALUES ($1, 'Injector', $2)`, [id, email]);
    user = { id, name: 'Injector', email, roles: ['admin'], permissions: [] };
    server = await startTestServer({
      db,
      resolvers: [async (request) => (request.headers.get('x-test-user') ? user : undefined)],
    });
  });
  afterAll(async () => {
    await server?.close();
    await target.release();
  });

  async function playbook(spec: Record<string, unknown>): Promise<string> {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO playbooks (name, spec, source) VALUES ($1, $2::jsonb, 'UI') RETURNING id`,
      [`inject-${randomUUID()}`, JSON.stringify(spec)],
    );
    return rows[0]!.id;
  }

  async function finish(runId: string): Promise<string[]> {
    const runner = new PlaybookRunner({ db, log: silentLogger, execEnabled: true });
    for (let n = 0; n < 50; n += 1) {
      await runner.tick();
      const { rows } = await db.query<{ status: string }>(
        'SELECT status FROM playbook_runs WHERE id = $1',
        [runId],
      );
      if (['completed', 'failed'].includes(rows[0]!.status)) break;
    }
    const { rows } = await db.query<{ status: string; result: { stdout: string; stderr: string } }>(
      'SELECT status, result FROM playbook_run_actions WHERE playbook_run_id = $1 ORDER BY name',
      [runId],
    );
    for (const row of rows) expect(row.result.stderr).toBe('');
    expect(rows.every((row) => row.status === 'completed')).toBe(true);
    return rows.map((row) => row.result.stdout);
  }

  // What SCRIPT prints for a value given as it is.
  const expected = (value: string) => `${value}\n`.repeat(4);

  it('#3 a parameter with $(…), backticks, ;, quotes and newlines stays text in the script', async () => {
    const id = await playbook({
      parameters: [{ name: 'value', type: 'text' }],
      actions: [{ name: 'print', exec: { script: SCRIPT('{{.params.value}}') } }],
    });
    for (const value of PAYLOADS) {
      const response = await fetch(`${server.url}/api/playbook/run`, {
        method: 'POST',
        headers: { 'x-test-user': '1', 'Content-Type': 'application/json' },
        body: JSON.stringify({ id, params: { value } }),
      });
      expect(response.status).toBe(201);
      const { run_id } = (await response.json()) as { run_id: string };
      expect(await finish(run_id)).toEqual([expected(value)]);
    }
  });

  it('#3 an anonymous webhook body stays text in the script', async () => {
    const path = `inject-${randomUUID()}`;
    await playbook({
      on: { webhook: { path } },
      actions: [{ name: 'print', exec: { script: SCRIPT('{{.request.json.message}}') } }],
    });
    for (const message of PAYLOADS) {
      const response = await fetch(`${server.url}/api/playbook/webhook/${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ message }),
      });
      expect(response.status).toBe(200);
      const { run_id } = (await response.json()) as { run_id: string };
      expect(await finish(run_id)).toEqual([expected(message)]);
    }
  });

  it('#3 the requesting user’s own e-mail stays text in the script', async () => {
    const id = await playbook({
      actions: [{ name: 'print', exec: { script: SCRIPT('{{.user.email}}') } }],
    });
    const response = await fetch(`${server.url}/api/playbook/run`, {
      method: 'POST',
      headers: { 'x-test-user': '1', 'Content-Type': 'application/json' },
      body: JSON.stringify({ id }),
    });
    expect(response.status).toBe(201);
    const { run_id } = (await response.json()) as { run_id: string };
    expect(await finish(run_id)).toEqual([expected(email)]);
  });

  it('#3 spec env and exec.env templates give the script values, not code', async () => {
    const id = await playbook({
      parameters: [{ name: 'value', type: 'text' }],
      env: [{ name: 'FROM_SPEC', value: '{{.params.value}}' }],
      actions: [
        {
          name: 'print',
          exec: {
            env: [{ name: 'FROM_ACTION', value: '{{.params.value}}' }],
            script: 'printf "%s\\n" "$FROM_SPEC" "$FROM_ACTION" "$PARAM_VALUE"',
          },
        },
      ],
    });
    for (const value of PAYLOADS) {
      const response = await fetch(`${server.url}/api/playbook/run`, {
        method: 'POST',
        headers: { 'x-test-user': '1', 'Content-Type': 'application/json' },
        body: JSON.stringify({ id, params: { value } }),
      });
      const { run_id } = (await response.json()) as { run_id: string };
      expect(await finish(run_id)).toEqual([`${value}\n`.repeat(3)]);
    }
  });
});
