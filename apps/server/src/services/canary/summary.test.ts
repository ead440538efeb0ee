import { readFileSync } from 'node:fs';
import { fixturePath } from '@opsdeck/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { insertRows } from '../../db/seed/insert.ts';
import { testDatabases } from '../../testing/databases.ts';
import { startTestServer, type TestServer } from '../../testing/server.ts';

// Through @opsdeck/testing, which finds shared/fixtures from any checkout (a worktree too).
const expectations = JSON.parse(
  readFileSync(fixturePath('mission-control/expectations/check_status_summary.json'), 'utf8'),
) as Record<string, unknown>[];

const LOCAL = '00000000-0000-0000-0000-000000000000';
const minutes = (n: number) => n * 60_000;

/**
 * duty's dummy fixtures (tests/fixtures/dummy): the canaries and checks named in the expectation,
 * with check_statuses generated the way generateStatus() does — 70 runs one minute apart from now (duty dates them forward), every
 * 5th failing, durations 20, 40, … 1400 ms; one home-check pass 5 min ago; one db-check failure
 * 70 min ago; and deleted checks that the summary must leave out.
 */
async function loadDutySample(db: Database, now: number) {
  await db.exec('DELETE FROM check_statuses; DELETE FROM checks; DELETE FROM canaries;');
  const canary = (id: string, name: string, namespace: string) => ({
    id,
    name,
    namespace,
    agent_id: LOCAL,
    spec: {},
    labels: null,
  });
  await insertRows(db, 'canaries', [
    canary('6dc9d6dd-0b55-4801-837c-352d3abf9b70', 'dummy-cart-api-canary', 'cart'),
    canary('0186b7a5-a2a4-86fd-c326-3a2104a2777f', 'dummy-logistics-api-canary', 'logistics'),
    canary('0186b7a5-f246-3628-0d68-30bffc13244d', 'dummy-logistics-db-canary', 'logistics'),
  ]);
  const check = (
    id: string,
    canary_id: string,
    name: string,
    type: string,
    status: string,
    extra: Record<string, unknown> = {},
  ) => ({
    id,
    canary_id,
    name,
    type,
    status,
    namespace: '',
    agent_id: LOCAL,
    deleted_at: null,
    ...extra,
  });
  await insertRows(db, 'checks', [
    check(
      'eed7bd6e-529b-4693-aca9-43977bcc5ff1',
      '6dc9d6dd-0b55-4801-837c-352d3abf9b70',
      'cart-api-health-check',
      'http',
      'healthy',
    ),
    check(
      '0186b7a4-0593-73e9-7e3d-5b3446336c1d',
      '0186b7a5-a2a4-86fd-c326-3a2104a2777f',
      'logistics-api-health-check',
      'http',
      'healthy',
    ),
    check(
      '0186b7a4-625a-6a38-a9a7-e5e6b44ffec3',
      '0186b7a5-a2a4-86fd-c326-3a2104a2777f',
      'logistics-api-home-check',
      'http',
      'healthy',
    ),
    check(
      '0186b7a4-9338-7142-1b10-25dc49030218',
      '0186b7a5-f246-3628-0d68-30bffc13244d',
      'logistics-db-check',
      'postgres',
      'unhealthy',
    ),
    check(
      'eed7bd6e-529b-4693-aca9-55177bcc5ff1',
      '6dc9d6dd-0b55-4801-837c-352d3abf9b70',
      'cart-deleted-5m-ago',
      'http',
      'healthy',
      {
        created_at: new Date(now - minutes(10)).toISOString(),
        deleted_at: new Date(now - minutes(5)).toISOString(),
      },
    ),
    check(
      'eed8bd6e-529b-4693-aca9-55177bcc5ff1',
      '6dc9d6dd-0b55-4801-837c-352d3abf9b70',
      'cart-deleted-41h-ago',
      'http',
      'healthy',
      {
        created_at: new Date(now - minutes(60_000)).toISOString(),
        deleted_at: new Date(now - minutes(59_940)).toISOString(),
      },
    ),
  ]);
  const statuses = Array.from({ length: 70 }, (_, i) => ({
    check_id: '0186b7a4-0593-73e9-7e3d-5b3446336c1d',
    status: i % 5 !== 0,
    duration: (1 + i) * 20,
    time: new Date(now + minutes(i)).toISOString(),
  }));
  statuses.push(
    {
      check_id: '0186b7a4-625a-6a38-a9a7-e5e6b44ffec3',
      status: true,
      duration: 100,
      time: new Date(now - minutes(5)).toISOString(),
    },
    {
      check_id: '0186b7a4-9338-7142-1b10-25dc49030218',
      status: false,
      duration: 50,
      time: new Date(now - minutes(70)).toISOString(),
    },
    {
      check_id: 'eed7bd6e-529b-4693-aca9-55177bcc5ff1',
      status: false,
      duration: 20,
      time: new Date(now - minutes(6)).toISOString(),
    },
  );
  await insertRows(db, 'check_statuses', statuses);
}

