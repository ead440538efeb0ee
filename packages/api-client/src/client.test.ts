import {
  closedPort,
  createFakeBackend,
  hang,
  json,
  text,
  type FakeBackend,
} from '@opsdeck/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { createApiClient } from './client.ts';
import { db } from './db/index.ts';
import { ApiError } from './errors.ts';
import { serviceGroupPaths, type ServiceGroupName } from './http.ts';

let backend: FakeBackend;
beforeAll(async () => {
  backend = await createFakeBackend({ '* /*': [] });
});
afterAll(() => backend.close());
afterEach(() => {
  backend.reset();
  vi.unstubAllGlobals();
});

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('service groups', () => {
  it('puts every group under the base path', async () => {
    const client = createApiClient({ baseUrl: `${backend.url}/api` });
    const expected: Record<ServiceGroupName, string> = {
      general: '/api/ping',
      db: '/api/db/ping',
      config: '/api/config/ping',
      catalog: '/api/catalog/ping',
      snapshot: '/api/snapshot/ping',
      agent: '/api/agent/ping',
      logs: '/api/logs/ping',
      apmSearch: '/api/apm/search/ping',
      auth: '/api/auth/ping',
      people: '/api/people/ping',
      playbook: '/api/playbook/ping',
      rbac: '/api/rbac/ping',
      notification: '/api/notification/ping',
      canary: '/api/canary/ping',
    };
    for (const name of Object.keys(serviceGroupPaths) as ServiceGroupName[]) {
      await client[name].get('ping');
      expect(backend.last().path).toBe(expected[name]);
    }
  });

  it('defaults the base to /api', () => {
    expect(createApiClient().baseUrl).toBe('/api');
    expect(createApiClient().db.url('checks')).toBe('/api/db/checks');
  });

  it('sends Accept on reads and Prefer: return=representation on writes, and JSON bodies', async () => {
    const client = createApiClient({ baseUrl: `${backend.url}/api` });
    await client.people.get('x');
    expect(backend.last().headers.accept).toBe('application/json');
    expect(backend.last().headers.prefer).toBeUndefined();
    expect(backend.last().headers.authorization).toBeUndefined();
    for (const method of ['post', 'put', 'patch', 'delete'] as const) {
      await client.people[method]('update', { json: { id: '1' } });
      expect(backend.last()).toMatchObject({
        method: method.toUpperCase(),
        path: '/api/people/update',
        body: { id: '1' },
      });
      expect(backend.last().headers.prefer).toBe('return=representation');
      expect(backend.last().headers['content-type']).toMatch(/application\/json/);
    }
  });

  it('drops undefined search params and keeps the rest in order', async () => {
    const client = createApiClient({ baseUrl: `${backend.url}/api` });
    await client.playbook.get('list', {
      searchParams: { check_id: 'c1', config_id: undefined, limit: 5 },
    });
    expect(backend.last().url).toBe('/api/playbook/list?check_id=c1&limit=5');
  });
});

describe('direct mode', () => {
  it('sends every group to the backend address with a bearer token', async () => {
    const client = createApiClient({
      baseUrl: '/api',
      backendUrl: `${backend.url}/org-backend/`,
      getToken: () => Promise.resolve('tok-123'),
    });
    expect(client.direct).toBe(true);
    await client.canary.get('api/summary');
    expect(backend.last().path).toBe('/org-backend/canary/api/summary');
    expect(backend.last().headers.authorization).toBe('Bearer tok-123');
    await db(client).from('checks').select('id');
    expect(backend.last().path).toBe('/org-backend/db/checks');
    expect(backend.last().headers.authorization).toBe('Bearer tok-123');
  });

  it('lets a failing token provider reject with its own error', async () => {
    const client = createApiClient({
      backendUrl: backend.url,
      getToken: () => Promise.reject(new Error('session expired')),
    });
    await expect(client.general.get('about')).rejects.toThrow('session expired');
  });

  it('sends no Authorization when the provider has no token', async () => {
    const client = createApiClient({ backendUrl: backend.url, getToken: () => undefined });
    await client.general.get('about');
    expect(backend.last().headers.authorization).toBeUndefined();
  });
});

