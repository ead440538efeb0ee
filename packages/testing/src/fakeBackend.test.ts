import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  closedPort,
  createFakeBackend,
  disconnect,
  hang,
  json,
  text,
  type FakeBackend,
} from './fakeBackend.ts';

let backend: FakeBackend;
beforeAll(async () => {
  backend = await createFakeBackend({
    'GET /api/canary/api/summary': { checks_summary: [] },
    'POST /api/canary/run/check/:id': (request) => ({ ran: request.params.id, sent: request.body }),
    'GET /api/db/checks': (request) =>
      request.query.get('id') === 'eq.c1' ? [{ id: 'c1' }] : undefined,
    'GET /api/db/*': [],
  });
});
afterAll(() => backend.close());
afterEach(() => backend.reset());

describe('createFakeBackend', () => {
  it('answers a route with a JSON value and logs method, path, query and headers', async () => {
    const response = await fetch(`${backend.url}/api/canary/api/summary?labels=env%3Dprod`, {
      headers: { authorization: 'Bearer t' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toEqual({ checks_summary: [] });
    const request = backend.last();
    expect(request).toMatchObject({
      method: 'GET',
      path: '/api/canary/api/summary',
      url: '/api/canary/api/summary?labels=env%3Dprod',
    });
    expect(request.query.get('labels')).toBe('env=prod');
    expect(request.headers.authorization).toBe('Bearer t');
  });

  it('parses JSON bodies, keeps other bodies as text, and decodes :name segments', async () => {
    const run = await fetch(`${backend.url}/api/canary/run/check/c%2F1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"a":1}',
    });
    expect(await run.json()).toEqual({ ran: 'c/1', sent: { a: 1 } });
    await fetch(`${backend.url}/api/canary/run/check/x`, {
      method: 'POST',
      body: 'a=1&b=2',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(backend.last().body).toBe('a=1&b=2');
    await fetch(`${backend.url}/api/canary/run/check/x`, { method: 'POST' });
    expect(backend.last().body).toBeUndefined();
    expect(
      backend.requestsTo('POST /api/canary/run/check/:id').map((request) => request.params.id),
    ).toEqual(['c/1', 'x', 'x']);
  });

  it('passes a request on when a handler returns undefined, and ends at a 404 naming it', async () => {
    expect(await (await fetch(`${backend.url}/api/db/checks?id=eq.c1`)).json()).toEqual([
      { id: 'c1' },
    ]);
    // The handler declines; the wildcard route after it answers.
    expect(await (await fetch(`${backend.url}/api/db/checks?id=eq.c2`)).json()).toEqual([]);
    const missing = await fetch(`${backend.url}/api/people`, { method: 'DELETE' });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({
      error: 'fake backend: no route for DELETE /api/people',
    });
    expect(backend.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /api/db/checks',
      'GET /api/db/checks',
      'DELETE /api/people',
    ]);
  });

  it('lets a test override a route until reset, and the removal it returns undoes only that override', async () => {
    const remove = backend.on(
      'GET /api/canary/api/summary',
      json({ error: 'down' }, { status: 503 }),
    );
    backend.on(
      'GET /api/db/check_statuses',
      json([{ check_id: 'c1' }], { status: 206, headers: { 'Content-Range': '0-0/7' } }),
    );
    const down = await fetch(`${backend.url}/api/canary/api/summary`);
    expect(down.status).toBe(503);
    const page = await fetch(`${backend.url}/api/db/check_statuses`);
    expect(page.status).toBe(206);
    expect(page.headers.get('content-range')).toBe('0-0/7');
    remove();
    expect((await fetch(`${backend.url}/api/canary/api/summary`)).status).toBe(200);
    expect((await fetch(`${backend.url}/api/db/check_statuses`)).status).toBe(206);
    backend.reset();
    expect(backend.requests).toEqual([]);
    expect(await (await fetch(`${backend.url}/api/db/check_statuses`)).json()).toEqual([]);
  });

  it('sends plain-text bodies with their headers, as a real Mission Control answers 403', async () => {
    backend.on(
      '* /*',
      text('unauthorized. Access Denied', {
        status: 403,
        headers: { 'X-Rbac-Object': 'playbooks', 'X-Rbac-Action': 'run' },
      }),
    );
    const response = await fetch(`${backend.url}/api/playbook/run`, { method: 'POST' });
    expect(response.status).toBe(403);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(response.headers.get('x-rbac-object')).toBe('playbooks');
    expect(await response.text()).toBe('unauthorized. Access Denied');
  });

  it('waits before answering when a reply has a delay', async () => {
    backend.on('GET /slow', json({ ok: true }, { delay: 150 }));
    const started = Date.now();
    await fetch(`${backend.url}/slow`);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('can hang (for timeouts) or drop the connection (a network error)', async () => {
    backend.on('GET /hang', hang());
    backend.on('GET /drop', disconnect());
    await expect(
      fetch(`${backend.url}/hang`, { signal: AbortSignal.timeout(100) }),
    ).rejects.toThrow(/aborted|timeout/i);
    await expect(fetch(`${backend.url}/drop`)).rejects.toThrow(TypeError);
    expect(backend.requests.map((request) => request.path)).toEqual(['/hang', '/drop']);
  });

  it('answers 500 with the reason when a handler throws', async () => {
    backend.on('GET /broken', () => {
      throw new Error('no such check');
    });
    const response = await fetch(`${backend.url}/broken`);
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      error: 'fake backend handler for GET /broken threw: no such check',
    });
  });

  it('adds shared headers to every reply and refuses a malformed key', async () => {
    const cors = await createFakeBackend(
      { 'GET /x': 1 },
      { headers: { 'Access-Control-Allow-Origin': '*' } },
    );
    try {
      expect((await fetch(`${cors.url}/x`)).headers.get('access-control-allow-origin')).toBe('*');
    } finally {
      await cors.close();
    }
    await expect(createFakeBackend({ 'GET /x?y=1': 1 })).rejects.toThrow(/METHOD \/path/);
    expect(() => backend.last()).toThrow('no request reached the fake backend');
  });

  it('closes even with a request left hanging, and then refuses connections', async () => {
    const other = await createFakeBackend({ 'GET /hang': hang() });
    const pending = fetch(`${other.url}/hang`).catch((error: unknown) => error);
    await expect.poll(() => other.requests.length).toBe(1);
    await other.close();
    expect(await pending).toBeInstanceOf(TypeError);
    await expect(fetch(`${other.url}/hang`)).rejects.toThrow(TypeError);
  });
});

describe('closedPort', () => {
  it('is a port nothing answers on', async () => {
    await expect(fetch(`http://127.0.0.1:${await closedPort()}/`)).rejects.toThrow(TypeError);
  });
});
