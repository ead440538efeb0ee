// /api/notification on PGlite and PostgreSQL, over HTTP as each demo role: the role matrix
// (notifications read for the preview and the summary, write for a silence), bad input as 400s
// with a message, and the preview of a silence equal to what the engine then silences.
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAuthorizer } from '@opsdeck/rbac';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { seedDemo } from '../../db/seed/demo.ts';
import { testDatabases } from '../../testing/databases.ts';
import { basic, startTestServer, type TestServer } from '../../testing/server.ts';
import { recordResult } from '../canary/runner.ts';
import { NotificationEngine } from './engine.ts';

type Row = Record<string, unknown>;
const ROLES = ['admin', 'editor', 'viewer', 'commander', 'responder', 'guest'] as const;
type Role = (typeof ROLES)[number];

describe.each(testDatabases('one'))('/api/notification on $engine', (target) => {
  let db: Database;
  let server: TestServer;
  let receiver: Server;
  let receiverUrl: string;

  beforeAll(async () => {
    db = await target.open();
    await seedDemo(db, { checks: 20, now: new Date() });
    await db.query('UPDATE notifications SET deleted_at = now()');
    await db.query('UPDATE notification_silences SET deleted_at = now()');
    server = await startTestServer({ db });
    receiver = createServer((request, response) => {
      request.resume();
      request.on('end', () => response.writeHead(200).end());
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  });
  afterAll(async () => {
    await server?.close();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
    await target.release();
  });

  async function send(method: string, path: string, who: Role, body?: unknown) {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        ...basic(`${who}@local`),
      },
      ...(body === undefined
        ? {}
        : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: text === '' ? undefined : (JSON.parse(text) as unknown),
    };
  }

  it('holds each route to the role matrix of the notification object', async () => {
    for (const role of ROLES) {
      const authorizer = createAuthorizer({ roles: [role], permissions: [] });
      const reads = authorizer.can('notifications', 'read') ? 200 : 403;
      const writes = authorizer.can('notifications', 'write') ? 200 : 403;
      const silence = await send('POST', '/api/notification/silence', role, {
        name: `matrix-${role}`,
        filter: "check.labels.env == 'nowhere'",
        until: 'now+1h',
      });
      expect(silence.status, `${role} POST silence`).toBe(writes);
      const preview = await send(
        'GET',
        `/api/notification/silence_preview?filter=${encodeURIComponent("check.labels.env == 'nowhere'")}`,
        role,
      );
      expect(preview.status, `${role} preview`).toBe(reads);
      const summary = await send('POST', '/api/notification/summary', role, {});
      expect(summary.status, `${role} summary`).toBe(reads);
    }
    // The matrix as the spec gives it: editors and admins write, viewers read, guests nothing.
    expect(
      (await send('POST', '/api/notification/silence', 'viewer', { filter: 'true' })).status,
    ).toBe(403);
    expect((await send('POST', '/api/notification/summary', 'guest', {})).status).toBe(403);
    // A silence is the server's authorship: created_by the user, source UI.
    const { rows } = await db.query<Row>(
      `SELECT s.source, p.email FROM notification_silences s JOIN people p ON p.id = s.created_by
       WHERE s.name = 'matrix-editor'`,
    );
    expect(rows).toEqual([{ source: 'UI', email: 'editor@local' }]);
  });

  it('serves one send with its resource, to whoever may read notifications, 404 for an unknown id', async () => {
    const { rows } = await db.query<{ id: string; resource_id: string; body: string | null }>(
      `SELECT h.id, h.resource_id, h.body FROM notification_send_history h
       JOIN checks c ON c.id = h.resource_id ORDER BY h.created_at DESC LIMIT 1`,
    );
    const sent = rows[0]!;
    for (const role of ROLES) {
      const reads = createAuthorizer({ roles: [role], permissions: [] }).can(
        'notifications',
        'read',
      );
      const reply = await send('GET', `/api/notification/send_history/${sent.id}`, role);
      expect(reply.status, role).toBe(reads ? 200 : 403);
      if (!reads) continue;
      expect(reply.body).toMatchObject({
        id: sent.id,
        resource_id: sent.resource_id,
        resource_kind: 'check',
        resource: { id: sent.resource_id },
        body_markdown: sent.body,
      });
    }
    const unknown = await send('GET', `/api/notification/send_history/${randomUUID()}`, 'viewer');
    expect(unknown.status).toBe(404);
    expect((unknown.body as { message: string }).message).toMatch(/^no notification send with id/);
    const malformed = await send('GET', '/api/notification/send_history/not-an-id', 'viewer');
    expect(malformed.status).toBe(404);
    expect((malformed.body as { message: string }).message).toBe(
      'no notification send with id not-an-id: not an id (a UUID)',
    );
  });

  it("names the tcp check in the demo's inhibited sends, as the engine does", async () => {
    const { rows } = await db.query<{ reason: string }>(
      `SELECT reason FROM notification_send_history WHERE status = 'inhibited'`,
    );
    expect(rows.length).toBeGreaterThan(0);
    const { rows: tcp } = await db.query<{ name: string }>(
      `SELECT name FROM checks WHERE type = 'tcp'`,
    );
    const names = new Set(tcp.map((row) => row.name));
    for (const { reason } of rows) {
      const named = /^inhibited by tcp check (.+), notified at \S+$/.exec(reason);
      expect(named, reason).not.toBeNull();
      expect(names.has(named![1]!), reason).toBe(true);
    }
  });

  it('answers bad input with a 400 and a message, never a 500', async () => {
    const cases: [string, string, unknown, RegExp][] = [
      ['POST', '/api/notification/silence', { name: 'everything' }, /filter, selectors or one of/],
      [
        'POST',
        '/api/notification/silence',
        { filter: 'true', from: '2025-02-01', until: '2025-01-01' },
        /ends after it starts/,
      ],
      [
        'POST',
        '/api/notification/silence',
        { filter: 'true', until: 'next tuesday' },
        /until: must be a date/,
      ],
      ['POST', '/api/notification/silence', { selectors: '[oops' }, /selectors: not valid JSON/],
      ['POST', '/api/notification/silence', '{not json', /JSON|json/],
      [
        'POST',
        '/api/notification/silence',
        { filter: 'check.labels.env == ' },
        /filter: not a CEL expression/,
      ],
      [
        'GET',
        `/api/notification/silence_preview?filter=${encodeURIComponent('check.name ==')}`,
        undefined,
        /filter: not a CEL expression/,
      ],
      [
        'GET',
        '/api/notification/silence_preview?selectors=%5Boops',
        undefined,
        /selectors: not valid JSON/,
      ],
      ['GET', '/api/notification/silence_preview', undefined, /at least one of/],
      ['GET', '/api/notification/silence_preview?id=nope', undefined, /id: must be a uuid/],
      ['GET', '/api/notification/silence_preview?filter=true&limit=lots', undefined, /limit/],
      ['POST', '/api/notification/summary', { pageSize: 'x' }, /pageSize/],
      ['POST', '/api/notification/summary', { status: 3 }, /status/],
      ['POST', '/api/notification/summary', { from: 'someday' }, /from: must be a date/],
      // Rules and silences written through /api/db hold a filter the engine can run.
      [
        'POST',
        '/api/db/notifications',
        {
          name: 'bad-filter',
          events: ['check.failed'],
          filter: 'check.status ==',
          custom_services: [{ name: 'hook', connection: 'connection://default/hook' }],
        },
        /filter: not a CEL expression/,
      ],
      [
        'POST',
        '/api/db/notification_silences',
        { filter: 'check.name ==', source: 'UI' },
        /filter: not a CEL expression/,
      ],
    ];
    for (const [method, path, body, message] of cases) {
      const reply = await send(method, path, 'admin', body);
      expect(reply.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
      expect((reply.body as { message: string }).message).toMatch(message);
    }
  });

  it('previews exactly the sends the engine then silences', async () => {
    const engine = new NotificationEngine({
      db,
      log: () => undefined,
      outbound: { allowPrivate: true, allowLinkLocal: false },
    });
    await db.query(
      `INSERT INTO notifications (name, events, custom_services)
       VALUES ($1, '{check.failed}', $2::jsonb)`,
      [`preview-${randomUUID()}`, JSON.stringify([{ url: receiverUrl }])],
    );
    const { rows: canary } = await db.query<{ id: string }>(
      `INSERT INTO canaries (name) VALUES ($1) RETURNING id`,
      [`canary-${randomUUID()}`],
    );
    const checks: { id: string; team: string }[] = [];
    for (const team of ['search', 'search', 'payments', 'search', 'payments']) {
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO checks (canary_id, type, name, labels, status)
         VALUES ($1, 'http', $2, $3::jsonb, 'healthy') RETURNING id`,
        [canary[0]!.id, `check-${randomUUID()}`, JSON.stringify({ team })],
      );
      checks.push({ id: rows[0]!.id, team });
    }
    let clock = Date.now();
    const result = async (id: string, pass: boolean) =>
      recordResult(db, id, {
        name: 'c',
        start: new Date((clock += 1000)).toISOString(),
        pass,
        invalid: false,
        duration: 5,
        message: '',
        error: pass ? '' : 'down',
      });
    for (const check of checks) await result(check.id, false);
    await engine.takeEvents();
    expect(await engine.sendDue()).toMatchObject({ sent: 5 });

    const filter = "check.labels.team == 'search'";
    const preview = await send(
      'GET',
      `/api/notification/silence_preview?filter=${encodeURIComponent(filter)}&limit=100`,
      'viewer',
    );
    expect(preview.status).toBe(200);
    const previewed = new Set(
      (preview.body as { resource_id: string; resource: { id: string } }[]).map((row) => {
        expect(row.resource.id).toBe(row.resource_id);
        return row.resource_id;
      }),
    );
    const ours = new Set(checks.map((check) => check.id));
    const previewedOurs = [...previewed].filter((id) => ours.has(id)).sort();
    expect(previewedOurs).toEqual(
      checks
        .filter((c) => c.team === 'search')
        .map((c) => c.id)
        .sort(),
    );

    const created = await send('POST', '/api/notification/silence', 'editor', {
      name: 'search-freeze',
      filter,
      until: 'indefinitely',
    });
    expect(created).toEqual({ status: 200, body: undefined });
    const { rows: silence } = await db.query<{ id: string; until: string | null }>(
      `SELECT id, until FROM notification_silences WHERE name = 'search-freeze'`,
    );
    expect(silence[0]!.until).toBeNull();
    for (const check of checks) {
      await result(check.id, true);
      await result(check.id, false);
    }
    await engine.takeEvents();
    const { rows: silenced } = await db.query<{ resource_id: string }>(
      `SELECT resource_id FROM notification_send_history WHERE silenced_by = $1 AND status = 'silenced'`,
      [silence[0]!.id],
    );
    expect(silenced.map((row) => row.resource_id).sort()).toEqual(previewedOurs);
    await engine.sendDue();

    // The summary groups these sends by resource.
    const summary = await send('POST', '/api/notification/summary', 'viewer', {
      resourceKind: 'check',
      status: 'silenced,sent',
    });
    const results = (summary.body as { total: number; results: Row[] }).results;
    const row = results.find((entry) => (entry.resource as { id: string }).id === checks[0]!.id);
    expect(row).toMatchObject({
      resource_kind: 'check',
      resource_type: 'http',
      total: 2,
      sent: 1,
      suppressed: 1,
    });
    // The rules page's and the history page's views, through /api/db.
    const rules = await send(
      'GET',
      `/api/db/notifications_summary?select=id,name,sent,failed,pending,team:team_id(id,name)&name=like.preview-*`,
      'viewer',
    );
    expect(rules.status).toBe(200);
    // Five sends, then the two payments checks' second failures (the search ones were silenced).
    expect(rules.body).toMatchObject([{ sent: 7, failed: 0, pending: 0, team: null }]);
    const flat = await send(
      'GET',
      `/api/db/notification_send_history_summary?select=status,resource_kind,resource_type,resource&resource_id=eq.${checks[0]!.id}&order=created_at`,
      'viewer',
    );
    expect(flat.body).toMatchObject([
      {
        status: 'sent',
        resource_kind: 'check',
        resource_type: 'http',
        resource: { id: checks[0]!.id },
      },
      { status: 'silenced', resource_kind: 'check' },
    ]);
    expect((await send('GET', '/api/db/notifications_summary', 'guest')).status).toBe(403);
  });
});
