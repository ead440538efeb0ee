import {
  createFakeBackend,
  json,
  readJsonFixture,
  type FakeBackend,
  type RouteTable,
} from '@opsdeck/testing';

/** The reference backend's own expected summary (flanksource/duty), plus checks with labels. */
export const fixtureChecks = readJsonFixture<Array<Record<string, unknown>>>(
  'mission-control/expectations/check_status_summary.json',
);

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

export function labelledChecks(): Array<Record<string, unknown>> {
  return [
    {
      id: 'c-payments-api',
      canary_id: 'canary-payments',
      canary_name: 'payments-canary',
      canary_namespace: 'payments',
      agent_id: '00000000-0000-0000-0000-000000000000',
      name: 'payments-api',
      namespace: 'payments',
      type: 'http',
      description: 'Charges cards',
      labels: { env: 'prod', critical: 'true' },
      status: 'unhealthy',
      last_runtime: minutesAgo(90),
      last_transition_time: minutesAgo(120),
      created_at: '2024-01-01T00:00:00Z',
      uptime: { passed: 3, failed: 1 },
      latency: { rolling1h: 250, p95: 300, p97: 320, p99: 400 },
    },
    {
      id: 'c-payments-db',
      canary_id: 'canary-payments',
      canary_name: 'payments-canary',
      canary_namespace: 'payments',
      agent_id: '00000000-0000-0000-0000-000000000000',
      name: 'payments-db',
      namespace: 'payments',
      type: 'postgres',
      labels: { env: 'staging', critical: 'false' },
      status: 'unhealthy',
      last_runtime: minutesAgo(2),
      created_at: '2024-01-01T00:00:00Z',
      uptime: { passed: 0, failed: 5 },
      latency: { rolling1h: 1500 },
    },
  ];
}

export interface HealthBackend extends FakeBackend {
  /** `http://127.0.0.1:port/api`, the client's base URL. */
  baseUrl: string;
}

function statusRows(checkId: string, count: number, offset: number) {
  return Array.from({ length: count }, (_, i) => ({
    check_id: checkId,
    time: minutesAgo((offset + i) * 5),
    status: (offset + i) % 4 !== 0,
    duration: 100 + ((offset + i) % 10) * 50,
    message: `run ${offset + i}`,
    error: (offset + i) % 4 === 0 ? 'connection refused' : null,
  }));
}

/**
 * The health calls in the backend's wire shapes (summary, graph, PostgREST checks and
 * check_statuses with Content-Range, run-check), as a route table a test can extend or override.
 */
export function healthRoutes(
  checks = [...fixtureChecks, ...labelledChecks()],
  { historyTotal = 120 } = {},
): Partial<RouteTable> {
  return {
    '* /api/canary/api/summary': { duration: 1, runnerName: 'test', checks_summary: checks },
    'GET /api/canary/api/graph': () => ({
      status: Array.from({ length: 12 }, (_, i) => ({
        time: minutesAgo(60 - i * 5),
        status: i % 5 !== 0 ? true : undefined,
        duration: 100 + i * 10,
      })),
      latency: { p95: 210, p97: 215, p99: 220, rolling1h: 150 },
      uptime: { passed: 9, failed: 3 },
    }),
    'GET /api/db/checks': (request) => {
      const id = request.query.get('id')?.replace(/^eq\./, '') ?? '';
      const found = checks.find((c) => c.id === id);
      if (!found) return [];
      // A `checks` row: the summary's own columns (the canary's name and namespace, uptime,
      // latency) are not in the table; the canary comes embedded.
      const {
        canary_name: _canaryName,
        canary_namespace: _canaryNamespace,
        uptime: _uptime,
        latency: _latency,
        ...check
      } = found;
      return [
        {
          ...check,
          next_runtime: minutesAgo(-5),
          severity: 'critical',
          spec: {
            http: [{ name: check.name, url: 'http://127.0.0.1/health', responseCodes: [200] }],
          },
          canaries: {
            id: check.canary_id,
            name: found.canary_name,
            source: id === 'c-payments-db' ? 'kubernetes/payments/db' : 'UI',
          },
          agents: null,
          components: [{ components: { id: 'comp-1', name: 'payments-service', icon: null } }],
          configs: [
            {
              configs: {
                id: 'conf-1',
                name: 'payments-deployment',
                type: 'Kubernetes::Deployment',
              },
            },
          ],
        },
      ];
    },
    'GET /api/db/check_statuses': (request) => {
      const checkFilter = request.query.get('check_id') ?? '';
      if (checkFilter.startsWith('in.')) {
        const ids = checkFilter.slice(4, -1).split(',');
        return ids.flatMap((id) => statusRows(id, 5, 0));
      }
      const id = checkFilter.replace(/^eq\./, '');
      const limit = Number(request.query.get('limit') ?? 50);
      const offset = Number(request.query.get('offset') ?? 0);
      const count = Math.max(0, Math.min(limit, historyTotal - offset));
      return json(statusRows(id, count, offset), {
        status: count < historyTotal ? 206 : 200,
        headers: {
          'content-range': count
            ? `${offset}-${offset + count - 1}/${historyTotal}`
            : `*/${historyTotal}`,
        },
      });
    },
    'POST /api/canary/run/check/:id': () => ({
      name: 'run',
      start: new Date().toISOString(),
      pass: true,
      invalid: false,
      duration: 42,
      message: 'all good',
    }),
  };
}

/** A fake backend on 127.0.0.1 answering the health calls (see `healthRoutes`). */
export async function startHealthServer(
  checks?: Array<Record<string, unknown>>,
  options?: { historyTotal?: number },
): Promise<HealthBackend> {
  const backend = await createFakeBackend(healthRoutes(checks, options));
  return Object.assign(backend, { baseUrl: `${backend.url}/api` });
}
