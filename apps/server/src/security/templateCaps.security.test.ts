// Issue 27 #12: a large template froze the event loop (/health waited 3.8 s), also from an
// unauthenticated webhook body. Templates now stop at a step cap and an output cap with an error
// naming it, and a webhook call is answered without rendering any: its parameter defaults are
// rendered by the runner when the run starts. Over real HTTP on PGlite and PostgreSQL: a webhook
// whose body feeds nested loops, both in a parameter default and in the run's script.
import { randomUUID } from 'node:crypto';
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  onTestFinished,
  vi,
  type MockInstance,
} from 'vitest';
import type { Database } from '../db/database.ts';
import { silentLogger } from '../http/logging.ts';
import { PlaybookRunner } from '../services/playbooks/runner.ts';
import {
  TEMPLATE_OUTPUT_CAP,
  TEMPLATE_STEP_CAP,
  TemplateBudget,
} from '../services/playbooks/template.ts';
import { testDatabases } from '../testing/databases.ts';
import { startTestServer, type TestServer } from '../testing/server.ts';

// Every template evaluation step the server takes is counted (a spy on the budget's prototype,
// which holds however the modules were loaded): a webhook's reply must come before any.
let spent: MockInstance<TemplateBudget['spend']>;
const templateSteps = () => spent.mock.calls.length;

// 300³ = 27 million iterations: tens of seconds of one event loop without a cap.
const CUBE =
  '{{range .request.json.items}}{{range $.request.json.items}}{{range $.request.json.items}}x{{end}}{{end}}{{end}}';

