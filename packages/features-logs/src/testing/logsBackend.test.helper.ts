import { createFakeBackend, serverError, type FakeBackend } from '@opsdeck/testing';

// The logs calls answering as apps/server does (its logs service, reference §9); apps/server's
// featureStandIns and standIns contract tests hold this stand-in to the real server's replies.

export const ids = {
  /** Carries the server's own log and a file selector, as the demo's "Opsdeck server". */
  server: '0190c000-0000-7000-8000-000000000001',
  /** Its only selector is Loki's, which the embedded server does not read. */
  loki: '0190c000-0000-7000-8000-000000000002',
} as const;

export const LOKI_REFUSAL = 'a loki log selector is not supported by the embedded server';

const componentsWithLogs = [
  { id: ids.server, name: 'Opsdeck server', type: 'Application' },
  { id: ids.loki, name: 'payments-api', type: 'Application' },
];

const components = [
  {
    id: ids.server,
    labels: { app: 'opsdeck' },
    log_selectors: [
      { name: 'server', type: 'opsdeck', labels: {} },
      { name: 'files', type: 'file', labels: { backend: 'opsdeck-files' } },
    ],
  },
  {
    id: ids.loki,
    labels: { namespace: 'shop', cluster: 'eu-1' },
    log_selectors: [{ name: 'loki', type: 'loki', labels: {} }],
  },
];

const levels = ['info', 'info', 'debug', 'warn', 'error'] as const;

interface StandInLine {
  id: string;
  timestamp: string;
  message: string;
  labels: Record<string, string>;
}

/** `count` server log lines, one every 10 s back from now, the newest first. */
function serverLines(count: number, now = Date.now()): StandInLine[] {
  return Array.from({ length: count }, (_, index): StandInLine => {
    const level = levels[index % levels.length]!;
    const timestamp = new Date(now - index * 10_000).toISOString();
    // A request the server answered, as it logs one: the message, and the rest in labels.
    if (index === 7)
      return {
        id: String(count - index),
        timestamp,
        message: 'request',
        labels: {
          level: 'info',
          method: 'GET',
          path: '/api/db/components_with_logs',
          status: '200',
          user: 'admin@local',
        },
      };
    return {
      id: String(count - index),
      timestamp,
      message: `${level} line ${count - index} of the server log`,
      labels: { level },
    };
  });
}

export interface LogsBackend extends FakeBackend {
  /** The server selector's lines as the backend holds them now (a test may add newer ones). */
  lines: StandInLine[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const inList = (value: string | null) => value?.match(/^in\.\((.*)\)$/)?.[1]?.split(',') ?? [];

/** components_with_logs, components and `POST /api/logs`, as apps/server answers them. */
export async function startLogsBackend(lineCount = 60): Promise<LogsBackend> {
  const lines = serverLines(lineCount);
  const backend = await createFakeBackend({
    'GET /api/db/components_with_logs': () => componentsWithLogs,
    'GET /api/db/components': ({ query }) => {
      const wanted = inList(query.get('id'));
      return components.filter((component) => wanted.includes(component.id));
    },
    'POST /api/logs': ({ body }) => {
      const request = (body ?? {}) as {
        id?: string;
        name?: string;
        labels?: Record<string, string>;
      };
      if (!request.id) return serverError(400, 'component ID is required');
      if (!UUID.test(request.id))
        return serverError(400, `component ID ${request.id.slice(0, 40)} is not a uuid`);
      const component = components.find((candidate) => candidate.id === request.id);
      if (!component) return serverError(404, `component ${request.id} was not found`);
      const selector = request.name
        ? component.log_selectors.find((candidate) => candidate.name === request.name)
        : component.log_selectors[0];
      if (!selector)
        return serverError(
          404,
          `log selector with the name '${request.name ?? ''}' was not found. Available names: [${component.log_selectors.map((s) => s.name).join(', ')}]`,
        );
      if (selector.type === 'loki') return serverError(501, LOKI_REFUSAL);
      const labels = request.labels ?? {};
      const start = labels.start ? Date.parse(labels.start) : Date.now() - 3_600_000;
      const end = labels.end ? Date.parse(labels.end) : Date.now();
      if (Number.isNaN(start) || Number.isNaN(end))
        return serverError(400, 'labels.start: not a time (an ISO time, now, now-1h or 1h)');
      const wantedLevels = labels.level?.split(',');
      const text = labels.text?.toLowerCase();
      const matched = (selector.type === 'opsdeck' ? lines : [])
        .filter((line) => {
          const at = Date.parse(line.timestamp);
          return (
            at >= start &&
            at <= end &&
            (!wantedLevels || wantedLevels.includes(line.labels.level!)) &&
            (!text || line.message.toLowerCase().includes(text))
          );
        })
        .sort((a, b) => b.timestamp.localeCompare(a.timestamp));
      const limit = Number(labels.limit ?? 50);
      // The server's paging: `labels.page` is the offset a previous reply's nextPage gave.
      const offset = Number(labels.page ?? 0);
      return {
        total: matched.length,
        results: matched.slice(offset, offset + limit),
        nextPage: offset + limit < matched.length ? String(offset + limit) : '',
      };
    },
  });
  return Object.assign(backend, { lines });
}
