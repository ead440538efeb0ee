import { createFakeBackend, hang, json, readJsonFixture, type FakeBackend } from '@opsdeck/testing';
import { QueryClient } from '@tanstack/react-query';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../client.ts';
import {
  checkDetailsQuery,
  checkDetailsSelect,
  checkGraphQuery,
  getCheckDetails,
  getCheckGraph,
  getCheckStatusHistory,
  runCheckNow,
  statusHistoryQuery,
} from './checkCalls.ts';
import { healthKeys } from './keys.ts';
import { getRecentStatuses } from './recentStatuses.ts';
import { checkSummaryReplySchema, checkSummarySchema } from './schemas.ts';
import { resolveStart } from './start.ts';
import { checkSummaryQuery, getCheckSummary } from './summary.ts';

const realSummary = readJsonFixture<unknown[]>(
  'mission-control/expectations/check_status_summary.json',
);

let backend: FakeBackend;
let client: ApiClient;
beforeAll(async () => {
  backend = await createFakeBackend({ '* /*': [] });
  client = createApiClient({ baseUrl: `${backend.url}/api` });
});
afterAll(() => backend.close());
afterEach(() => backend.reset());

describe('the real check summary', () => {
  it('parses every CheckSummary of the backend fixture, keeping unknown fields', () => {
    expect(realSummary.length).toBeGreaterThan(0);
    for (const item of realSummary) {
      const parsed = checkSummarySchema.parse(item);
      expect(parsed).toEqual(item);
    }
    const reply = checkSummaryReplySchema.parse({
      runnerName: 'local',
      checks_summary: realSummary,
    });
    expect(reply.checks_summary).toHaveLength(realSummary.length);
    expect(reply.checks_summary[1]?.latency).toMatchObject({ p99: 1400, avg: 710 });
  });
});

describe('a check that has not run yet', () => {
  it('has no status, and reads as "unknown" instead of failing the whole summary', () => {
    const reply = checkSummaryReplySchema.parse({
      checks_summary: [{ ...(realSummary[0] as object), status: null }],
    });
    expect(reply.checks_summary[0]?.status).toBe('unknown');
  });
});

