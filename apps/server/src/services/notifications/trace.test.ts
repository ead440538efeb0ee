// The trace page's view (migration 004) over /api/db on PGlite and PostgreSQL: a failing check's
// transition is one row holding each listening rule's decision (matched and due, filtered out,
// silenced) with the rule's and the silence's names; the view is read-only for every role.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { seedDemo } from '../../db/seed/demo.ts';
import type { Logger } from '../../http/logging.ts';
import { testDatabases } from '../../testing/databases.ts';
import { basic, startTestServer, type TestServer } from '../../testing/server.ts';
import { recordResult } from '../canary/runner.ts';
import { NotificationEngine } from './engine.ts';

type Row = Record<string, unknown>;

describe.each(testDatabases('one'))('notification_check_transitions on $engine', (target) => {
  let db: Database;
  let server: TestServer;
  const log: Logger = () => undefined;

  beforeAll(async () => {
    db = await target.open();
    await seedDemo(db, { checks: 20, now: new Date() });
    await db.query('UPDATE notifications SET deleted_at = now()');
    await db.query('UPDATE notification_silences SET deleted_at = now()');
    server = await startTestServer({ db });
  });
  afterAll(async () => {
    await server?.close();
    await target.release();
  });

  async function insert(table: string, row: Row): Promise<string> {
    const columns = Object.keys(row);
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO ${table} (${columns.map((c) => `"${c}"`).join(', ')})
       VALUES (${columns.map((_, n) => `$${n + 1}`).join(', ')}) RETURNING id`,
      columns.map((column) => {
        const value = row[column];
        return value !== null && typeof value === 'object' && !Array.isArray(value)
          ? JSON.stringify(value)
          : value;
      }),
    );
    return rows[0]!.id;
  }

  const get = async (path: string, who = 'viewer') => {
    const response = await fetch(`${server.url}${path}`, { headers: basic(`${who}@local`) });
    return { status: response.status, body: (await response.json()) as Row[] };
  };

  let clock = Date.now() - 60_000;
  const result = (checkId: string, pass: boolean) =>
    recordResult(db, checkId, {
      name: 'c',
      start: new Date((clock += 1000)).toISOString(),
      pass,
      invalid: false,
      duration: 12,
      message: pass ? 'ok' : '',
      error: pass ? '' : 'connection refused',
    });

  it("shows a failing check's transitions with every rule's decision and its reason", async () => {
    const canaryId = await insert('canaries', { name: `canary-${randomUUID()}` });
    const checkName = `trace-${randomUUID()}`;
    const checkId = await insert('checks', {
      canary_id: canaryId,
      type: 'http',
      name: checkName,
      status: 'healthy',
    });
    await db.query(
      `INSERT INTO notifications (name, events, custom_services, filter) VALUES
       ('trace-due', ARRAY['check.failed'], $1::jsonb, NULL),
       ('trace-filtered', ARRAY['check.failed'], $1::jsonb, 'check.type == ''tcp''')`,
      [JSON.stringify([{ url: 'http://127.0.0.1:9/hook' }])],
    );
    const engine = new NotificationEngine({ db, log });

    // The first failure: one rule due (a pending send), one filtered out.
    await result(checkId, false);
    await engine.takeEvents();
    // Passing again (no rule listens to check.passed), then failing under a silence of the check.
    await result(checkId, true);
    const silenceId = await insert('notification_silences', {
      name: 'trace-maintenance',
      check_id: checkId,
      from: new Date(Date.now() - 60_000).toISOString(),
      until: new Date(Date.now() + 3_600_000).toISOString(),
    });
    await result(checkId, false);
    await engine.takeEvents();

    const { status, body } = await get(
      `/api/db/notification_check_transitions?check_name=eq.${checkName}&order=created_at.desc`,
    );
    expect(status).toBe(200);
    // The passing transition no rule listens to is there too, with no decision.
    expect(body.map((row) => [row.source_event, row.status, row.check_id])).toEqual([
      ['check.failed', 'unhealthy', checkId],
      ['check.passed', 'healthy', checkId],
      ['check.failed', 'unhealthy', checkId],
    ]);
    expect(body[1]).toMatchObject({ decision_count: 0, matched_count: 0, decisions: [] });
    const [silenced, , first] = body.map((row) => row.decisions as Row[]);
    expect(first!.map((d) => [d.rule_name, d.status, d.reason])).toEqual([
      ['trace-due', 'pending', 'due'],
      ['trace-filtered', 'skipped', "filter is false: check.type == 'tcp'"],
    ]);
    expect(body[2]).toMatchObject({ decision_count: 2, matched_count: 1 });
    // The rule that did not match has no send-history row of its own: one record per event.
    const { rows: skippedRows } = await db.query(
      `SELECT 1 FROM notification_send_history WHERE resource_id = $1 AND status = 'skipped'`,
      [checkId],
    );
    expect(skippedRows).toEqual([]);
    expect(silenced!.map((d) => [d.rule_name, d.status, d.silenced_by, d.silence_name])).toEqual([
      ['trace-due', 'silenced', silenceId, 'trace-maintenance'],
      ['trace-filtered', 'skipped', null, null],
    ]);
    // The due decision links to its send: its id is a send-history row's.
    expect(new Set(body.flatMap((row) => (row.decisions as Row[]).map((d) => d.id))).size).toBe(4);
    const send = await get(`/api/db/notification_send_history?id=eq.${String(first![0]!.id)}`);
    expect(send.body).toMatchObject([{ status: 'pending', resource_id: checkId }]);
  });

  it('is read-only through /api/db, for an admin too', async () => {
    const response = await fetch(`${server.url}/api/db/notification_check_transitions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...basic('admin@local') },
      body: JSON.stringify({ check_name: 'x' }),
    });
    expect(response.status).toBe(403);
  });
});
