import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createTcpServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { insertRows } from '../../db/seed/insert.ts';
import { itOnOneEngine, testDatabases } from '../../testing/databases.ts';
import { startTestServer, type TestServer } from '../../testing/server.ts';
import { CanaryScheduler } from './scheduler.ts';
import { nextRunAfter, parseSchedule } from './schedule.ts';
import { silentLogger } from '../../http/logging.ts';

let http: Server;
let httpUrl = '';
let tcpPort = 0;
let closedPort = 0;
// What the echo endpoint last received, so a test can compare what the runner sent.
let echoed: { method?: string; token?: string | string[]; body: string } | undefined;
const tcp = createTcpServer((socket) => socket.end());

beforeAll(async () => {
  http = createHttpServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      if (request.url === '/slow') return void setTimeout(() => response.end('late'), 1500);
      if (request.url === '/echo') {
        echoed = { method: request.method, token: request.headers['x-token'], body };
        response.setHeader('Content-Type', 'application/json');
        return void response.end(JSON.stringify(echoed));
      }
      if (request.url === '/down') return void response.writeHead(503).end('unavailable');
      response.end('all systems operational');
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  httpUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve));
  tcpPort = (tcp.address() as AddressInfo).port;
  const probe = createTcpServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedPort = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
});
afterAll(async () => {
  http.closeAllConnections();
  await new Promise<void>((resolve) => http.close(() => resolve()));
  await new Promise<void>((resolve) => tcp.close(() => resolve()));
});

const CANARY = '11111111-1111-1111-1111-111111111111';
const ids = {
  ok: 'a0000000-0000-0000-0000-000000000001',
  post: 'a0000000-0000-0000-0000-000000000002',
  code: 'a0000000-0000-0000-0000-000000000003',
  content: 'a0000000-0000-0000-0000-000000000004',
  timeout: 'a0000000-0000-0000-0000-000000000005',
  tcpOk: 'a0000000-0000-0000-0000-000000000006',
  tcpClosed: 'a0000000-0000-0000-0000-000000000007',
  dns: 'a0000000-0000-0000-0000-000000000008',
  threshold: 'a0000000-0000-0000-0000-000000000009',
};

