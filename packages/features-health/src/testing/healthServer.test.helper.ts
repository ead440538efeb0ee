import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The reference backend's own expected summary (flanksource/duty), plus checks with labels. */
export const fixtureChecks: Array<Record<string, unknown>> = JSON.parse(
  // jsdom replaces URL, so resolve the path with node:path instead.
  readFileSync(resolve(dirname(fileURLToPath(import.meta.url)), '../../../../../shared/fixtures/mission-control/expectations/check_status_summary.json'), 'utf8'),
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

export interface RecordedRequest {
  method: string;
  path: string;
  params: URLSearchParams;
}

export interface HealthServer {
  baseUrl: string;
  requests: RecordedRequest[];
  close: () => Promise<void>;
  historyTotal: number;
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

async function body(request: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of request) text += chunk;
  return text;
}

/**
 * A real HTTP server on 127.0.0.1 answering the health calls in the backend's wire shapes
 * (summary, graph, PostgREST checks and check_statuses with Content-Range, run-check).
 */
export async function startHealthServer(checks = [...fixtureChecks, ...labelledChecks()]): Promise<HealthServer> {
  const requests: RecordedRequest[] = [];
  const state = { historyTotal: 120 };
  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    requests.push({ method: request.method ?? 'GET', path: url.pathname, params: url.searchParams });
    await body(request);
    const json = (status: number, value: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(JSON.stringify(value));
    };
    const path = url.pathname;
    if (path === '/api/canary/api/summary') return json(200, { duration: 1, runnerName: 'test', checks_summary: checks });
    if (path === '/api/canary/api/graph') {
      return json(200, {
        status: Array.from({ length: 12 }, (_, i) => ({ time: minutesAgo(60 - i * 5), status: i % 5 !== 0 ? true : undefined, duration: 100 + i * 10 })),
        latency: { p95: 210, p97: 215, p99: 220, rolling1h: 150 },
        uptime: { passed: 9, failed: 3 },
      });
    }
    if (path === '/api/db/checks') {
      const id = url.searchParams.get('id')?.replace(/^eq\./, '') ?? '';
      const check = checks.find((c) => c.id === id);
      if (!check) return json(200, []);
      return json(200, [
        {
          ...check,
          next_runtime: minutesAgo(-5),
          severity: 'critical',
          spec: { http: [{ name: check.name, url: 'http://127.0.0.1/health', responseCodes: [200] }] },
          canaries: { id: check.canary_id, name: check.canary_name, source: id === 'c-payments-db' ? 'kubernetes/payments/db' : 'UI' },
          agents: null,
          components: [{ components: { id: 'comp-1', name: 'payments-service', icon: null } }],
          configs: [{ configs: { id: 'conf-1', name: 'payments-deployment', type: 'Kubernetes::Deployment' } }],
        },
      ]);
    }
    if (path === '/api/db/check_statuses') {
      const checkFilter = url.searchParams.get('check_id') ?? '';
      if (checkFilter.startsWith('in.')) {
        const ids = checkFilter.slice(4, -1).split(',');
        return json(200, ids.flatMap((id) => statusRows(id, 5, 0)));
      }
      const id = checkFilter.replace(/^eq\./, '');
      const limit = Number(url.searchParams.get('limit') ?? 50);
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const total = state.historyTotal;
      const count = Math.max(0, Math.min(limit, total - offset));
      return json(count < total ? 206 : 200, statusRows(id, count, offset), {
        'content-range': count ? `${offset}-${offset + count - 1}/${total}` : `*/${total}`,
      });
    }
    if (request.method === 'POST' && path.startsWith('/api/canary/run/check/')) {
      return json(200, { name: 'run', start: new Date().toISOString(), pass: true, invalid: false, duration: 42, message: 'all good' });
    }
    json(404, { error: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/api`,
    requests,
    get historyTotal() {
      return state.historyTotal;
    },
    set historyTotal(value: number) {
      state.historyTotal = value;
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
