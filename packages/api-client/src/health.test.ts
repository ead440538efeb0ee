import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  apiQueryKeys,
  checkDetailsSelect,
  checkSummaryReplySchema,
  checkSummarySchema,
  createApiClient,
  getAbout,
  getCheckDetails,
  getCheckGraph,
  getCheckStatusHistory,
  getCheckSummary,
  getProperties,
  getWhoami,
  kubeconfigUrl,
  resolveStart,
  runCheckNow,
  type ApiClient,
} from './index.ts';
import { startTestServer, type TestServer } from './httpServer.test.helper.ts';

const fixturePath = fileURLToPath(
  new URL('../../../../shared/fixtures/mission-control/expectations/check_status_summary.json', import.meta.url),
);
const realSummary = JSON.parse(readFileSync(fixturePath, 'utf8')) as unknown[];

let server: TestServer;
let client: ApiClient;
beforeAll(async () => {
  server = await startTestServer();
  client = createApiClient({ baseUrl: `${server.origin}/api` });
});
afterAll(() => server.close());
afterEach(() => {
  server.reply = () => ({ body: [] });
});

describe('the real check summary', () => {
  it('parses every CheckSummary of the backend fixture, keeping unknown fields', () => {
    expect(realSummary.length).toBeGreaterThan(0);
    for (const item of realSummary) {
      const parsed = checkSummarySchema.parse(item);
      expect(parsed).toEqual(item);
    }
    const reply = checkSummaryReplySchema.parse({ runnerName: 'local', checks_summary: realSummary });
    expect(reply.checks_summary).toHaveLength(realSummary.length);
    expect(reply.checks_summary[1]?.latency).toMatchObject({ p99: 1400, avg: 710 });
  });
});