describe.each(testDatabases('one'))('template caps on $engine', (target) => {
  let db: Database;
  let server: TestServer;

  beforeAll(async () => {
    db = await target.open();
    server = await startTestServer({ db });
  });
  afterAll(async () => {
    await server?.close();
    await target.release();
  });
  beforeEach(() => {
    spent = vi.spyOn(TemplateBudget.prototype, 'spend');
    spent.mockClear();
  });
  afterEach(() => spent.mockRestore());

  async function webhookPlaybook(spec: Record<string, unknown>): Promise<string> {
    const path = `caps-${randomUUID()}`;
    await db.query(`INSERT INTO playbooks (name, spec, source) VALUES ($1, $2::jsonb, 'UI')`, [
      `caps-${randomUUID()}`,
      JSON.stringify({ ...spec, on: { webhook: { path } } }),
    ]);
    return path;
  }

  // /health polled every 20 ms while `work` runs: the slowest answer.
  async function slowestHealthDuring(work: Promise<unknown>): Promise<number> {
    let done = false;
    let slowest = 0;
    const polling = (async () => {
      while (!done) {
        const started = performance.now();
        expect((await fetch(`${server.url}/health`)).status).toBe(200);
        slowest = Math.max(slowest, performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    try {
      await work;
    } finally {
      done = true;
      await polling;
    }
    return slowest;
  }

  async function runActions(runId: string) {
    const runner = new PlaybookRunner({ db, log: silentLogger, execEnabled: true });
    for (let n = 0; n < 20; n += 1) {
      // A run that cannot start ends failed with the reason, and tick() rethrows it: asserted below.
      await runner.tick().catch(() => undefined);
      const { rows } = await db.query<{ status: string }>(
        'SELECT status FROM playbook_runs WHERE id = $1',
        [runId],
      );
      if (['completed', 'failed'].includes(rows[0]!.status)) break;
    }
    const { rows } = await db.query<{ name: string; status: string; error: string | null }>(
      'SELECT name, status, error FROM playbook_run_actions WHERE playbook_run_id = $1 ORDER BY name',
      [runId],
    );
    return rows;
  }

  async function storedRun(runId: string) {
    const { rows } = await db.query<{
      status: string;
      error: string | null;
      parameters: Record<string, string> | null;
    }>('SELECT status, error, parameters FROM playbook_runs WHERE id = $1', [runId]);
    return rows[0]!;
  }

  it('#12 /health answers at once while an anonymous webhook body feeds nested loops', async () => {
    const path = await webhookPlaybook({
      parameters: [{ name: 'expanded', type: 'text', default: CUBE }],
      actions: [{ name: 'loop', exec: { script: `echo ${CUBE}` } }],
    });
    const items = Array.from({ length: 300 }, (_, n) => n);
    let runId = '';
    const slowest = await slowestHealthDuring(
      (async () => {
        const response = await fetch(`${server.url}/api/playbook/webhook/${path}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ items }),
        });
        expect(response.status).toBe(200);
        runId = ((await response.json()) as { run_id: string }).run_id;
        await runActions(runId);
      })(),
    );
    // Uncapped, the cube is 27 million steps: tens of seconds with the event loop held. 3 s leaves
    // room for PGlite's own blocking queries on a loaded CI machine (1 s failed at a load of 14).
    expect(slowest).toBeLessThan(3000);
    // The parameter default reaches the cap as the run starts: the run fails with it, no action ran.
    expect(await runActions(runId)).toEqual([]);
    expect(await storedRun(runId)).toMatchObject({
      status: 'failed',
      error: `template stopped: it took more than ${TEMPLATE_STEP_CAP} evaluation steps (a loop over too much data?)`,
    });
  });

  it('#12 a script looping over an anonymous webhook body stops at the cap', async () => {
    const path = await webhookPlaybook({
      actions: [{ name: 'loop', exec: { script: `echo ${CUBE}` } }],
    });
    const response = await fetch(`${server.url}/api/playbook/webhook/${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ items: Array.from({ length: 300 }, (_, n) => n) }),
    });
    const { run_id } = (await response.json()) as { run_id: string };
    expect(await runActions(run_id)).toEqual([
      {
        name: 'loop',
        status: 'failed',
        error: `template stopped: it took more than ${TEMPLATE_STEP_CAP} evaluation steps (a loop over too much data?)`,
      },
    ]);
  });

  it('#12 output past the cap, even grown in a variable, is the action’s clear error', async () => {
    const path = await webhookPlaybook({
      actions: [
        // 2^30 characters if nothing stopped it.
        {
          name: 'doubling',
          exec: {
            script:
              '{{$x := .request.json.seed}}{{range .request.json.items}}{{$x = print $x $x}}{{end}}echo {{$x}}',
          },
        },
        {
          name: 'wide',
          if: 'always()',
          exec: { script: 'echo {{range .request.json.items}}{{$.request.content}}{{end}}' },
        },
      ],
    });
    const response = await fetch(`${server.url}/api/playbook/webhook/${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        seed: 'x',
        items: Array.from({ length: 30 }, (_, n) => n),
        padding: 'p'.repeat(64 * 1024),
      }),
    });
    const { run_id } = (await response.json()) as { run_id: string };
    const message = `template stopped: its output would be larger than ${TEMPLATE_OUTPUT_CAP} characters`;
    expect(await runActions(run_id)).toEqual([
      { name: 'doubling', status: 'failed', error: message },
      { name: 'wide', status: 'failed', error: message },
    ]);
  });

  it('#12 a webhook is answered before any template renders; the cap then fails the run', async () => {
    const path = await webhookPlaybook({
      parameters: [{ name: 'expanded', type: 'text', default: CUBE }],
      actions: [{ name: 'show', exec: { script: 'echo {{.params.expanded}}' } }],
    });
    const response = await fetch(`${server.url}/api/playbook/webhook/${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ items: Array.from({ length: 300 }, (_, n) => n) }),
    });
    expect(response.status).toBe(200);
    const { run_id } = (await response.json()) as { run_id: string };
    expect(templateSteps()).toBe(0);
    expect(await storedRun(run_id)).toEqual({
      status: 'scheduled',
      error: null,
      parameters: null,
    });
    // The runner renders the default when the run starts: the cap ends the run, no action ran.
    expect(await runActions(run_id)).toEqual([]);
    expect(templateSteps()).toBeGreaterThan(0);
    expect(await storedRun(run_id)).toMatchObject({
      status: 'failed',
      error: `template stopped: it took more than ${TEMPLATE_STEP_CAP} evaluation steps (a loop over too much data?)`,
    });
  });

  it('#12 a webhook run gets its rendered defaults, and its digest holds across a sleep', async () => {
    const path = await webhookPlaybook({
      parameters: [
        { name: 'who', type: 'text', default: '{{.request.json.name}}' },
        { name: 'token', type: 'secret', default: '{{.request.json.token}}' },
      ],
      actions: [
        { name: 'first', delay: '10ms', exec: { script: 'echo {{.params.who}}' } },
        { name: 'second', exec: { script: 'test "$PARAM_TOKEN" = s3cr3t-value && echo ok' } },
      ],
    });
    const response = await fetch(`${server.url}/api/playbook/webhook/${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'world', token: 's3cr3t-value' }),
    });
    const { run_id } = (await response.json()) as { run_id: string };
    expect(templateSteps()).toBe(0);
    const runner = new PlaybookRunner({ db, log: silentLogger, execEnabled: true });
    for (
      let n = 0;
      n < 50 && !['completed', 'failed'].includes((await storedRun(run_id)).status);
      n += 1
    ) {
      await runner.tick();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // Stored rendered, the secret masked (it is sealed apart), and the run was not refused.
    expect(await storedRun(run_id)).toEqual({
      status: 'completed',
      error: null,
      parameters: { who: 'world', token: '********' },
    });
    const { rows } = await db.query<{ name: string; stdout: string }>(
      `SELECT name, result->>'stdout' AS stdout FROM playbook_run_actions
       WHERE playbook_run_id = $1 ORDER BY name`,
      [run_id],
    );
    expect(rows).toEqual([
      { name: 'first', stdout: 'world\n' },
      { name: 'second', stdout: 'ok\n' },
    ]);
  });

  it('#12 a webhook’s filters are evaluated by the runner: one that says no fails the run', async () => {
    const path = await webhookPlaybook({
      filters: ['request.json.ok == true'],
      actions: [{ name: 'a', exec: { script: 'echo ran' } }],
    });
    const send = async (ok: boolean) => {
      const response = await fetch(`${server.url}/api/playbook/webhook/${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ok }),
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { run_id: string }).run_id;
    };
    const refused = await send(false);
    expect(await runActions(refused)).toEqual([]);
    expect(await storedRun(refused)).toMatchObject({
      status: 'failed',
      error: 'playbook filter "request.json.ok == true" gave false, not true',
    });
    const passed = await send(true);
    expect(await runActions(passed)).toMatchObject([{ name: 'a', status: 'completed' }]);
    expect(await storedRun(passed)).toMatchObject({ status: 'completed', parameters: {} });
  });

  it('#12 the parameter defaults of /params and /run share one render’s cap, however many', async () => {
    // Each default alone loops 100³ times over a list it makes itself, to the step cap.
    const list = `{{$l := split "," "${','.repeat(99)}"}}`;
    const looping = `${list}{{range $l}}{{range $l}}{{range $l}}x{{end}}{{end}}{{end}}`;
    const name = `caps-${randomUUID()}`;
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO playbooks (name, spec, source) VALUES ($1, $2::jsonb, 'UI') RETURNING id`,
      [
        name,
        JSON.stringify({
          parameters: Array.from({ length: 2000 }, (_, n) => ({ name: `p${n}`, default: looping })),
          actions: [{ name: 'a', exec: { script: 'true' } }],
        }),
      ],
    );
    const id = rows[0]!.id;
    // The built-in admin of a server without sign-in (this database has no demo people).
    const open = await startTestServer({ db, auth: 'disabled' });
    onTestFinished(() => open.close());
    // Steps spent by every render of one call: 2000 renders each to the cap were 100 million steps
    // (4-5 s of one event loop per call); one shared cap is one render's worth.
    const spend = vi.spyOn(TemplateBudget.prototype, 'spend');
    onTestFinished(() => spend.mockRestore());
    const stepsOf = async (path: string) => {
      spend.mockClear();
      const response = await fetch(`${open.url}/api/playbook${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ id }),
      });
      const steps = spend.mock.calls.reduce((sum, [n]) => sum + n, 0);
      return { status: response.status, steps };
    };
    // Past the cap each further default spends the one step that finds it spent.
    const bound = TEMPLATE_STEP_CAP + 2000;
    const params = await stepsOf(`/${id}/params`);
    expect(params.status).toBe(200);
    expect(params.steps).toBeLessThanOrEqual(bound);
    const run = await stepsOf('/run');
    expect(run.status).toBe(201);
    expect(run.steps).toBeLessThanOrEqual(bound);
  });
});
