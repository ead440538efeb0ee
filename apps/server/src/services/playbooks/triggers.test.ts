// on.canary on PGlite and PostgreSQL: a check's status turning through the canary runner's own
// recordResult (what the scheduler and Run Now call) schedules one run per playbook whose trigger
// matches the event, the check's labels and the CEL filter; two runners draining the queue of one
// PostgreSQL still schedule each run once. on.component the same way on a component's health.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import type { Logger } from '../../http/logging.ts';
import { itOnOneEngine, testDatabases } from '../../testing/databases.ts';
import { recordResult } from '../canary/runner.ts';
import { PlaybookRunner } from './runner.ts';

describe.each(testDatabases())('playbook on.canary triggers on $engine', (target) => {
  // `it` runs on each engine: what they do differently. `test` runs on PGlite only: the rest.
  const test = itOnOneEngine(target);
  let db: Database;
  const logged: Record<string, unknown>[] = [];
  const log: Logger = (entry) => logged.push(entry);
  const runner = (instanceId?: string) =>
    new PlaybookRunner({ db, log, execEnabled: true, ...(instanceId ? { instanceId } : {}) });

  beforeAll(async () => {
    db = await target.open();
  });
  afterAll(async () => {
    // Later suites on this database must not inherit listeners.
    await db.query(`UPDATE playbooks SET deleted_at = now() WHERE spec->'on' IS NOT NULL`);
    await target.release();
  });

  async function check(labels: Record<string, string>, name = `check-${randomUUID()}`) {
    const { rows: canary } = await db.query<{ id: string }>(
      `INSERT INTO canaries (name, labels) VALUES ($1, '{"team":"payments"}') RETURNING id`,
      [`canary-${randomUUID()}`],
    );
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO checks (canary_id, type, name, labels, status)
       VALUES ($1, 'http', $2, $3::jsonb, 'healthy') RETURNING id`,
      [canary[0]!.id, name, JSON.stringify(labels)],
    );
    return rows[0]!.id;
  }

  async function playbook(canary: unknown[], extra: Record<string, unknown> = {}) {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO playbooks (name, spec, source) VALUES ($1, $2::jsonb, 'UI') RETURNING id`,
      [
        `canary-${randomUUID()}`,
        JSON.stringify({
          on: { canary },
          actions: [{ name: 'say', exec: { script: 'echo "{{.check.name}} {{.check.status}}"' } }],
          ...extra,
        }),
      ],
    );
    return rows[0]!.id;
  }

  // The canary runner's own write, as the scheduler makes it after running a check.
  const result = (checkId: string, pass: boolean, time = new Date()) =>
    recordResult(db, checkId, {
      name: 'c',
      start: time.toISOString(),
      pass,
      invalid: false,
      duration: 12,
      message: pass ? 'ok' : '',
      error: pass ? '' : 'connection refused',
    });

  async function runsOf(playbookId: string) {
    const { rows } = await db.query<{
      id: string;
      check_id: string;
      created_by: string | null;
      status: string;
    }>(
      'SELECT id, check_id, created_by, status FROM playbook_runs WHERE playbook_id = $1 ORDER BY created_at',
      [playbookId],
    );
    return rows;
  }

  test('schedules one run per matching playbook when a check fails, on that check', async () => {
    const checkId = await check({ alertname: 'KubePodCrashLooping', pod: 'api-0' });
    const onFailed = await playbook([
      { event: 'failed', labels: { alertname: 'KubePodCrashLooping' } },
    ]);
    const onPassed = await playbook([{ event: 'passed' }]);
    const otherLabels = await playbook([{ event: 'failed', labels: { alertname: 'Other' } }]);
    const filtered = await playbook([
      {
        event: 'failed',
        filter: "status.error == 'connection refused' && canary.labels.team == 'payments'",
      },
    ]);
    const filteredOut = await playbook([{ event: 'failed', filter: 'check.name == "nope"' }]);
    const brokenFilter = await playbook([{ event: 'failed', filter: 'explode()' }]);
    const otherChecks = await playbook([{ event: 'failed' }], { checks: [{ name: 'nope-*' }] });
    const configs = await playbook([{ event: 'failed' }], {
      configs: [{ types: ['Kubernetes::Pod'] }],
    });

    await result(checkId, false);
    const instance = runner();
    const scheduled = await instance.takeEvents();
    expect(scheduled).toHaveLength(2);
    const [run] = await runsOf(onFailed);
    expect(run).toMatchObject({ check_id: checkId, created_by: null, status: 'scheduled' });
    expect(await runsOf(filtered)).toHaveLength(1);
    for (const id of [onPassed, otherLabels, filteredOut, brokenFilter, otherChecks, configs])
      expect(await runsOf(id)).toEqual([]);
    // A filter that cannot be evaluated gives no run and says why in the log.
    expect(logged).toContainEqual(
      expect.objectContaining({
        msg: 'playbook on.canary filter failed: no run',
        error: expect.stringMatching(/explode/),
      }),
    );

    // The run sees the check it was scheduled for.
    for (let n = 0; n < 10 && (await runsOf(onFailed))[0]!.status !== 'completed'; n += 1)
      await instance.tick();
    const { rows } = await db.query<{ result: { stdout: string } }>(
      'SELECT result FROM playbook_run_actions WHERE playbook_run_id = $1',
      [run!.id],
    );
    expect(rows[0]!.result.stdout).toMatch(/^check-.* unhealthy\n$/);

    // Failing again is no turn: nothing new. Passing is one, for the on passed playbook only.
    await result(checkId, false, new Date(Date.now() + 1000));
    expect(await instance.takeEvents()).toEqual([]);
    await result(checkId, true, new Date(Date.now() + 2000));
    expect(await instance.takeEvents()).toHaveLength(1);
    expect(await runsOf(onPassed)).toHaveLength(1);
    expect(await runsOf(onFailed)).toHaveLength(1);
  });

  it('schedules each run once with two runners draining the queue of one database', async () => {
    // Only this test's listener: the earlier test's would match these checks too.
    await db.query(
      `UPDATE playbooks SET deleted_at = now() WHERE spec->'on'->'canary' IS NOT NULL`,
    );
    const checks = await Promise.all(
      Array.from({ length: 8 }, (_, n) => check({ group: 'fleet' }, `fleet-${n}-${randomUUID()}`)),
    );
    const listener = await playbook([{ event: 'failed', labels: { group: 'fleet' } }]);
    for (const checkId of checks) await result(checkId, false);
    const [first, second] = [runner('first'), runner('second')];
    const [a, b] = await Promise.all([first.takeEvents(), second.takeEvents()]);
    const runs = await runsOf(listener);
    expect(runs).toHaveLength(8);
    expect(new Set(runs.map((run) => run.check_id))).toEqual(new Set(checks));
    expect(a.length + b.length).toBe(8);
    const { rows } = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM opsdeck.playbook_events',
    );
    expect(rows[0]!.n).toBe(0);
  });

  test('schedules a run on a component when its health turns and an on.component entry matches', async () => {
    await db.query(`UPDATE playbooks SET deleted_at = now() WHERE spec->'on' IS NOT NULL`);
    const { rows: made } = await db.query<{ id: string }>(
      `INSERT INTO components (name, type, health, labels) VALUES ($1, 'database', 'healthy', $2::jsonb)
       RETURNING id`,
      [`db-${randomUUID()}`, JSON.stringify({ industry: 'e-commerce' })],
    );
    const componentId = made[0]!.id;
    const write = async (spec: Record<string, unknown>) =>
      (
        await db.query<{ id: string }>(
          `INSERT INTO playbooks (name, spec, source) VALUES ($1, $2::jsonb, 'UI') RETURNING id`,
          [`component-${randomUUID()}`, JSON.stringify(spec)],
        )
      ).rows[0]!.id;
    const action = [
      { name: 'say', exec: { script: 'echo "{{.component.name}} {{.component.health}}"' } },
    ];
    // notify-database-component-fail.yaml's trigger.
    const listening = await write({
      on: {
        component: [
          {
            event: 'unhealthy',
            filter: "component.type == 'database'",
            labels: { industry: 'e-commerce' },
          },
        ],
      },
      actions: action,
    });
    const warningOnly = await write({ on: { component: [{ event: 'warning' }] }, actions: action });
    const checksOnly = await write({ on: { canary: [{ event: 'failed' }] }, actions: action });
    await db.query(`UPDATE components SET health = 'unhealthy' WHERE id = $1`, [componentId]);
    // A change that is not a health turn queues nothing.
    await db.query(`UPDATE components SET description = 'x' WHERE id = $1`, [componentId]);
    const instance = runner();
    expect(await instance.takeEvents()).toHaveLength(1);
    const { rows } = await db.query<{
      playbook_id: string;
      component_id: string;
      created_by: string | null;
    }>(
      `SELECT playbook_id, component_id, created_by FROM playbook_runs
       WHERE playbook_id = ANY($1::uuid[])`,
      [[listening, warningOnly, checksOnly]],
    );
    expect(rows).toEqual([{ playbook_id: listening, component_id: componentId, created_by: null }]);
  });

  test('queues nothing while no live playbook listens to checks', async () => {
    await db.query(
      `UPDATE playbooks SET deleted_at = now() WHERE spec->'on'->'canary' IS NOT NULL`,
    );
    const checkId = await check({});
    await result(checkId, false);
    const { rows } = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM opsdeck.playbook_events',
    );
    expect(rows[0]!.n).toBe(0);
  });
});