describe.each(testDatabases())('running checks on $engine', (target) => {
  // `it` runs on each engine: what they do differently. `test` runs on PGlite only: the rest.
  const test = itOnOneEngine(target);
  let db: Database;
  let server: TestServer;
  beforeAll(async () => {
    db = await target.open();
    await db.exec(
      'DELETE FROM check_statuses; DELETE FROM checks; DELETE FROM canaries; DELETE FROM opsdeck.scheduler_leases;',
    );
    await insertRows(db, 'canaries', [
      { id: CANARY, name: 'local', namespace: 'default', spec: {}, schedule: '@every 30s' },
    ]);
    const check = (id: string, type: string, spec: Record<string, unknown>) => ({
      id,
      canary_id: CANARY,
      name: `check-${id.slice(-1)}`,
      type,
      spec,
      status: 'healthy',
    });
    await insertRows(db, 'checks', [
      check(ids.ok, 'http', {
        url: `${httpUrl}/`,
        responseCodes: [200],
        responseContent: 'operational',
      }),
      check(ids.post, 'http', {
        url: `${httpUrl}/echo`,
        method: 'PUT',
        headers: [{ name: 'X-Token', value: 'abc' }],
        body: 'hello',
        responseContent: '"token":"abc"',
      }),
      check(ids.code, 'http', { url: `${httpUrl}/down`, responseCodes: [200] }),
      check(ids.content, 'http', { url: `${httpUrl}/`, responseContent: 'degraded' }),
      check(ids.timeout, 'http', { url: `${httpUrl}/slow`, timeout: 300 }),
      check(ids.threshold, 'http', { url: `${httpUrl}/slow`, thresholdMillis: 200 }),
      check(ids.tcpOk, 'tcp', { endpoint: `127.0.0.1:${tcpPort}` }),
      check(ids.tcpClosed, 'tcp', { endpoint: `127.0.0.1:${closedPort}` }),
      check(ids.dns, 'dns', { server: '127.0.0.1', query: 'example.test' }),
    ]);
    server = await startTestServer({ db, auth: 'disabled' });
  });
  afterAll(async () => {
    await server?.close();
    await target.release();
  });

  const run = async (id: string) => {
    const response = await fetch(`${server.url}/api/canary/run/check/${id}`, { method: 'POST' });
    expect(response.status).toBe(200);
    return (await response.json()) as {
      name: string;
      start: string;
      pass: boolean;
      invalid: boolean;
      duration: number;
      message: string;
      error: string;
    };
  };

  test('passes an HTTP check and stores a status row and the check status', async () => {
    const result = await run(ids.ok);
    expect(result).toMatchObject({ name: 'check-1', pass: true, invalid: false, error: '' });
    expect(Object.keys(result).sort()).toEqual([
      'duration',
      'error',
      'invalid',
      'message',
      'name',
      'pass',
      'start',
    ]);
    const { rows } = await db.query<{ status: boolean }>(
      'SELECT status FROM check_statuses WHERE check_id = $1',
      [ids.ok],
    );
    expect(rows).toEqual([{ status: true }]);
    const check = await db.query<{ status: string; last_runtime: string }>(
      'SELECT status, last_runtime FROM checks WHERE id = $1',
      [ids.ok],
    );
    expect(check.rows[0]).toMatchObject({ status: 'healthy' });
    expect(Date.parse(check.rows[0]!.last_runtime)).toBe(Date.parse(result.start));
  });

  test('sends method, headers and body', async () => {
    echoed = undefined;
    expect(await run(ids.post)).toMatchObject({ pass: true });
    expect(echoed).toEqual({ method: 'PUT', token: 'abc', body: 'hello' });
  });

  test('fails on an unexpected code, missing content, a timeout and a slow answer', async () => {
    expect(await run(ids.code)).toMatchObject({
      pass: false,
      invalid: false,
      error: expect.stringContaining('503'),
    });
    expect(await run(ids.content)).toMatchObject({
      pass: false,
      error: expect.stringContaining('degraded'),
    });
    const timedOut = await run(ids.timeout);
    expect(timedOut).toMatchObject({ pass: false, error: expect.stringContaining('timed out') });
    expect(await run(ids.threshold)).toMatchObject({
      pass: false,
      error: expect.stringContaining('threshold'),
    });
    const { rows } = await db.query<{ status: string }>('SELECT status FROM checks WHERE id = $1', [
      ids.code,
    ]);
    expect(rows[0]!.status).toBe('unhealthy');
  });

  test('runs TCP checks against open and closed ports', async () => {
    expect(await run(ids.tcpOk)).toMatchObject({ pass: true, invalid: false });
    expect(await run(ids.tcpClosed)).toMatchObject({
      pass: false,
      invalid: false,
      error: expect.stringContaining('ECONNREFUSED'),
    });
  });

  test('answers invalid for a type it cannot run, and stores nothing', async () => {
    expect(await run(ids.dns)).toMatchObject({
      pass: false,
      invalid: true,
      error: expect.stringContaining('dns'),
    });
    const { rows } = await db.query('SELECT 1 FROM check_statuses WHERE check_id = $1', [ids.dns]);
    expect(rows).toHaveLength(0);
  });

  test('answers 404 for an unknown check and 400 for a malformed id', async () => {
    expect(
      (
        await fetch(`${server.url}/api/canary/run/check/b0000000-0000-0000-0000-000000000000`, {
          method: 'POST',
        })
      ).status,
    ).toBe(404);
    expect(
      (await fetch(`${server.url}/api/canary/run/check/nope`, { method: 'POST' })).status,
    ).toBe(400);
  });

  it('runs a scheduled canary once across two scheduler instances sharing the lease', async () => {
    const before = await db.query<{ n: number }>(
      'SELECT count(*) AS n FROM check_statuses WHERE check_id = $1',
      [ids.tcpOk],
    );
    const a = new CanaryScheduler({ db, log: silentLogger, holder: 'a' });
    const b = new CanaryScheduler({ db, log: silentLogger, holder: 'b' });
    const [ranA, ranB] = await Promise.all([a.tick(), b.tick()]);
    expect([...ranA, ...ranB]).toEqual([CANARY]);
    // Not due again within 30 s.
    expect([...(await a.tick()), ...(await b.tick())]).toEqual([]);
    const after = await db.query<{ n: number }>(
      'SELECT count(*) AS n FROM check_statuses WHERE check_id = $1',
      [ids.tcpOk],
    );
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n + 1);
    // The run set its checks' next run on the canary's schedule (30 s), never in the past.
    const { rows } = await db.query<{ last: Date; next: Date }>(
      'SELECT last_runtime AS last, next_runtime AS next FROM checks WHERE id = $1',
      [ids.tcpOk],
    );
    const { last, next } = rows[0]!;
    expect(new Date(next).getTime()).toBeGreaterThan(Date.now());
    expect(new Date(next).getTime() - new Date(last).getTime()).toBeGreaterThan(25_000);
    expect(new Date(next).getTime() - new Date(last).getTime()).toBeLessThanOrEqual(30_000);
  });
});

describe('schedules', () => {
  it('parses @every, macros and cron', () => {
    const last = new Date('2024-05-01T10:07:30Z');
    expect(nextRunAfter(parseSchedule('@every 30s')!, last)?.toISOString()).toBe(
      '2024-05-01T10:08:00.000Z',
    );
    expect(nextRunAfter(parseSchedule('@hourly')!, last)?.toISOString()).toBe(
      '2024-05-01T11:00:00.000Z',
    );
    expect(nextRunAfter(parseSchedule('*/15 * * * *')!, last)?.toISOString()).toBe(
      '2024-05-01T10:15:00.000Z',
    );
    expect(nextRunAfter(parseSchedule('0 9 * * 1')!, last)?.toISOString()).toBe(
      '2024-05-06T09:00:00.000Z',
    );
    expect(parseSchedule('every minute')).toBeUndefined();
    expect(parseSchedule('61 * * * *')).toBeUndefined();
  });
});
