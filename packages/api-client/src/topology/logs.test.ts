import { createFakeBackend, json, type FakeBackend } from '@opsdeck/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../client.ts';
import { getLogs, listLogsComponents, logsKeys, logsQuery } from './logsCalls.ts';

let backend: FakeBackend;
let client: ApiClient;
beforeAll(async () => {
  backend = await createFakeBackend({
    'GET /api/db/components_with_logs': [
      { id: 'c1', name: 'api', type: 'Application' },
      { id: 'c2', name: 'worker', type: null },
    ],
    'GET /api/db/components': [
      {
        id: 'c1',
        labels: { namespace: 'shop', cluster: 'eu-1' },
        log_selectors: [{ name: 'server', type: 'opsdeck' }, { name: 'files' }],
      },
      { id: 'c2', labels: null, log_selectors: null },
    ],
    'POST /api/logs': json({
      total: 1,
      results: [{ id: '1', timestamp: '2026-11-28T10:00:00Z', message: 'hi', labels: null }],
      nextPage: '',
    }),
  });
  client = createApiClient({ baseUrl: `${backend.url}/api` });
});
afterAll(() => backend.close());
afterEach(() => backend.reset());

describe('the logs calls', () => {
  it('lists the components with logs by name, with namespace, cluster and selector names', async () => {
    expect(await listLogsComponents(client)).toEqual([
      {
        id: 'c1',
        name: 'api',
        type: 'Application',
        namespace: 'shop',
        cluster: 'eu-1',
        selectors: ['server', 'files'],
      },
      { id: 'c2', name: 'worker', type: null, namespace: null, cluster: null, selectors: [] },
    ]);
    const [view, components] = backend.requests;
    expect(Object.fromEntries(view!.query)).toEqual({ select: 'id,name,type', order: 'name.asc' });
    expect(Object.fromEntries(components!.query)).toEqual({
      select: 'id,labels,log_selectors',
      id: 'in.(c1,c2)',
    });
  });

  it('posts the request as the server reads it and parses the reply', async () => {
    const reply = await getLogs(client, { id: 'c1', name: 'server', labels: { text: 'hi' } });
    expect(reply.results?.[0]?.message).toBe('hi');
    expect(backend.last().body).toEqual({ id: 'c1', name: 'server', labels: { text: 'hi' } });
  });

  it('keys a query by the request and sends what resolve makes of it at the time of asking', async () => {
    const request = { id: 'c1', labels: { start: 'now-1h' } };
    const options = logsQuery(client, request, (asked) => ({
      ...asked,
      labels: { start: '2026-11-28T09:00:00.000Z' },
    }));
    expect(options.queryKey).toEqual(logsKeys.lines(request));
    await options.queryFn!({ signal: new AbortController().signal } as never);
    expect(backend.last().body).toEqual({
      id: 'c1',
      labels: { start: '2026-11-28T09:00:00.000Z' },
    });
  });
});
