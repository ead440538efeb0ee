// Issue 27 #12: a large template froze the event loop (/health waited 3.8 s), also from an
// unauthenticated webhook body. Templates now stop at a step cap and an output cap with an error
// naming it. Over real HTTP on PGlite and PostgreSQL: a webhook whose body feeds nested loops, both
// in a parameter default (rendered while the webhook call is answered) and in the run's script.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { silentLogger } from '../http/logging.ts';
import { PlaybookRunner } from '../services/playbooks/runner.ts';
import { TEMPLATE_OUTPUT_CAP, TEMPLATE_STEP_CAP } from '../services/playbooks/template.ts';
import { testDatabases } from '../testing/databases.ts';
import { startTestServer, type TestServer } from '../testing/server.ts';

// 300³ = 27 million iterations: tens of seconds of one event loop without a cap.
const CUBE =
  '{{range .request.json.items}}{{range $.request.json.items}}{{range $.request.json.items}}x{{end}}{{end}}{{end}}';

describe.each(testDatabases())('template caps on $engine', (target) => {
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
      await runner.tick();
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
    expect(slowest).toBeLessThan(1000);
    const [loop] = await runActions(runId);
    expect(loop).toMatchObject({
      status: 'failed',
      error: `template stopped: it took more than ${TEMPLATE_STEP_CAP} evaluation steps (a loop over too much data?)`,
    });
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
});