interface Summary {
  name: string;
  uptime: { passed: number; failed: number; last_pass?: string; last_fail?: string };
  latency: Record<string, number>;
  [key: string]: unknown;
}

describe.each(testDatabases('one'))('/api/canary/api/summary on $engine', (target) => {
  let db: Database;
  let server: TestServer;
  const now = Date.now();

  beforeAll(async () => {
    db = await target.open();
    await loadDutySample(db, now);
    server = await startTestServer({ db, auth: 'disabled' });
  });
  afterAll(async () => {
    await server?.close();
    await target.release();
  });

  const summary = async (init?: RequestInit) => {
    const response = await fetch(`${server.url}/api/canary/api/summary`, init);
    expect(response.status).toBe(200);
    return (await response.json()) as {
      runnerName: string;
      duration: number;
      checks_summary: Summary[];
    };
  };

  it('computes the duty sample as check_status_summary.json expects', async () => {
    const body = await summary();
    expect(body.runnerName).toBeTypeOf('string');
    const at = (offsetMinutes: number) => new Date(now + minutes(offsetMinutes)).getTime();
    // The expectation's instants are of another day; the same offsets from now stand in for them.
    const lastTimes: Record<string, { last_pass?: number; last_fail?: number }> = {
      'logistics-api-health-check': { last_pass: at(69), last_fail: at(65) },
      'logistics-api-home-check': { last_pass: at(-5) },
      'logistics-db-check': { last_fail: at(-70) },
      'cart-api-health-check': {},
    };
    expect(body.checks_summary.map((check) => check.name)).toEqual(
      expectations.map((check) => check.name),
    );
    for (const expected of expectations) {
      const actual = body.checks_summary.find((check) => check.name === expected.name)!;
      const {
        created_at: _c,
        updated_at: _u,
        agent_id: _a,
        uptime,
        latency,
        ...fields
      } = expected as Summary;
      expect(actual).toMatchObject(fields);
      expect({ passed: actual.uptime.passed, failed: actual.uptime.failed }).toEqual({
        passed: uptime.passed,
        failed: uptime.failed,
      });
      const times = lastTimes[expected.name as string]!;
      expect(actual.uptime.last_pass ? Date.parse(actual.uptime.last_pass) : undefined).toBe(
        times.last_pass,
      );
      expect(actual.uptime.last_fail ? Date.parse(actual.uptime.last_fail) : undefined).toBe(
        times.last_fail,
      );
      expect(Object.keys(actual.uptime).sort()).toEqual(Object.keys(uptime).sort());
      expect(actual.latency).toMatchObject(latency);
      expect(actual).toHaveProperty('canary_id');
      expect(actual).toHaveProperty('created_at');
    }
  });

  it('reports p97 beside p95/p99 over the last hour', async () => {
    const body = await summary();
    const api = body.checks_summary.find((check) => check.name === 'logistics-api-health-check')!;
    // 70 durations 20..1400: PERCENTILE_DISC(0.97) is the 68th value.
    expect(api.latency).toMatchObject({ p95: 1340, p97: 1360, p99: 1400, rolling1h: 0 });
  });

  it('sorts by name descending and filters by merged labels (POST)', async () => {
    await db.query(
      `UPDATE canaries SET labels = '{"team":"logistics"}' WHERE namespace = 'logistics'`,
    );
    await db.query(
      `UPDATE checks SET labels = '{"critical":"true"}' WHERE name = 'logistics-db-check'`,
    );
    const post = (body: unknown) =>
      summary({
        method: 'POST',
        body: JSON.stringify(body),
        headers: { 'Content-Type': 'application/json' },
      });
    const sorted = await post({ sortBy: '-name' });
    expect(sorted.checks_summary.map((check) => check.name)).toEqual(
      expectations.map((check) => check.name).reverse(),
    );
    const logistics = await post({ labels: { team: 'logistics' } });
    expect(logistics.checks_summary.map((check) => check.name)).toEqual([
      'logistics-api-health-check',
      'logistics-api-home-check',
      'logistics-db-check',
    ]);
    const critical = await post({ labels: { team: 'logistics', critical: 'true' } });
    expect(critical.checks_summary).toHaveLength(1);
    expect(critical.checks_summary[0]!.labels).toEqual({ team: 'logistics', critical: 'true' });
  });

  it('includes checks deleted after deleteFrom', async () => {
    const body = await summary({
      method: 'POST',
      body: JSON.stringify({ deleteFrom: new Date(now - minutes(30)).toISOString() }),
      headers: { 'Content-Type': 'application/json' },
    });
    const names = body.checks_summary.map((check) => check.name);
    expect(names).toContain('cart-deleted-5m-ago');
    expect(names).not.toContain('cart-deleted-41h-ago');
    expect(
      body.checks_summary.find((check) => check.name === 'cart-deleted-5m-ago'),
    ).toHaveProperty('deleted_at');
  });

  it('answers 400, not 500, to a malformed body', async () => {
    for (const body of [
      '{',
      '[]',
      JSON.stringify({ sortBy: 'latency' }),
      JSON.stringify({ labels: { a: 1 } }),
      JSON.stringify({ deleteFrom: 'yesterday' }),
    ]) {
      const response = await fetch(`${server.url}/api/canary/api/summary`, {
        method: 'POST',
        body,
        headers: { 'Content-Type': 'application/json' },
      });
      expect(response.status, body).toBe(400);
      expect(await response.json()).toHaveProperty('error');
    }
  });

  it('buckets the graph by the range (1m up to 2h, 15m up to 24h)', async () => {
    const graph = async (query: string) => {
      const response = await fetch(
        `${server.url}/api/canary/api/graph?check=0186b7a4-0593-73e9-7e3d-5b3446336c1d&${query}&count=300`,
      );
      expect(response.status).toBe(200);
      return (await response.json()) as {
        status: { time: string; status?: boolean; count: number; failed: number }[];
        uptime: { passed: number; failed: number };
      };
    };
    const iso = (offset: number) =>
      encodeURIComponent(new Date(now + minutes(offset)).toISOString());
    // duty dates the sample's runs forward from now, so the ranges end in the future.
    const hour = await graph(`start=${iso(-10)}&end=${iso(100)}`);
    expect(hour.status).toHaveLength(70);
    expect(hour.uptime).toMatchObject({ passed: 56, failed: 14 });
    const failedPoint = hour.status.find((point) => point.failed > 0)!;
    expect(failedPoint).not.toHaveProperty('status');
    const day = await graph(`start=${iso(-600)}&end=${iso(600)}`);
    // 70 one-minute runs fall into 15-minute buckets: 5 or 6 of them.
    expect(day.status.length).toBeGreaterThanOrEqual(5);
    expect(day.status.length).toBeLessThanOrEqual(6);
    expect(day.status.reduce((sum, point) => sum + point.count, 0)).toBe(70);
    for (const point of day.status) expect(Date.parse(point.time) % minutes(15)).toBe(0);
    const bad = await fetch(`${server.url}/api/canary/api/graph?check=nope`);
    expect(bad.status).toBe(400);
  });
});