describe('health calls', () => {
  it('GET summary', async () => {
    backend.on('GET /api/canary/api/summary', {
      duration: 12,
      runnerName: 'local',
      checks_summary: realSummary,
    });
    const reply = await getCheckSummary(client);
    expect(backend.last()).toMatchObject({ method: 'GET', url: '/api/canary/api/summary' });
    expect(reply.checks_summary.map((c) => c.name)).toContain('cart-api-health-check');
  });

  it('POST summary with labels and sortBy; null checks_summary reads as empty', async () => {
    backend.on('POST /api/canary/api/summary', { runnerName: 'local', checks_summary: null });
    const reply = await getCheckSummary(client, { labels: { env: 'prod' }, sortBy: '-name' });
    expect(backend.last()).toMatchObject({
      method: 'POST',
      url: '/api/canary/api/summary',
      body: { labels: { env: 'prod' }, sortBy: '-name' },
    });
    expect(reply.checks_summary).toEqual([]);
  });

  it('a malformed summary fails with a validation error naming the path', async () => {
    backend.on('GET /api/canary/api/summary', {
      checks_summary: [{ ...(realSummary[0] as object), uptime: { passed: 'x', failed: 0 } }],
    });
    await expect(getCheckSummary(client)).rejects.toMatchObject({
      kind: 'validation',
      message: expect.stringMatching(/checks_summary\.0\.uptime\.passed/),
    });
  });

  it('graph with check, count=300 and start', async () => {
    backend.on('GET /api/canary/api/graph', {
      status: [{ time: '2024-01-01T00:00:00Z', status: true, duration: 12 }],
      latency: { rolling1h: 3 },
      uptime: { passed: 1, failed: 0 },
    });
    const reply = await getCheckGraph(client, { check: 'c1', start: '1h' });
    expect(backend.last().url).toBe('/api/canary/api/graph?check=c1&count=300&start=1h');
    expect(reply.status[0]).toMatchObject({ status: true, duration: 12 });
  });

  it('check details with the reference select', async () => {
    const remove = backend.on('GET /api/db/checks', [
      {
        id: 'c1',
        name: 'http-check',
        type: 'http',
        canaries: { id: 'k1', name: 'canary', source: 'UI' },
        agents: { id: 'a', name: 'local' },
        components: [{ components: { id: 'x', name: 'svc', icon: null } }],
        configs: null,
      },
    ]);
    const details = await getCheckDetails(client, 'c1');
    expect(backend.last().path).toBe('/api/db/checks');
    expect([...backend.last().query]).toEqual([
      ['select', checkDetailsSelect],
      ['id', 'eq.c1'],
    ]);
    expect(details).toMatchObject({ id: 'c1', canaries: { name: 'canary' }, configs: [] });
    remove();
    expect(await getCheckDetails(client, 'missing')).toBeNull();
  });

  it('status history: filters, order, paging and totalEntries', async () => {
    backend.on(
      'GET /api/db/check_statuses',
      json([{ check_id: 'c1', time: '2024-01-01T00:00:00Z', status: true, duration: 40 }], {
        status: 206,
        headers: { 'Content-Range': '50-99/120' },
      }),
    );
    const page = await getCheckStatusHistory(client, {
      checkId: 'c1',
      start: new Date('2024-01-01T00:00:00.000Z'),
      status: 'healthy',
      duration: 500,
      pageIndex: 1,
    });
    expect(backend.last().path).toBe('/api/db/check_statuses');
    expect([...backend.last().query]).toEqual([
      ['check_id', 'eq.c1'],
      ['time', 'gt.2024-01-01T00:00:00.000Z'],
      ['status', 'eq.true'],
      ['duration', 'gte.500'],
      ['order', 'time.desc'],
      ['limit', '50'],
      ['offset', '50'],
    ]);
    expect(backend.last().headers.prefer).toBe('count=exact');
    expect(page).toEqual({
      data: [{ check_id: 'c1', time: '2024-01-01T00:00:00Z', status: true, duration: 40 }],
      totalEntries: 120,
    });

    await getCheckStatusHistory(client, {
      checkId: 'c1',
      start: '2024-02-01T00:00:00Z',
      status: 'unhealthy',
    });
    expect([...backend.last().query]).toEqual([
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

  it("reads months and years as the spec's presets do: 43200 and 518400 minutes", () => {
    const now = new Date('2024-01-02T00:00:00.000Z');
    expect(resolveStart('1mo', now)).toBe(new Date(now.getTime() - 43_200 * 60_000).toISOString());
    expect(resolveStart('1y', now)).toBe(new Date(now.getTime() - 518_400 * 60_000).toISOString());
    expect(resolveStart('5y', now)).toBe(
      new Date(now.getTime() - 2_592_000 * 60_000).toISOString(),
    );
  });

  it('recent statuses: one request for the checks of the last hour, at most 10 each, by check', async () => {
    const rows = [
      ...Array.from({ length: 12 }, (_, i) => ({
        check_id: 'c1',
        time: `2024-01-01T00:${String(59 - i).padStart(2, '0')}:00Z`,
        status: true,
      })),
      { check_id: 'c2', time: '2024-01-01T00:30:00Z', status: false, error: 'refused' },
    ];
    backend.on('GET /api/db/check_statuses', rows);
    const before = Date.now();
    const byCheck = await getRecentStatuses(client, ['c1', 'c2', 'c3']);
    const seen = new Map(backend.last().query);
    expect(backend.last().path).toBe('/api/db/check_statuses');
    expect(seen.get('select')).toBe('check_id,time,status,duration,message,error');
    expect(seen.get('check_id')).toBe('in.(c1,c2,c3)');
    expect(seen.get('order')).toBe('time.desc');
    expect(seen.get('limit')).toBe('60');
    const since = Date.parse(seen.get('time')!.replace(/^gt\./, ''));
    expect(since).toBeGreaterThanOrEqual(before - 3_600_000);
    expect(since).toBeLessThanOrEqual(Date.now() - 3_600_000);
    expect(byCheck.get('c1')).toEqual(rows.slice(0, 10));
    expect(byCheck.get('c2')).toEqual([rows[12]]);
    expect(byCheck.has('c3')).toBe(false);
  });

  it('run check now', async () => {
    backend.on('POST /api/canary/run/check/:id', {
      name: 'http-check',
      pass: true,
      duration: 20,
      message: '',
      error: '',
    });
    const result = await runCheckNow(client, 'c/1');
    expect(backend.last()).toMatchObject({ method: 'POST', url: '/api/canary/run/check/c%2F1' });
    expect(result).toMatchObject({ pass: true });
  });

  it('passes the signal through', async () => {
    backend.on('GET /api/db/check_statuses', hang());
    const controller = new AbortController();
    const pending = getCheckStatusHistory(
      client,
      { checkId: 'c1', start: '1h' },
      { signal: controller.signal },
    );
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('query options', () => {
  it('key the graph by the range and send its start as RFC 3339', async () => {
    backend.on('GET /api/canary/api/graph', {
      status: [],
      latency: { rolling1h: 0 },
      uptime: { passed: 0, failed: 0 },
    });
    const queryClient = new QueryClient();
    const before = Date.now();
    await queryClient.fetchQuery(checkGraphQuery(client, { check: 'c1', start: '1y' }));
    const start = Date.parse(new URLSearchParams(backend.last().url.split('?')[1]).get('start')!);
    expect(start).toBeGreaterThanOrEqual(before - 518_400 * 60_000);
    expect(start).toBeLessThanOrEqual(Date.now() - 518_400 * 60_000);
    expect(queryClient.getQueryData(healthKeys.graph({ check: 'c1', start: '1y' }))).toMatchObject({
      status: [],
    });
  });

  it("keeps a check's queries under its key, so invalidating the check refreshes details and history", async () => {
    const queryClient = new QueryClient();
    backend.on('GET /api/db/checks', [{ id: 'c1', name: 'http-check', type: 'http' }]);
    await queryClient.fetchQuery(checkDetailsQuery(client, 'c1'));
    backend.on(
      'GET /api/db/check_statuses',
      json([{ check_id: 'c1', time: '2024-01-01T00:00:00Z', status: true }], {
        headers: { 'Content-Range': '0-0/1' },
      }),
    );
    await queryClient.fetchQuery(statusHistoryQuery(client, { checkId: 'c1', start: '1h' }));
    backend.on('GET /api/canary/api/summary', { checks_summary: [] });
    await queryClient.fetchQuery(checkSummaryQuery(client));
    await queryClient.invalidateQueries({ queryKey: healthKeys.check('c1') });
    const stale = queryClient
      .getQueryCache()
      .getAll()
      .filter((query) => query.isStale())
      .map((query) => query.queryKey[2]);
    expect(stale).toEqual(['check', 'check']);
  });
});

describe('query keys', () => {
  it('nest under shared prefixes for invalidation', () => {
    const details = healthKeys.check('c1');
    const history = healthKeys.statusHistory({ checkId: 'c1', start: '1h', pageIndex: 2 });
    expect(details.slice(0, 2)).toEqual(healthKeys.all());
    expect(history.slice(0, details.length)).toEqual(details);
    expect(healthKeys.summary()).toEqual(['opsdeck-api', 'health', 'summary', {}]);
  });
});
