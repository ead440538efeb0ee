// The notification engine on PGlite and PostgreSQL: a check's status turning through the canary
// runner's own recordResult (what the scheduler and Run Now call) and incidents written to their
// table are decided against the rules (events, CEL filter, recipients, repeat interval,
// inhibitions) and the silences of each kind, every outcome a send-history row with its reason; due
// sends go as a real POST to a loopback receiver and as mail to a loopback SMTP server; pending sends
// left by a stopped server are sent by the next; two engines never send one row twice.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { seedDemo } from '../../db/seed/demo.ts';
import { createApp } from '../../http/app.ts';
import type { Logger } from '../../http/logging.ts';
import { itOnOneEngine, testDatabases } from '../../testing/databases.ts';
import { recordResult } from '../canary/runner.ts';
import { NotificationEngine } from './engine.ts';

type Row = Record<string, unknown>;
const LOOPBACK = { allowPrivate: true, allowLinkLocal: false };

interface Received {
  headers: IncomingMessage['headers'];
  body: Row;
}

describe.each(testDatabases())('notification engine on $engine', (target) => {
  // `it` runs on each engine: what they do differently. `test` runs on PGlite only: the rest.
  const test = itOnOneEngine(target);
  let db: Database;
  let receiver: Server;
  let receiverUrl: string;
  const received: Received[] = [];
  let flaky = 0; // POSTs to /flaky: the first is answered 503
  let smtp: SMTPServer;
  let smtpPort: number;
  const mails: { to: string[]; data: string }[] = [];
  const log: Logger = () => undefined;
  const engine = () => new NotificationEngine({ db, log, outbound: LOOPBACK });

  beforeAll(async () => {
    db = await target.open();
    await seedDemo(db, { checks: 20, now: new Date() });
    // The demo's own rules and silences stay out of these decisions.
    await db.query('UPDATE notifications SET deleted_at = now()');
    await db.query('UPDATE notification_silences SET deleted_at = now()');
    receiver = createServer((request, response) => {
      let text = '';
      request.on('data', (chunk: Buffer) => (text += chunk.toString()));
      request.on('end', () => {
        received.push({ headers: request.headers, body: JSON.parse(text || '{}') as Row });
        const status =
          request.url === '/fail'
            ? 500
            : request.url === '/missing'
              ? 404
              : request.url === '/flaky' && flaky++ === 0
                ? 503
                : 200;
        response.writeHead(status).end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          mails.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), data });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    smtpPort = (smtp.server.address() as AddressInfo).port;
  });
  // Each test decides against its own rules only.
  beforeEach(async () => {
    await db.query('UPDATE notifications SET deleted_at = now() WHERE deleted_at IS NULL');
  });
  afterAll(async () => {
    await db.query('UPDATE notifications SET deleted_at = now()');
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
    await new Promise<void>((resolve) => smtp.close(resolve));
    await target.release();
  });

  async function canary(): Promise<string> {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO canaries (name) VALUES ($1) RETURNING id`,
      [`canary-${randomUUID()}`],
    );
    return rows[0]!.id;
  }

  async function check(
    labels: Row = {},
    options: { canaryId?: string; type?: string } = {},
  ): Promise<string> {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO checks (canary_id, type, name, labels, status)
       VALUES ($1, $2, $3, $4::jsonb, 'healthy') RETURNING id`,
      [
        options.canaryId ?? (await canary()),
        options.type ?? 'http',
        `check-${randomUUID()}`,
        JSON.stringify(labels),
      ],
    );
    return rows[0]!.id;
  }

  async function rule(fields: Row): Promise<string> {
    const row: Row = {
      name: `rule-${randomUUID()}`,
      events: ['check.failed'],
      custom_services: [{ url: `${receiverUrl}/hook` }],
      ...fields,
    };
    const columns = Object.keys(row);
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO notifications (${columns.join(', ')}) VALUES (${columns
        .map((column, n) =>
          ['custom_services', 'inhibitions'].includes(column) ? `$${n + 1}::jsonb` : `$${n + 1}`,
        )
        .join(', ')}) RETURNING id`,
      columns.map((column) =>
        ['custom_services', 'inhibitions'].includes(column)
          ? JSON.stringify(row[column])
          : row[column],
      ),
    );
    return rows[0]!.id;
  }

  let clock = Date.now();
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

  async function history(ruleId: string) {
    const { rows } = await db.query<{
      id: string;
      status: string;
      reason: string | null;
      error: string | null;
      resource_id: string;
      silenced_by: string | null;
      body: string | null;
      source_event: string;
    }>(
      `SELECT id, status, reason, error, resource_id, silenced_by, body, source_event
       FROM notification_send_history WHERE notification_id = $1 ORDER BY created_at, id`,
      [ruleId],
    );
    return rows;
  }

  test('matches rules by event and CEL filter, renders the title and POSTs it to a webhook', async () => {
    const checkId = await check({ team: 'payments' });
    const matching = await rule({
      filter: "check.labels.team == 'payments' && status.error == 'connection refused'",
      title: 'Check {{.check.name}} is {{.check.status}}',
      template: 'error: {{.status.error}}',
    });
    const filteredOut = await rule({ filter: "check.labels.team == 'search'" });
    const otherEvent = await rule({ events: ['check.passed'] });

    await result(checkId, false);
    expect(await engine().takeEvents()).toBeGreaterThan(0);
    expect(await history(matching)).toMatchObject([
      { status: 'pending', resource_id: checkId, source_event: 'check.failed' },
    ]);
    // A rule whose filter does not match writes no send-history row: the event's one record
    // lists it with the reason (a hundred such rules are one row, not a hundred).
    expect(await history(filteredOut)).toEqual([]);
    const { rows: records } = await db.query<{ rule_count: number; unmatched: unknown }>(
      `SELECT rule_count, unmatched FROM opsdeck.notification_decided_events
       WHERE resource_id = $1 AND event = 'check.failed'`,
      [checkId],
    );
    expect(records).toEqual([
      {
        rule_count: 2,
        unmatched: [
          { rule_id: filteredOut, reason: "filter is false: check.labels.team == 'search'" },
        ],
      },
    ]);
    expect(await history(otherEvent)).toEqual([]);

    const before = received.length;
    expect(await engine().sendDue()).toMatchObject({ sent: 1 });
    const { rows: names } = await db.query<{ name: string }>(
      'SELECT name FROM checks WHERE id = $1',
      [checkId],
    );
    expect(received.slice(before)).toEqual([
      expect.objectContaining({
        body: {
          title: `Check ${names[0]!.name} is unhealthy`,
          message: 'error: connection refused',
        },
      }),
    ]);
    expect(await history(matching)).toMatchObject([{ status: 'sent', error: null }]);

    // Passing again: only the check.passed rule hears it.
    await result(checkId, true);
    await engine().takeEvents();
    expect(await history(otherEvent)).toMatchObject([
      { status: 'pending', source_event: 'check.passed' },
    ]);
    await engine().sendDue();
  });

  test('records a failing webhook, a kind it cannot send and a broken filter as errors with the reason', async () => {
    const checkId = await check();
    const failing = await rule({ custom_services: [{ url: `${receiverUrl}/fail` }] });
    const slack = await rule({
      custom_services: [{ connection: 'connection://default/slack-alerts' }],
    });
    const broken = await rule({ filter: 'explode()' });
    const missing = await rule({ custom_services: [{ url: `${receiverUrl}/missing` }] });
    await result(checkId, false);
    await engine().takeEvents();
    await engine().sendDue();
    // A 500 may pass: tried again later, up to three times in all; a 404 will not.
    expect(await history(failing)).toMatchObject([
      {
        status: 'pending',
        error: null,
        reason: `send failed (attempt 1 of 3): ${receiverUrl}/fail answered 500; tried again in 30 s`,
      },
    ]);
    expect(await history(missing)).toMatchObject([
      { status: 'error', error: `${receiverUrl}/missing answered 404` },
    ]);
    for (const attempt of [2, 3]) {
      // Not before its time; then due (its not_before moved back, as time would).
      expect(await engine().sendDue()).toMatchObject({ sent: 0, failed: 0, retrying: 0 });
      await db.query(
        `UPDATE notification_send_history SET not_before = now() - interval '1 second'
         WHERE notification_id = $1`,
        [failing],
      );
      await engine().sendDue();
      if (attempt === 2)
        expect((await history(failing))[0]!.reason).toBe(
          `send failed (attempt 2 of 3): ${receiverUrl}/fail answered 500; tried again in 120 s`,
        );
    }
    expect(await history(failing)).toMatchObject([
      {
        status: 'error',
        error: `${receiverUrl}/fail answered 500`,
        reason: `send failed (attempt 3 of 3): ${receiverUrl}/fail answered 500`,
      },
    ]);
    expect(await history(slack)).toMatchObject([
      { status: 'error', error: 'slack notifications are not supported by the embedded server' },
    ]);
    expect((await history(broken))[0]).toMatchObject({
      status: 'error',
      reason: expect.stringMatching(/^filter failed: .*explode/),
    });
  });

  it('tries a send that failed with a 503 again, in the next engine (a restart), and it is sent', async () => {
    const checkId = await check();
    const flakyRule = await rule({ custom_services: [{ url: `${receiverUrl}/flaky` }] });
    await result(checkId, false);
    await engine().takeEvents();
    expect(await engine().sendDue()).toMatchObject({ sent: 0, failed: 0, retrying: 1 });
    expect(await history(flakyRule)).toMatchObject([{ status: 'pending', error: null }]);
    await db.query(
      `UPDATE notification_send_history SET not_before = now() - interval '1 second'
       WHERE notification_id = $1`,
      [flakyRule],
    );
    expect(await engine().sendDue()).toMatchObject({ sent: 1, retrying: 0 });
    const { rows } = await db.query<{ status: string; retries: number; error: string | null }>(
      'SELECT status, retries, error FROM notification_send_history WHERE notification_id = $1',
      [flakyRule],
    );
    expect(rows).toEqual([{ status: 'sent', retries: 2, error: null }]);
    expect(flaky).toBe(2);
  });

  test('applies silences of each kind: resource ids, recursive, CEL filter, selectors, from and until', async () => {
    const ruleId = await rule({});
    const now = Date.now();
    const iso = (offsetMinutes: number) => new Date(now + offsetMinutes * 60_000).toISOString();
    const { rows: parent } = await db.query<{ id: string }>(
      `INSERT INTO components (name, type) VALUES ('parent', 'Application') RETURNING id`,
    );
    const { rows: child } = await db.query<{ id: string }>(
      `INSERT INTO components (name, type, parent_id) VALUES ('child', 'Service', $1) RETURNING id`,
      [parent[0]!.id],
    );

    async function silencedBy(
      silence: Row,
      labels: Row = {},
      prepare?: (checkId: string, canaryId: string) => Promise<void>,
    ) {
      const canaryId = await canary();
      const checkId = await check(labels, { canaryId });
      await prepare?.(checkId, canaryId);
      const fields: Row = { namespace: 'default', source: 'UI', ...silence };
      for (const key of ['check_id', 'canary_id'])
        if (fields[key] === 'self') fields[key] = key === 'check_id' ? checkId : canaryId;
      const columns = Object.keys(fields);
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO notification_silences (${columns.map((c) => `"${c}"`).join(', ')})
         VALUES (${columns.map((c, n) => (c === 'selectors' ? `$${n + 1}::jsonb` : `$${n + 1}`)).join(', ')})
         RETURNING id`,
        columns.map((c) => (c === 'selectors' ? JSON.stringify(fields[c]) : fields[c])),
      );
      await result(checkId, false);
      await engine().takeEvents();
      await db.query('UPDATE notification_silences SET deleted_at = now() WHERE id = $1', [
        rows[0]!.id,
      ]);
      const [row] = (await history(ruleId)).filter((entry) => entry.resource_id === checkId);
      return { silenceId: rows[0]!.id, row: row! };
    }
    const link = (componentId: string) => async (checkId: string) => {
      await db.query(
        'INSERT INTO check_component_relationships (check_id, component_id, canary_id) SELECT $1, $2, canary_id FROM checks WHERE id = $1',
        [checkId, componentId],
      );
    };

    const cases: [
      string,
      Row,
      Row,
      ((checkId: string, canaryId: string) => Promise<void>)?,
      boolean?,
    ][] = [
      ['check id', { check_id: 'self' }, {}],
      ['canary id', { canary_id: 'self' }, {}],
      [
        'recursive component',
        { component_id: parent[0]!.id, recursive: true },
        {},
        link(child[0]!.id),
      ],
      ['CEL filter', { filter: "check.labels.env == 'staging'" }, { env: 'staging' }],
      ['selectors', { selectors: [{ labelSelector: 'env=test' }] }, { env: 'test' }],
      ['indefinite (until null)', { check_id: 'self', from: iso(-60), until: null }, {}],
      ['within from..until', { check_id: 'self', from: iso(-60), until: iso(60) }, {}],
    ];
    for (const [name, silence, labels, prepare] of cases) {
      const { silenceId, row } = await silencedBy(silence, labels, prepare);
      expect(row, name).toMatchObject({ status: 'silenced', silenced_by: silenceId });
    }
    const notSilenced: [
      string,
      Row,
      Row,
      ((checkId: string, canaryId: string) => Promise<void>)?,
    ][] = [
      ['expired', { check_id: 'self', from: iso(-120), until: iso(-60) }, {}],
      ['not yet begun', { check_id: 'self', from: iso(60), until: iso(120) }, {}],
      ['component, not recursive', { component_id: parent[0]!.id }, {}, link(child[0]!.id)],
      ['filter false', { filter: "check.labels.env == 'staging'" }, { env: 'prod' }],
      ['selectors not matching', { selectors: [{ labelSelector: 'env=test' }] }, { env: 'prod' }],
    ];
    for (const [name, silence, labels, prepare] of notSilenced) {
      const { row } = await silencedBy(silence, labels, prepare);
      expect(row, name).toMatchObject({ status: 'pending', silenced_by: null });
    }
    await engine().sendDue();
  });

  test('holds a send for waitFor + waitForEvalPeriod, then sends it only if the check still fails', async () => {
    const stays = await check();
    const recovers = await check();
    const waiting = await rule({ wait_for: '5m', wait_for_eval_period: '30s' });
    await result(stays, false);
    await result(recovers, false);
    await engine().takeEvents();
    const { rows: held } = await db.query<{ status: string; reason: string; wait: number }>(
      `SELECT status, reason, extract(epoch FROM not_before - created_at)::int AS wait
       FROM notification_send_history WHERE notification_id = $1 ORDER BY resource_id`,
      [waiting],
    );
    expect(held).toHaveLength(2);
    for (const row of held)
      expect(row).toEqual({
        status: 'evaluating-waitfor',
        reason:
          'waiting 5m + 30s (waitFor + waitForEvalPeriod) to see the check is still unhealthy',
        wait: 330,
      });
    // Not due yet: nothing is sent or decided.
    expect(await engine().evaluateWaiting()).toBe(0);
    expect(await engine().sendDue()).toMatchObject({ sent: 0 });

    // One check passes again meanwhile; then the wait is over.
    await result(recovers, true);
    await db.query(
      `UPDATE notification_send_history SET not_before = now() - interval '1 second'
       WHERE notification_id = $1`,
      [waiting],
    );
    expect(await engine().evaluateWaiting()).toBe(2);
    const byResource = async (id: string) =>
      (await history(waiting)).filter((row) => row.resource_id === id);
    expect(await byResource(stays)).toMatchObject([
      { status: 'pending', reason: 'due (still so after waitFor)' },
    ]);
    expect(await byResource(recovers)).toMatchObject([
      { status: 'skipped', reason: 'not sent: the check is healthy again after waitFor' },
    ]);
    const before = received.length;
    expect(await engine().sendDue()).toMatchObject({ sent: 1 });
    expect(received.length - before).toBe(1);
  });

  test('keeps to the repeat interval per resource and event', async () => {
    const ruleId = await rule({ repeat_interval: '1h' });
    const checkId = await check();
    const other = await check();
    await result(checkId, false);
    await engine().takeEvents();
    await engine().sendDue();
    await result(checkId, true);
    await result(checkId, false);
    await result(other, false);
    await engine().takeEvents();
    const rows = await history(ruleId);
    expect(rows.filter((row) => row.resource_id === checkId)).toMatchObject([
      { status: 'sent' },
      { status: 'repeat-interval', reason: expect.stringMatching(/within the repeat interval 1h/) },
    ]);
    expect(rows.filter((row) => row.resource_id === other)).toMatchObject([{ status: 'pending' }]);
    await engine().sendDue();
  });

  test('inhibits a check when a related check of the `from` type was just notified by the rule', async () => {
    const ruleId = await rule({
      inhibitions: [{ direction: 'all', from: 'tcp', to: ['http'], depth: 1 }],
    });
    const canaryId = await canary();
    const tcp = await check({}, { canaryId, type: 'tcp' });
    const http = await check({}, { canaryId, type: 'http' });
    const unrelated = await check({}, { type: 'http' });
    await result(tcp, false);
    await engine().takeEvents();
    await result(http, false);
    await result(unrelated, false);
    await engine().takeEvents();
    const rows = await history(ruleId);
    expect(rows.find((row) => row.resource_id === tcp)).toMatchObject({ status: 'pending' });
    expect(rows.find((row) => row.resource_id === http)).toMatchObject({
      status: 'inhibited',
      reason: expect.stringMatching(/^inhibited by tcp check /),
    });
    expect(rows.find((row) => row.resource_id === unrelated)).toMatchObject({ status: 'pending' });
    await engine().sendDue();
  });

  test('mails incidents over SMTP to the connection host, to a person and to an address', async () => {
    await db.query(
      `INSERT INTO connections (name, namespace, type, url, properties, source)
       VALUES ('aaa-loopback-smtp', 'default', 'email', $1, $2::jsonb, 'UI')`,
      [
        `smtp://127.0.0.1:${smtpPort}`,
        JSON.stringify({ from: 'opsdeck@example.com', encryptionMethod: 'None' }),
      ],
    );
    const { rows: people } = await db.query<{ id: string; email: string }>(
      `INSERT INTO people (name, email) VALUES ('Mail Reader', $1) RETURNING id, email`,
      [`reader-${randomUUID()}@example.com`],
    );
    const toPerson = await rule({
      events: ['incident.created'],
      title: 'New incident {{.incident.title}}',
      template: 'severity {{.incident.severity}}',
      custom_services: null,
      person_id: people[0]!.id,
    });
    const toAddress = await rule({
      events: ['incident.created'],
      custom_services: [
        { connection: 'connection://default/aaa-loopback-smtp', email: 'oncall@example.com' },
      ],
    });
    const title = `Disk full ${randomUUID()}`;
    await db.query(
      `INSERT INTO incidents (title, severity, type) VALUES ($1, 'High', 'availability')`,
      [title],
    );
    await engine().takeEvents();
    const before = mails.length;
    expect(await engine().sendDue()).toMatchObject({ sent: 2, failed: 0 });
    const sent = mails.slice(before);
    const personMail = sent.find((mail) => mail.to.includes(people[0]!.email));
    expect(personMail?.data).toContain(`Subject: New incident ${title}`);
    expect(personMail?.data).toContain('severity High');
    expect(sent.some((mail) => mail.to.includes('oncall@example.com'))).toBe(true);
    expect(await history(toPerson)).toMatchObject([{ status: 'sent' }]);
    expect(await history(toAddress)).toMatchObject([{ status: 'sent' }]);
  });

  it('never sends one pending row twice when two engines send at once', async () => {
    const ruleId = await rule({});
    const checks = await Promise.all([1, 2, 3, 4, 5].map(() => check()));
    for (const id of checks) await result(id, false);
    await Promise.all([engine().takeEvents(), engine().takeEvents()]);
    expect(await history(ruleId)).toHaveLength(5);
    const before = received.length;
    const [a, b] = await Promise.all([engine().sendDue(), engine().sendDue()]);
    expect(a.sent + b.sent).toBe(5);
    expect(received.length - before).toBe(5);
  });

  it('sends the pending sends a stopped server left, once the next one starts its jobs', async () => {
    const ruleId = await rule({ title: 'left behind' });
    const checkId = await check();
    await result(checkId, false);
    // The first server decided the event and stopped before sending.
    await engine().takeEvents();
    expect(await history(ruleId)).toMatchObject([{ status: 'pending' }]);
    const app = createApp({ db, outbound: LOOPBACK, log });
    const jobs = app.startJobs();
    try {
      for (let n = 0; n < 100 && (await history(ruleId))[0]!.status === 'pending'; n += 1)
        await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await jobs.stop();
    }
    expect(await history(ruleId)).toMatchObject([{ status: 'sent' }]);
    expect(received.some((entry) => entry.body.title === 'left behind')).toBe(true);
  });
});