describe('health calls', () => {
  it('GET summary', async () => {
    server.reply = () => ({ body: { duration: 12, runnerName: 'local', checks_summary: realSummary } });
    const reply = await getCheckSummary(client);
    expect(server.last()).toMatchObject({ method: 'GET', url: '/api/canary/api/summary' });
    expect(reply.checks_summary.map((c) => c.name)).toContain('cart-api-health-check');
  });

  it('POST summary with labels and sortBy; null checks_summary reads as empty', async () => {
    server.reply = () => ({ body: { runnerName: 'local', checks_summary: null } });
    const reply = await getCheckSummary(client, { labels: { env: 'prod' }, sortBy: '-name' });
    expect(server.last()).toMatchObject({
      method: 'POST',
      url: '/api/canary/api/summary',
      body: { labels: { env: 'prod' }, sortBy: '-name' },
    });
    expect(reply.checks_summary).toEqual([]);
  });

  it('a malformed summary fails with a validation error naming the path', async () => {
    server.reply = () => ({ body: { checks_summary: [{ ...(realSummary[0] as object), uptime: { passed: 'x', failed: 0 } }] } });
    await expect(getCheckSummary(client)).rejects.toMatchObject({
      kind: 'validation',
      message: expect.stringMatching(/checks_summary\.0\.uptime\.passed/),
    });
  });

  it('graph with check, count=300 and start', async () => {
    server.reply = () => ({ body: { status: [{ time: '2024-01-01T00:00:00Z', status: true, duration: 12 }], latency: { rolling1h: 3 }, uptime: { passed: 1, failed: 0 } } });
    const reply = await getCheckGraph(client, { check: 'c1', start: '1h' });
    expect(server.last().url).toBe('/api/canary/api/graph?check=c1&count=300&start=1h');
    expect(reply.status[0]).toMatchObject({ status: true, duration: 12 });
  });

  it('check details with the reference select', async () => {
    server.reply = () => ({
      body: [
        {
          id: 'c1',
          name: 'http-check',
          type: 'http',
          canaries: { id: 'k1', name: 'canary', source: 'UI' },
          agents: { id: 'a', name: 'local' },
          components: [{ components: { id: 'x', name: 'svc', icon: null } }],
          configs: null,
        },
      ],
    });
    const details = await getCheckDetails(client, 'c1');
    expect(server.last().pathname).toBe('/api/db/checks');
    expect(server.last().params).toEqual([
      ['select', checkDetailsSelect],
      ['id', 'eq.c1'],
    ]);
    expect(details).toMatchObject({ id: 'c1', canaries: { name: 'canary' }, configs: [] });
    server.reply = () => ({ body: [] });
    expect(await getCheckDetails(client, 'missing')).toBeNull();
  });

  it('status history: filters, order, paging and totalEntries', async () => {
    server.reply = () => ({
      status: 206,
      headers: { 'Content-Range': '50-99/120' },
      body: [{ check_id: 'c1', time: '2024-01-01T00:00:00Z', status: true, duration: 40 }],
    });
    const page = await getCheckStatusHistory(client, {
      checkId: 'c1',
      start: new Date('2024-01-01T00:00:00.000Z'),
      status: 'healthy',
      duration: 500,
      pageIndex: 1,
    });
    expect(server.last().pathname).toBe('/api/db/check_statuses');
    expect(server.last().params).toEqual([
      ['check_id', 'eq.c1'],
      ['time', 'gt.2024-01-01T00:00:00.000Z'],
      ['status', 'eq.true'],
      ['duration', 'gte.500'],
      ['order', 'time.desc'],
      ['limit', '50'],
      ['offset', '50'],
    ]);
    expect(server.last().headers.prefer).toBe('count=exact');
    expect(page).toEqual({ data: [{ check_id: 'c1', time: '2024-01-01T00:00:00Z', status: true, duration: 40 }], totalEntries: 120 });

    await getCheckStatusHistory(client, { checkId: 'c1', start: '2024-02-01T00:00:00Z', status: 'unhealthy' });
    expect(server.last().params).toEqual([
      ['check_id', 'eq.c1'],
      ['time', 'gt.2024-02-01T00:00:00Z'],
      ['status', 'eq.false'],
      ['order', 'time.desc'],
      ['limit', '50'],
      ['offset', '0'],
    ]);
  });

  it('resolves relative starts against now', () => {
    const now = new Date('2024-01-02T00:00:00.000Z');
    expect(resolveStart('1d', now)).toBe('2024-01-01T00:00:00.000Z');
    expect(resolveStart('now-2h', now)).toBe('2024-01-01T22:00:00.000Z');
    expect(resolveStart('2024-01-01T00:00:00Z', now)).toBe('2024-01-01T00:00:00Z');
  });

  it('run check now', async () => {
    server.reply = () => ({ body: { name: 'http-check', pass: true, duration: 20, message: '', error: '' } });
    const result = await runCheckNow(client, 'c/1');
    expect(server.last()).toMatchObject({ method: 'POST', url: '/api/canary/run/check/c%2F1' });
    expect(result).toMatchObject({ pass: true });
  });

  it('about, properties, whoami and the kubeconfig URL', async () => {
    server.reply = () => ({ body: { appVersion: '1.2.3', chartVersion: '0.9.0' } });
    expect(await getAbout(client)).toEqual({ appVersion: '1.2.3', chartVersion: '0.9.0' });
    expect(server.last().url).toBe('/api/about');
    await getAbout(client, { service: 'canary' });
    expect(server.last().url).toBe('/api/canary/about');

    server.reply = () => ({ body: [{ name: 'incidents.disable', value: 'true', source: 'db' }] });
    expect(await getProperties(client)).toEqual([{ name: 'incidents.disable', value: 'true', source: 'db' }]);
    expect(server.last().url).toBe('/api/properties');

    const whoami = {
      message: 'success',
      payload: {
        user: { id: 'u1', name: 'Ada', email: 'ada@example.com' },
        roles: ['admin'],
        permissions: [{ subject: 'admin', object: 'canaries', action: 'read' }],
        hostname: 'mc.local',
      },
    };
    server.reply = () => ({ body: whoami });
    expect(await getWhoami(client)).toEqual(whoami);
    expect(server.last().url).toBe('/api/auth/whoami');

    expect(kubeconfigUrl(client)).toBe(`${server.origin}/api/kubeconfig`);
    expect(kubeconfigUrl(createApiClient())).toBe('/api/kubeconfig');
  });

  it('passes the signal through', async () => {
    server.reply = () => ({ hang: true });
    const controller = new AbortController();
    const pending = getCheckStatusHistory(client, { checkId: 'c1', start: '1h' }, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('query keys', () => {
  it('nest under shared prefixes for invalidation', () => {
    const details = apiQueryKeys.health.checkDetails('c1');
    const history = apiQueryKeys.health.statusHistory({ checkId: 'c1', start: '1h', pageIndex: 2 });
    expect(details.slice(0, 2)).toEqual(apiQueryKeys.health.all());
    expect(history.slice(0, details.length)).toEqual(details);
    expect(apiQueryKeys.health.summary()).toEqual(['opsdeck-api', 'health', 'summary', {}]);
  });
});
