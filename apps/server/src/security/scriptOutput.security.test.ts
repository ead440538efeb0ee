// Issue 27 #13: a NUL byte in a script's output left the action `running` forever and the output
// lost (PostgreSQL's text and jsonb refuse NUL). On PGlite and PostgreSQL, output with NUL bytes is
// kept (each NUL as U+FFFD), readable over /api/db, and the action ends with its real status.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../auth/user.ts';
import type { Database } from '../db/database.ts';
import { silentLogger } from '../http/logging.ts';
import { PlaybookRunner } from '../services/playbooks/runner.ts';
import { testDatabases } from '../testing/databases.ts';
import { startTestServer, type TestServer } from '../testing/server.ts';

const admin: AuthUser = { id: randomUUID(), name: 'Admin', roles: ['admin'], permissions: [] };

describe.each(testDatabases())('script output with NUL bytes on $engine', (target) => {
  let db: Database;
  let server: TestServer;

  beforeAll(async () => {
    db = await target.open();
    server = await startTestServer({
      db,
      resolvers: [async (request) => (request.headers.get('x-test-admin') ? admin : undefined)],
    });
  });
  afterAll(async () => {
    await server?.close();
    await target.release();
  });

  it('#13 keeps the output and ends each action with its real status', async () => {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO playbooks (name, spec, source) VALUES ($1, $2::jsonb, 'UI') RETURNING id`,
      [
        `nul-${randomUUID()}`,
        JSON.stringify({
          actions: [
            { name: 'a passes', exec: { script: "printf 'before\\0after'; printf 'e\\0' >&2" } },
            { name: 'b fails', exec: { script: "printf 'x\\0y'; exit 3" } },
          ],
        }),
      ],
    );
    const started = await fetch(`${server.url}/api/playbook/run`, {
      method: 'POST',
      headers: { 'x-test-admin': '1', 'Content-Type': 'application/json' },
      body: JSON.stringify({ id: rows[0]!.id }),
    });
    expect(started.status).toBe(201);
    const { run_id } = (await started.json()) as { run_id: string };
    const runner = new PlaybookRunner({ db, log: silentLogger, execEnabled: true });
    for (let n = 0; n < 20; n += 1) {
      await runner.tick();
      const { rows: run } = await db.query<{ status: string }>(
        'SELECT status FROM playbook_runs WHERE id = $1',
        [run_id],
      );
      if (run[0]!.status !== 'scheduled' && run[0]!.status !== 'running') break;
    }
    const response = await fetch(
      `${server.url}/api/db/playbook_run_actions?playbook_run_id=eq.${run_id}&select=name,status,error,result&order=name`,
      { headers: { 'x-test-admin': '1' } },
    );
    expect(response.status).toBe(200);
    const actions = (await response.json()) as {
      name: string;
      status: string;
      error: string | null;
      result: { stdout: string; stderr: string; exitCode: number };
    }[];
    expect(
      actions.map(({ name, status, error, result }) => [
        name,
        status,
        error,
        result.stdout,
        result.stderr,
      ]),
    ).toEqual([
      ['a passes', 'completed', null, 'before\uFFFDafter', 'e\uFFFD'],
      ['b fails', 'failed', 'exit status 3', 'x\uFFFDy', ''],
    ]);
    const run = await fetch(`${server.url}/api/db/playbook_runs?id=eq.${run_id}&select=status`, {
      headers: { 'x-test-admin': '1' },
    });
    expect(await run.json()).toEqual([{ status: 'failed' }]);
  });
});