describe('errors', () => {
  it('uses the reply error, then message, then the generic words', async () => {
    const client = createApiClient({ baseUrl: backend.url });
    backend.on(
      'GET /db/checks',
      json({ error: 'check not found', message: 'ignored' }, { status: 404 }),
    );
    let error = await failure(client.db.get('checks'));
    expect(error).toMatchObject({ kind: 'http', status: 404, message: 'check not found' });
    expect(error.body).toEqual({ error: 'check not found', message: 'ignored' });

    backend.on('GET /db/checks', json({ message: 'database is down' }, { status: 500 }));
    error = await failure(client.db.get('checks'));
    expect(error).toMatchObject({ kind: 'http', status: 500, message: 'database is down' });

    backend.on(
      'GET /db/checks',
      text('<h1>Bad Gateway</h1>', { status: 502, headers: { 'Content-Type': 'text/html' } }),
    );
    error = await failure(client.db.get('checks'));
    expect(error).toMatchObject({ kind: 'http', status: 502, message: 'An error occurred' });

    backend.on('GET /db/checks', json({ error: '' }, { status: 409 }));
    expect(await failure(client.db.get('checks'))).toMatchObject({
      status: 409,
      message: 'An error occurred',
    });
  });

  it("reads the sentence of apps/server's {error: code, message} and of Mission Control's {error: sentence}", async () => {
    const client = createApiClient({ baseUrl: backend.url });
    const sentence = 'only an approver of this playbook may approve its runs';
    backend.on(
      'POST /playbook/run/approve/:id',
      json({ error: 'forbidden', message: sentence }, { status: 403 }),
    );
    expect(await failure(client.playbook.post('run/approve/r1'))).toMatchObject({
      status: 403,
      message: sentence,
    });
    backend.on(
      'POST /playbook/run',
      json({ error: 'invalid', message: 'params.replicas: expected string' }, { status: 400 }),
    );
    expect(await failure(client.playbook.post('run'))).toMatchObject({
      message: 'params.replicas: expected string',
    });
    // Mission Control: the sentence is the error; a handler's own message is only a summary.
    backend.on(
      'GET /snapshot/topology/:id',
      json(
        { error: 'component c1 has no logs', message: 'Error snapshotting topology' },
        { status: 500 },
      ),
    );
    expect(await failure(client.snapshot.get('topology/c1'))).toMatchObject({
      message: 'component c1 has no logs',
    });
    // A bare code with nothing else is still said.
    backend.on('GET /auth/whoami', json({ error: 'forbidden' }, { status: 403 }));
    expect(await failure(client.auth.get('whoami'))).toMatchObject({ message: 'forbidden' });
  });

  it("turns a real backend's plain-text 401 and 403 into sentences, the 403 naming object and action", async () => {
    const client = createApiClient({ baseUrl: backend.url });
    backend.on(
      'POST /playbook/run',
      text('unauthorized. Access Denied', {
        status: 403,
        headers: {
          'Content-Type': 'text/plain',
          'X-Rbac-Subject': 'u1',
          'X-Rbac-Object': 'playbooks',
          'X-Rbac-Action': 'create',
        },
      }),
    );
    expect(await failure(client.playbook.post('run'))).toMatchObject({
      status: 403,
      message: 'Access denied: create on playbooks is not allowed for you',
    });

    backend.on(
      'GET /db/checks',
      text('Authorization Error', { status: 401, headers: { 'Content-Type': 'text/plain' } }),
    );
    expect(await failure(client.db.get('checks'))).toMatchObject({
      status: 401,
      message: 'Not signed in (Authorization Error). Please sign in again.',
    });

    // A client mistake a real backend answers with 500 and a text body keeps its words.
    backend.on(
      'POST /playbook/run',
      text('missing required parameter(s): namespace\n', {
        status: 500,
        headers: { 'Content-Type': 'text/plain' },
      }),
    );
    expect(await failure(client.playbook.post('run'))).toMatchObject({
      status: 500,
      message: 'missing required parameter(s): namespace',
    });
  });

  it('a server that never answers times out', async () => {
    const client = createApiClient({ baseUrl: backend.url, timeout: 150 });
    backend.on('GET /canary/api/summary', hang());
    const error = await failure(client.canary.get('api/summary'));
    expect(error).toMatchObject({
      kind: 'timeout',
      message: 'Request timed out. Please try again.',
    });
    expect(error.status).toBeUndefined();
  });

  it('a closed port is a network error', async () => {
    const client = createApiClient({ baseUrl: `http://127.0.0.1:${await closedPort()}/api` });
    const error = await failure(client.auth.get('whoami'));
    expect(error).toMatchObject({ kind: 'network', message: 'Network Error. Please try again.' });
  });

  it('reports no connection when the browser is offline', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    const client = createApiClient({ baseUrl: `http://127.0.0.1:${await closedPort()}/api` });
    const error = await failure(client.auth.get('whoami'));
    expect(error).toMatchObject({
      kind: 'offline',
      message: 'No internet connection. Please try again.',
    });
  });

  it('a 401 calls onUnauthorized with the current path and query', async () => {
    vi.stubGlobal('location', { pathname: '/health', search: '?layout=table' });
    const onUnauthorized = vi.fn();
    const client = createApiClient({ baseUrl: backend.url, onUnauthorized });
    backend.on('GET /auth/whoami', json({ error: 'unauthorized' }, { status: 401 }));
    const error = await failure(client.auth.get('whoami'));
    expect(error).toMatchObject({ kind: 'http', status: 401, message: 'unauthorized' });
    expect(onUnauthorized).toHaveBeenCalledExactlyOnceWith('/health?layout=table');

    backend.on('GET /auth/whoami', json({ error: 'forbidden' }, { status: 403 }));
    await failure(client.auth.get('whoami'));
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('an abort rejects with the AbortError, not an ApiError', async () => {
    const client = createApiClient({ baseUrl: backend.url });
    backend.on('GET /canary/api/summary', hang());
    const controller = new AbortController();
    const pending = client.canary.get('api/summary', { signal: controller.signal });
    setTimeout(() => controller.abort(), 30);
    const reason = await pending.then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(reason).not.toBeInstanceOf(ApiError);
    expect((reason as Error).name).toBe('AbortError');
  });

  it('a reply that does not match the schema names the failing path', async () => {
    const client = createApiClient({ baseUrl: backend.url });
    backend.on('GET /auth/whoami', {
      message: 'success',
      payload: { user: { id: 7 }, roles: [], permissions: [] },
    });
    const { whoamiSchema } = await import('./auth/schemas.ts');
    const error = await failure(client.auth.get('whoami', { schema: whoamiSchema }));
    expect(error.kind).toBe('validation');
    expect(error.message).toMatch(/payload\.user\.id: expected string/);
    expect(error.issues?.[0]?.path).toEqual(['payload', 'user', 'id']);
  });

  describe('a reply check made ahead of time (check)', () => {
    const schema = z.object({ name: z.string() });
    // Its own verdict, so a test can tell which of it and the schema decided.
    const lenient = (reply: unknown) => ({
      accepts: () => reply !== 'reject',
      output: (body: unknown) => ({ name: `checked ${(body as { name: string }).name}` }),
      schema,
    });

    it('decides alone when it accepts the reply', async () => {
      const client = createApiClient({ baseUrl: backend.url });
      backend.on('GET /canary/x', { name: 7 });
      const reply = await client.canary.get('x', { check: async () => lenient('accept') });
      expect(reply).toEqual({ name: 'checked 7' });
    });

    it('leaves a reply it rejects to the schema, which names the failing path', async () => {
      const client = createApiClient({ baseUrl: backend.url });
      backend.on('GET /canary/x', { name: 7 });
      const error = await failure(client.canary.get('x', { check: async () => lenient('reject') }));
      expect(error).toMatchObject({
        kind: 'validation',
        message: 'Unexpected reply from the server at name: expected string',
      });
      backend.on('GET /canary/y', { name: 'ok' });
      expect(await client.canary.get('y', { check: async () => lenient('reject') })).toEqual({
        name: 'ok',
      });
    });

    it('that fails to load fails the call as a network error, not an unvalidated reply', async () => {
      const client = createApiClient({ baseUrl: backend.url });
      backend.on('GET /canary/x', { name: 'ok' });
      const error = await failure(
        client.canary.get('x', { check: () => Promise.reject(new TypeError('chunk failed')) }),
      );
      expect(error).toMatchObject({ kind: 'network', cause: new TypeError('chunk failed') });
    });
  });
});
