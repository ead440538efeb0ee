// The runner against real databases (PGlite, and the test PostgreSQL when there is one): real bash
// in a temp directory, a real HTTP receiver on 127.0.0.1, SQL against the test PostgreSQL, two
// runner instances sharing one database, a restart in the middle of a run, cancel and timeouts.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../../auth/user.ts';
import type { Database } from '../../db/database.ts';
import { silentLogger } from '../../http/logging.ts';
import { JobScheduler } from '../../jobs/scheduler.ts';
import { itOnOneEngine, testDatabases, testDatabaseUrl } from '../../testing/databases.ts';
import { createEventBus } from '../events.ts';
import { OUTPUT_CAP_BYTES } from './actions.ts';
import { SANDBOX_WORK_DIR } from './sandbox.ts';
import { INTERRUPTED, PlaybookRunner } from './runner.ts';
import { cancelRun, createRun, recordRunDigests } from './runs.ts';
import { playbooksService } from './service.ts';

interface ActionRow {
  name: string;
  status: string;
  result: Record<string, unknown>;
  error: string | null;
}

describe.each(testDatabases())('the playbook runner on $engine', (target) => {
  // `it` runs on each engine: what they do differently. `test` runs on PGlite only: the rest.
  const test = itOnOneEngine(target);
  let db: Database;
  let user: AuthUser;
  let receiver: Server;
  let receiverUrl: string;
  const received: { method: string; url: string; authorization: string; body: string }[] = [];
  // Scripts run sandboxed (no shared files): what they must leave behind, they count here over HTTP.
  const tallies = new Map<string, number>();
  // A bash snippet that counts `key` on the receiver and prints the count (bash's /dev/tcp: no curl needed).
  const tally = (key: string) =>
    `{ exec 3<>/dev/tcp/127.0.0.1/${new URL(receiverUrl).port}; printf 'GET /tally/${key} HTTP/1.0\\r\\n\\r\\n' >&3; tail -n 1 <&3; }`;

  beforeAll(async () => {
    db = await target.open();
    const personId = randomUUID();
    await db.query(`INSERT INTO people (id, name, email) VALUES ($1, 'Runner Tester', $2)`, [
      personId,
      `runner-${personId}@local`,
    ]);
    user = {
      id: personId,
      name: 'Runner Tester',
      email: `runner-${personId}@local`,
      roles: ['admin'],
      permissions: [],
    };
    receiver = createServer((request: IncomingMessage, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const counted = /^\/tally\/(.+)$/.exec(request.url ?? '');
        if (counted) {
          const times = (tallies.get(counted[1]!) ?? 0) + 1;
          tallies.set(counted[1]!, times);
          response.end(String(times));
          return;
        }
        received.push({
          method: request.method ?? '',
          url: request.url ?? '',
          authorization: request.headers.authorization ?? '',
          body,
        });
        const status = request.url === '/missing' ? 404 : 200;
        response.writeHead(status, { 'content-type': 'application/json', 'x-probe': 'yes' });
        response.end(JSON.stringify({ ok: status === 200, path: request.url }));
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const address = receiver.address() as { port: number };
    receiverUrl = `http://127.0.0.1:${address.port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => receiver?.close(resolve));
    await target.release();
  });

  const runner = (options: Partial<ConstructorParameters<typeof PlaybookRunner>[0]> = {}) =>
    new PlaybookRunner({
      db,
      log: silentLogger,
      execEnabled: true,
      leaseMillis: 30_000,
      // The receiver and the test PostgreSQL are on 127.0.0.1.
      outbound: { allowPrivate: true, allowLinkLocal: false },
      ...options,
    });

  async function playbook(spec: Record<string, unknown>): Promise<string> {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO playbooks (name, spec, source) VALUES ($1, $2::jsonb, 'UI') RETURNING id`,
      [`test-${randomUUID()}`, JSON.stringify(spec)],
    );
    return rows[0]!.id;
  }

  async function run(spec: Record<string, unknown>, params: Record<string, unknown> = {}) {
    const id = await playbook(spec);
    return (await createRun(db, { id, params }, user)).run_id;
  }

  async function status(runId: string) {
    const { rows } = await db.query<{ status: string; error: string | null }>(
      'SELECT status, error FROM playbook_runs WHERE id = $1',
      [runId],
    );
    return rows[0]!;
  }

  async function actions(runId: string): Promise<ActionRow[]> {
    const { rows } = await db.query<ActionRow>(
      `SELECT name, status, result, error FROM playbook_run_actions WHERE playbook_run_id = $1
       ORDER BY start_time NULLS LAST, name`,
      [runId],
    );
    return rows;
  }

  // Claims until this run is done (other suites' runs may be due on the shared database too).
  async function drive(instance: PlaybookRunner, runId: string) {
    for (let n = 0; n < 50; n += 1) {
      await instance.tick();
      const { status: now } = await status(runId);
      if (
        ['completed', 'failed', 'cancelled', 'timed_out', 'sleeping', 'pending_approval'].includes(
          now,
        )
      )
        return now;
    }
    throw new Error(`run ${runId} did not finish`);
  }

  test('never executes a run meant for a remote agent, while it executes this server’s own', async () => {
    const agentId = randomUUID();
    await db.query(`INSERT INTO agents (id, name) VALUES ($1, $2)`, [agentId, `remote-${agentId}`]);
    const spec = { actions: [{ name: 'say', exec: { script: 'echo hi' } }] };
    const remote = await run(spec);
    await db.query('UPDATE playbook_runs SET agent_id = $2 WHERE id = $1', [remote, agentId]);
    const local = await run(spec);
    // The remote run is due first; the runner gets to the local one all the same.
    expect(await drive(runner(), local)).toBe('completed');
    expect((await status(remote)).status).toBe('scheduled');
    expect(await actions(remote)).toEqual([]);
  });

  test('runs exec in a fresh temp directory with the params in its environment and templates', async () => {
    const runId = await run(
      {
        parameters: [{ name: 'greeting', default: 'hello' }],
        env: [{ name: 'STAGE', value: 'test-{{.params.greeting}}' }],
        actions: [
          {
            name: 'where',
            exec: {
              script:
                'pwd; ls -A | wc -l; echo "$PARAM_GREETING $STAGE {{.params.greeting}} {{.run.id}} {{.user.email}}"; echo oops >&2',
            },
          },
          { name: 'after', exec: { script: 'echo {{(getAction "where").result.exitCode}}' } },
        ],
      },
      { greeting: 'hi there' },
    );
    const outcome = await drive(runner(), runId);
    const [where, after] = await actions(runId);
    expect([outcome, where!.error, after?.error]).toEqual(['completed', null, null]);
    const lines = String(where!.result.stdout).trim().split('\n');
    // Its own directory in the sandbox's private /tmp, gone with the sandbox.
    expect(lines[0]).toBe(SANDBOX_WORK_DIR);
    expect(existsSync(lines[0]!)).toBe(false);
    expect(lines[1]).toBe('0'); // empty when the script starts
    expect(lines[2]).toBe(`hi there test-hi there hi there ${runId} ${user.email}`);
    expect(where!.result).toMatchObject({ stderr: 'oops\n', exitCode: 0, path: 'bash' });
    expect(after!.result.stdout).toBe('0\n');
    // The server's own environment (DATABASE_URL, passwords…) does not reach scripts.
    const probe = await run({
      actions: [{ name: 'env', exec: { script: 'env | cut -d= -f1 | sort' } }],
    });
    await drive(runner(), probe);
    const names = String((await actions(probe))[0]!.result.stdout)
      .trim()
      .split('\n');
    expect(
      names.every((name) =>
        ['HOME', 'TMPDIR', 'PATH', 'LANG', 'LC_ALL', 'TZ', 'PWD', 'SHLVL', '_', 'OLDPWD'].includes(
          name,
        ),
      ),
    ).toBe(true);
  });

  test('fails on a non-zero exit code, skips success() actions after it and runs failure() and always()', async () => {
    const runId = await run({
      actions: [
        { name: 'breaks', exec: { script: 'echo partial; exit 3' } },
        { name: 'skipped by default', exec: { script: 'echo no' } },
        { name: 'on failure', if: 'failure()', exec: { script: 'echo cleaning up' } },
        { name: 'always', if: 'always()', exec: { script: 'echo done' } },
      ],
    });
    expect(await drive(runner(), runId)).toBe('failed');
    const rows = await actions(runId);
    const by = Object.fromEntries(rows.map((row) => [row.name, row]));
    expect(by.breaks).toMatchObject({ status: 'failed', error: 'exit status 3' });
    expect(by.breaks!.result).toMatchObject({ stdout: 'partial\n', exitCode: 3 });
    expect(by['skipped by default']!.status).toBe('skipped');
    expect(by['on failure']).toMatchObject({ status: 'completed' });
    expect(by.always).toMatchObject({ status: 'completed' });
    expect((await status(runId)).error).toBe('action "breaks": exit status 3');
  });

  test('kills a script at its timeout and caps what it prints', async () => {
    const started = Date.now();
    const runId = await run({
      actions: [
        { name: 'slow', timeout: '1s', exec: { script: 'echo started; sleep 20 & wait' } },
        {
          name: 'loud',
          if: 'always()',
          exec: { script: `head -c ${OUTPUT_CAP_BYTES + 5000} /dev/zero | tr '\\0' a` },
        },
      ],
    });
    expect(await drive(runner(), runId)).toBe('failed');
    expect(Date.now() - started).toBeLessThan(10_000);
    const [slow, loud] = await actions(runId);
    expect(slow).toMatchObject({ status: 'failed', error: 'timed out after 1s' });
    expect(slow!.result.stdout).toBe('started\n');
    expect(loud!.status).toBe('completed');
    const stdout = String(loud!.result.stdout);
    expect(stdout.startsWith('a'.repeat(OUTPUT_CAP_BYTES))).toBe(true);
    expect(stdout).toContain('[output truncated: 5000 more bytes not kept]');
  });

  test('names an unknown function in a template or a condition as the action error', async () => {
    const runId = await run({
      actions: [
        { name: 'template', exec: { script: 'echo {{ explode .params }}' } },
        { name: 'condition', if: 'explode()', exec: { script: 'echo no' } },
      ],
    });
    expect(await drive(runner(), runId)).toBe('failed');
    const [template, condition] = await actions(runId);
    expect(template).toMatchObject({ status: 'failed', error: 'function "explode" not defined' });
    expect(condition!.status).toBe('failed');
    expect(condition!.error).toMatch(/unknown function explode\(\)/);
  });

  test('refuses exec clearly with --no-playbook-exec, and fails kinds it cannot perform', async () => {
    const runId = await run({
      actions: [
        { name: 'shell', exec: { script: 'touch should-not-exist' } },
        { name: 'pod', if: 'always()', pod: { name: 'x', spec: {} } },
        { name: 'gitops', if: 'always()', gitops: { repo: { url: 'x' } } },
      ],
    });
    expect(await drive(runner({ execEnabled: false }), runId)).toBe('failed');
    const rows = await actions(runId);
    expect(rows.map((row) => [row.name, row.status, row.error])).toEqual([
      [
        'shell',
        'failed',
        'exec actions are turned off on this server (started with --no-playbook-exec)',
      ],
      ['pod', 'failed', 'pod actions are not supported by the embedded server'],
      ['gitops', 'failed', 'gitops actions are not supported by the embedded server'],
    ]);
  });

  test('makes a real HTTP request with a connection’s credentials', async () => {
    const name = `receiver-${randomUUID().slice(0, 8)}`;
    await db.query(
      `INSERT INTO connections (name, namespace, type, url, username, password)
       VALUES ($1, 'default', 'http', $2, 'robot', 's3cret')`,
      [name, receiverUrl],
    );
    const runId = await run(
      {
        parameters: [{ name: 'who', default: 'ops' }],
        actions: [
          {
            name: 'post',
            http: {
              connection: `connection://default/${name}`,
              url: `${receiverUrl}/hook/{{.params.who}}`,
              method: 'POST',
              body: '{"who":"{{.params.who}}"}',
              headers: [{ name: 'X-Run', value: '{{.run.id}}' }],
            },
          },
          { name: 'missing', http: { url: `${receiverUrl}/missing` } },
        ],
      },
      { who: 'alice' },
    );
    expect(await drive(runner(), runId)).toBe('failed');
    const [post, missing] = await actions(runId);
    expect(post!.status).toBe('completed');
    expect(post!.result).toMatchObject({ code: 200, headers: { 'x-probe': 'yes' } });
    expect(JSON.parse(String(post!.result.content))).toEqual({ ok: true, path: '/hook/alice' });
    const hit = received.find((request) => request.url === '/hook/alice')!;
    expect(hit).toMatchObject({ method: 'POST', body: '{"who":"alice"}' });
    expect(hit.authorization).toBe(`Basic ${Buffer.from('robot:s3cret').toString('base64')}`);
    expect(missing).toMatchObject({ status: 'failed' });
    expect(missing!.result.code).toBe(404);
    expect(missing!.error).toMatch(/answered 404/);
  });

  it.runIf(Boolean(testDatabaseUrl()))(
    'runs SQL against a postgres connection and returns its rows',
    async () => {
      const name = `pg-${randomUUID().slice(0, 8)}`;
      await db.query(
        `INSERT INTO connections (name, namespace, type, url) VALUES ($1, 'default', 'postgres', $2)`,
        [name, testDatabaseUrl()],
      );
      const runId = await run({
        actions: [
          {
            name: 'report',
            sql: {
              connection: `connection://postgres/${name}`,
              query: "SELECT 1 AS one, 'two' AS two UNION ALL SELECT 3, 'four'",
            },
          },
          {
            name: 'bad',
            if: 'always()',
            sql: { connection: `connection://postgres/${name}`, query: 'SELECT nope' },
          },
          {
            name: 'count',
            if: 'getAction("report").result.count == 2',
            exec: { script: 'echo {{(getAction "report").result.count}} rows' },
          },
        ],
      });
      await drive(runner(), runId);
      const [report, bad, count] = await actions(runId);
      expect(report!.status).toBe('completed');
      expect(report!.result).toMatchObject({
        count: 2,
        columns: ['one', 'two'],
        rows: [
          { one: 1, two: 'two' },
          { one: 3, two: 'four' },
        ],
      });
      expect(bad).toMatchObject({ status: 'failed' });
      expect(bad!.error).toMatch(/column "nope" does not exist/);
      // An explicit condition replaces the default success(): it runs after the failed action.
      expect(count).toMatchObject({
        status: 'completed',
        result: expect.objectContaining({ stdout: '2 rows\n' }),
      });
    },
  );

  // Claims until the run is final, waiting between claims: a retry is due only after its backoff.
  async function settle(instance: PlaybookRunner, runId: string, seen: Set<string>) {
    for (let n = 0; n < 200; n += 1) {
      await instance.tick();
      const { status: now } = await status(runId);
      seen.add(now);
      if (['completed', 'failed', 'cancelled', 'timed_out'].includes(now)) return now;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`run ${runId} did not finish`);
  }

  it('retries a failed action after its backoff until it passes, or fails it after the limit', async () => {
    const counter = `attempts-${randomUUID()}`;
    const runId = await run({
      actions: [
        {
          name: 'flaky',
          retry: { limit: 3, duration: '150ms', jitter: 10, exponent: { multiplier: 2 } },
          // Fails on the first two attempts, passes on the third.
          exec: {
            script: `n=$(${tally(counter)}); echo "attempt $n"; [ $n -ge 3 ]`,
          },
        },
        { name: 'after', exec: { script: 'echo after' } },
      ],
    });
    const instance = runner();
    await instance.tick();
    // The first attempt failed: the run waits to retry, the action is due again after ~150 ms.
    const { rows: waiting } = await db.query<{
      status: string;
      retry_count: number;
      error: string;
      wait: number;
      run_status: string;
      run_wait: number;
    }>(
      `SELECT a.status, a.retry_count, a.error,
              extract(epoch FROM a.scheduled_time - a.end_time) * 1000 AS wait,
              r.status AS run_status, extract(epoch FROM r.scheduled_time - a.end_time) * 1000 AS run_wait
       FROM playbook_run_actions a JOIN playbook_runs r ON r.id = a.playbook_run_id
       WHERE a.playbook_run_id = $1`,
      [runId],
    );
    expect(waiting[0]).toMatchObject({
      status: 'scheduled',
      retry_count: 1,
      error: 'exit status 1',
      run_status: 'retrying',
    });
    expect(waiting[0]!.wait).toBeGreaterThanOrEqual(130);
    expect(waiting[0]!.wait).toBeLessThanOrEqual(170);
    // The run is due when its action is (set a moment later, by a second statement).
    expect(waiting[0]!.run_wait).toBeGreaterThanOrEqual(waiting[0]!.wait);
    expect(waiting[0]!.run_wait).toBeLessThan(waiting[0]!.wait + 1000);

    const seen = new Set<string>();
    expect(await settle(instance, runId, seen)).toBe('completed');
    expect(seen.has('retrying')).toBe(true);
    const { rows } = await db.query<{
      name: string;
      status: string;
      retry_count: number;
      error: string | null;
      result: { stdout: string };
    }>(
      `SELECT name, status, retry_count, error, result FROM playbook_run_actions
       WHERE playbook_run_id = $1 ORDER BY name`,
      [runId],
    );
    expect(rows.map((row) => [row.name, row.status, row.retry_count, row.error])).toEqual([
      ['after', 'completed', 0, null],
      ['flaky', 'completed', 2, null],
    ]);
    expect(rows[1]!.result.stdout).toBe('attempt 3\n');
    expect(tallies.get(counter)).toBe(3);

    // Always failing, limit 2: three attempts, then failed; a kind it cannot perform is not retried.
    const always = `attempts-${randomUUID()}`;
    const failing = await run({
      actions: [
        {
          name: 'broken',
          retry: { limit: 2, duration: '50ms' },
          exec: { script: `${tally(always)}; exit 4` },
        },
        {
          name: 'pod',
          if: 'always()',
          retry: { limit: 5, duration: '50ms' },
          pod: { name: 'x', spec: {} },
        },
      ],
    });
    expect(await settle(instance, failing, new Set())).toBe('failed');
    expect(tallies.get(always)).toBe(3);
    const { rows: failed } = await db.query<{ name: string; status: string; retry_count: number }>(
      `SELECT name, status, retry_count FROM playbook_run_actions WHERE playbook_run_id = $1
       ORDER BY name`,
      [failing],
    );
    expect(failed).toEqual([
      { name: 'broken', status: 'failed', retry_count: 2 },
      { name: 'pod', status: 'failed', retry_count: 0 },
    ]);
    expect((await status(failing)).error).toBe('action "broken": exit status 4');
  });

  it('sleeps a delayed action in the database and resumes it when due', async () => {
    const runId = await run({
      parameters: [{ name: 'delay', default: '1s' }],
      actions: [
        { name: 'first', exec: { script: 'echo one' } },
        { name: 'later', delay: 'params.delay', exec: { script: 'echo two' } },
      ],
    });
    const instance = runner();
    expect(await drive(instance, runId)).toBe('sleeping');
    expect((await actions(runId)).map((row) => [row.name, row.status])).toEqual([
      ['first', 'completed'],
      ['later', 'sleeping'],
    ]);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(await drive(instance, runId)).toBe('completed');
    expect((await actions(runId)).find((row) => row.name === 'later')!.result.stdout).toBe('two\n');
  });

  test('stops a running script when the run is cancelled, and keeps the run cancelled', async () => {
    const runId = await run({
      actions: [
        { name: 'long', exec: { script: 'sleep 30' } },
        { name: 'next', exec: { script: 'echo never' } },
      ],
    });
    const instance = runner({ leaseMillis: 600 });
    const started = Date.now();
    const work = drive(instance, runId);
    for (let n = 0; n < 100 && (await actions(runId)).length === 0; n += 1)
      await new Promise((resolve) => setTimeout(resolve, 50));
    await cancelRun(db, runId);
    await expect(cancelRun(db, runId)).rejects.toThrow(/already cancelled/);
    expect(await work).toBe('cancelled');
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await actions(runId)).toEqual([
      expect.objectContaining({ name: 'long', status: 'failed', error: 'run cancelled' }),
    ]);
  });

  test('times a run out after its spec timeout', async () => {
    const runId = await run({
      timeout: '1s',
      actions: [{ name: 'long', exec: { script: 'sleep 30' } }],
    });
    expect(await drive(runner({ leaseMillis: 600 }), runId)).toBe('timed_out');
    expect((await actions(runId))[0]).toMatchObject({
      status: 'failed',
      error: 'playbook run timed out',
    });
  });

  it('after a restart, fails the action that was in progress and carries the run to its end', async () => {
    const runId = await run({
      actions: [
        { name: 'done before', exec: { script: 'echo ok' } },
        { name: 'in progress', exec: { script: 'echo must not run again' } },
        { name: 'next', exec: { script: 'echo skipped' } },
        { name: 'cleanup', if: 'always()', exec: { script: 'echo cleanup' } },
      ],
    });
    // What a server that died mid-run leaves: its lease, the first action done, the second running.
    await db.query(
      `UPDATE playbook_runs SET status = 'running', start_time = now(), lease_owner = 'dead-instance',
         lease_expires_at = now() + interval '1 hour' WHERE id = $1`,
      [runId],
    );
    await db.query(
      `INSERT INTO playbook_run_actions (playbook_run_id, name, status, start_time, end_time, result)
       VALUES ($1, 'done before', 'completed', now(), now(), '{"stdout":"ok\\n"}'),
              ($1, 'in progress', 'running', now(), NULL, NULL)`,
      [runId],
    );
    const fresh = runner();
    await fresh.tick();
    // The lease is not out yet: another instance may still be running it.
    expect(await status(runId)).toMatchObject({ status: 'running' });
    await db.query(
      `UPDATE playbook_runs SET lease_expires_at = now() - interval '1 second' WHERE id = $1`,
      [runId],
    );
    expect(await drive(fresh, runId)).toBe('failed');
    const by = Object.fromEntries((await actions(runId)).map((row) => [row.name, row]));
    expect(by['done before']!.status).toBe('completed');
    expect(by['in progress']).toMatchObject({ status: 'failed', error: INTERRUPTED });
    expect(by.next!.status).toBe('skipped');
    expect(by.cleanup).toMatchObject({ status: 'completed' });
    const { rows } = await db.query(
      `SELECT count(*)::int AS n FROM playbook_run_actions WHERE status = 'running' AND playbook_run_id = $1`,
      [runId],
    );
    expect(rows[0]).toEqual({ n: 0 });
  });

  it('never runs an action twice with two runner instances on one database', async () => {
    const log = `ledger-${randomUUID()}`;
    const spec = {
      actions: ['one', 'two', 'three'].map((name) => ({
        name,
        exec: { script: `${tally(`${log}/{{.run.id}}/${name}`)} >/dev/null; sleep 0.05` },
      })),
    };
    const id = await playbook(spec);
    const runIds: string[] = [];
    for (let n = 0; n < 12; n += 1) runIds.push((await createRun(db, { id }, user)).run_id);
    const first = runner({ instanceId: 'first', pollMillis: 20, concurrency: 3 });
    const second = runner({ instanceId: 'second', pollMillis: 20, concurrency: 3 });
    const jobs = [first.start(), second.start()];
    try {
      for (let n = 0; n < 400; n += 1) {
        const { rows } = await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM playbook_runs WHERE id = ANY($1::uuid[]) AND status = 'completed'`,
          [runIds],
        );
        if (rows[0]!.n === runIds.length) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      for (const job of jobs) await job.stop();
    }
    const performed = [...tallies].filter(([key]) => key.startsWith(`${log}/`));
    expect(performed).toHaveLength(36);
    expect(performed.every(([, times]) => times === 1)).toBe(true);
    const { rows } = await db.query<{ status: string; n: number }>(
      `SELECT r.status, count(a.id)::int AS n FROM playbook_runs r JOIN playbook_run_actions a ON a.playbook_run_id = r.id
       WHERE r.id = ANY($1::uuid[]) GROUP BY r.id, r.status`,
      [runIds],
    );
    expect(rows).toHaveLength(12);
    expect(rows.every((row) => row.status === 'completed' && row.n === 3)).toBe(true);
  });
  test('sends a notification through a webhook connection and records it on the action', async () => {
    const name = `hook-${randomUUID().slice(0, 8)}`;
    await db.query(
      `INSERT INTO connections (name, namespace, type, url) VALUES ($1, 'default', 'slack', $2)`,
      [name, `${receiverUrl}/slack`],
    );
    const runId = await run({
      actions: [
        {
          name: 'notify',
          notification: {
            connection: `connection://slack/${name}`,
            title: 'Run {{.run.id}}',
            message: 'all good',
          },
        },
        {
          name: 'unsupported service',
          if: 'always()',
          notification: { connection: 'connection://telegram/nowhere', title: 't', message: 'm' },
        },
      ],
    });
    expect(await drive(runner(), runId)).toBe('failed');
    const [notify, unsupported] = await actions(runId);
    expect(notify).toMatchObject({
      status: 'completed',
      result: { title: `Run ${runId}`, message: 'all good' },
    });
    const hit = received.find(
      (request) => request.url === '/slack' && request.body.includes(runId),
    )!;
    expect(JSON.parse(hit.body)).toEqual({ text: `*Run ${runId}*\nall good` });
    expect(unsupported).toMatchObject({
      status: 'failed',
      error: 'connection connection://telegram/nowhere not found',
    });
  });

  test('keeps secret parameters out of the run row but gives them to the script', async () => {
    const runId = await run(
      {
        parameters: [{ name: 'token', type: 'secret' }],
        actions: [
          { name: 'echo', exec: { script: 'echo "token={{.params.token}}"' } },
          {
            name: 'use',
            exec: { script: 'echo "${#PARAM_TOKEN} {{.params.token}}" | md5sum | cut -c1-8' },
          },
        ],
      },
      { token: 'hunter2' },
    );
    expect(await drive(runner(), runId)).toBe('completed');
    const { rows } = await db.query<{ parameters: unknown; request: unknown }>(
      'SELECT parameters, request FROM playbook_runs WHERE id = $1',
      [runId],
    );
    expect(rows[0]!.parameters).toEqual({ token: '********' });
    expect(JSON.stringify(rows[0]!.request)).not.toContain('hunter2');
    const { createHash } = await import('node:crypto');
    const expected = createHash('md5').update('7 hunter2\n').digest('hex').slice(0, 8);
    const [echo, use] = await actions(runId);
    expect(use!.result.stdout).toBe(`${expected}\n`);
    expect(echo!.result.stdout).toBe('token=********\n');
    expect(JSON.stringify(echo!.result)).not.toContain('hunter2');
  });

  it('is started by the module’s job, which honours --no-playbook-exec, and stops with it', async () => {
    const context = {
      db,
      log: silentLogger,
      config: { playbookExec: false },
      events: createEventBus(silentLogger),
      version: 'test',
    };
    const state = playbooksService.setup!(context);
    const job = new JobScheduler(playbooksService.scheduledJobs!(context, state), {
      db,
      log: silentLogger,
    });
    job.start();
    try {
      const runId = await run({ actions: [{ name: 'shell', exec: { script: 'echo hi' } }] });
      let now = 'scheduled';
      for (let n = 0; n < 100 && now !== 'failed'; n += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        now = (await status(runId)).status;
      }
      expect(now).toBe('failed');
      expect((await actions(runId))[0]!.error).toMatch(/--no-playbook-exec/);
    } finally {
      await job.stop();
    }
  });
  test('fails a run whose stored spec is not a playbook spec, once, with the reason', async () => {
    const id = await playbook({ actions: [{ name: 'a', exec: { script: 'true' } }] });
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO playbook_runs (playbook_id, status, spec) VALUES ($1, 'scheduled', '{"actions": "oops"}')
       RETURNING id`,
      [id],
    );
    const runId = rows[0]!.id;
    // As if the routes had made it: the spec itself is what fails here, not its record.
    await recordRunDigests(db, [runId]);
    const instance = runner();
    const errors: string[] = [];
    for (let n = 0; n < 20 && (await status(runId)).status !== 'failed'; n += 1)
      await instance.tick().catch((error: Error) => errors.push(error.message));
    expect(errors).toEqual([expect.stringMatching(/playbook validation failed/)]);
    expect(await status(runId)).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/^playbook validation failed: spec\.actions/),
    });
  });
});
