import { randomUUID } from 'node:crypto';
import { validateConnectionRecord } from '@opsdeck/contracts/connection';
import { createFakeBackend, dbError, json, type RecordedRequest } from '@opsdeck/testing';

// `connections` and the connection test answering as apps/server does (reference §6 "Connections"):
// secrets read back as `********` (a reference stays visible), a masked value written back keeps
// the stored one, deletion is soft. apps/server's featureStandIns contract test holds this stand-in
// to the real server's replies. State is kept, so a test's save or delete is read back.

export const ids = {
  http: '0191b000-0000-7000-8000-000000000001',
  slack: '0191b000-0000-7000-8000-000000000002',
  /** Loaded from a resource file: read-only in the form. */
  fromFile: '0191b000-0000-7000-8000-000000000003',
  admin: '0191b000-0000-7000-8000-000000000004',
  scraper: '0191b000-0000-7000-8000-000000000005',
  topology: '0191b000-0000-7000-8000-000000000006',
  logBackend: '0191b000-0000-7000-8000-000000000007',
} as const;

const AGENT = '00000000-0000-0000-0000-000000000000';

/** What the stand-in stores as the http connection's password; never in a reply. */
export const STORED_PASSWORD = 'hunter2-stored';
const MASK = '********';
const SECRET_COLUMNS = ['username', 'password', 'certificate'] as const;
const created = '2026-01-05T10:00:00Z';
type Row = Record<string, unknown>;

const admin = { id: ids.admin, name: 'Ada Admin', avatar: null, email: 'admin@local' };

function initialRows(): Row[] {
  const common = {
    certificate: null,
    insecure_tls: false,
    created_by: ids.admin,
    created_at: created,
    updated_at: created,
    deleted_at: null,
  };
  return [
    {
      ...common,
      id: ids.http,
      name: 'opsdeck-api',
      namespace: 'mission-control',
      type: 'http',
      url: 'http://127.0.0.1:8080/health',
      username: 'probe',
      password: STORED_PASSWORD,
      properties: null,
      source: 'UI',
    },
    {
      ...common,
      id: ids.slack,
      name: 'ops-slack',
      namespace: 'default',
      type: 'slack',
      url: 'slack://$(password)@alerts?botname=opsdeck',
      username: 'opsdeck',
      password: 'secret://slack/bot-token',
      properties: { channel: 'alerts' },
      source: 'UI',
    },
    {
      ...common,
      id: ids.fromFile,
      name: 'from-a-file',
      namespace: 'default',
      type: 'prometheus',
      url: 'http://prometheus.monitoring:9090',
      username: null,
      password: null,
      properties: null,
      source: 'ConfigFile',
    },
  ];
}

/** `integrations_with_status`: a scraper that ran, a topology that failed, a log backend. */
function integrationRows(): Row[] {
  const base = {
    description: '',
    source: 'UI',
    agent_id: AGENT,
    created_by: ids.admin,
    updated_at: created,
    deleted_at: null,
    job_name: null,
    job_status: null,
    job_success_count: null,
    job_error_count: null,
    job_time_start: null,
    job_time_end: null,
    job_last_failed: null,
    agent: { id: AGENT, name: 'local' },
    creator_name: 'Ada Admin',
    creator_avatar: null,
    creator_email: 'admin@local',
  };
  return [
    {
      ...base,
      id: ids.scraper,
      name: 'kubernetes-cluster',
      integration_type: 'scrapers',
      created_at: '2026-01-05T10:00:03Z',
      job_name: 'ConfigScraper',
      job_status: 'SUCCESS',
      job_success_count: 42,
      job_error_count: 0,
      job_time_start: '2026-01-05T11:00:00Z',
      job_time_end: '2026-01-05T11:00:05Z',
    },
    {
      ...base,
      id: ids.topology,
      name: 'payments-topology',
      integration_type: 'topologies',
      created_at: '2026-01-05T10:00:02Z',
      job_name: 'Topology',
      job_status: 'FAILED',
      job_success_count: 0,
      job_error_count: 3,
      job_time_start: '2026-01-05T11:30:00Z',
      job_time_end: '2026-01-05T11:30:01Z',
      job_last_failed: '2026-01-05T11:30:00Z',
    },
    {
      ...base,
      id: ids.logBackend,
      name: 'loki',
      integration_type: 'logging_backends',
      created_at: '2026-01-05T10:00:01Z',
      agent: null,
    },
  ];
}

const isReference = (value: unknown) =>
  typeof value === 'string' && /^(secret|configmap):\/\//.test(value);

/** A row as a reader sees it: stored secrets masked, the creator embedded. */
function readable(row: Row): Row {
  const out: Row = { ...row, created_by: row.created_by === ids.admin ? admin : null };
  for (const column of SECRET_COLUMNS) {
    const value = row[column];
    if (typeof value === 'string' && value !== '' && !isReference(value) && column !== 'username')
      out[column] = MASK;
  }
  return out;
}

const eqOf = (request: RecordedRequest, column: string) => {
  const value = request.query.get(column);
  return value?.startsWith('eq.') ? value.slice(3) : undefined;
};

export interface ConnectionsBackendOptions {
  /** Answer of `POST /api/connection/test/{id}`; default: the http connection passes. */
  testReply?: (id: string) => { status: number; body: unknown };
  /** This many more http connections, `bulk-001`…, one a minute older than the one before. */
  extra?: number;
}

function extraRows(count: number): Row[] {
  return Array.from({ length: count }, (_, index) => {
    const n = String(index + 1).padStart(3, '0');
    return {
      ...initialRows()[2]!,
      id: `0191b001-0000-7000-8000-000000000${n}`,
      name: `bulk-${n}`,
      type: 'http',
      url: `http://127.0.0.1:9/${n}`,
      source: 'UI',
      created_at: new Date(Date.parse(created) - (index + 1) * 60_000).toISOString(),
    };
  });
}

/** PostgREST's `ilike.*text*` as the list sends it: `*` is any run of characters. */
function ilikeMatcher(filter: string | null): (value: unknown) => boolean {
  if (!filter?.startsWith('ilike.')) return () => true;
  const escaped = filter
    .slice('ilike.'.length)
    .split('*')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const pattern = new RegExp(`^${escaped.join('.*')}$`, 'i');
  return (value) => pattern.test(String(value ?? ''));
}

/** A stand-in of `connections` through /api/db and `POST /api/connection/test/{id}`. */
export async function startConnectionsBackend(options: ConnectionsBackendOptions = {}) {
  const rows = [...initialRows(), ...extraRows(options.extra ?? 0)];
  const integrations = integrationRows();
  const live = () => rows.filter((row) => row.deleted_at === null);
  const testReply =
    options.testReply ??
    ((id: string) =>
      id === ids.http
        ? { status: 200, body: { message: 'ok', payload: { status: 200 } } }
        : { status: 400, body: { error: 'connect ECONNREFUSED 127.0.0.1:9090' } });
  const refusal = (body: Row) => {
    const verdict = validateConnectionRecord(body);
    if (verdict.ok) return undefined;
    const first = verdict.issues[0]!;
    return dbError(400, `connections ${String(body.name)}: ${first.path}: ${first.message}`, {
      code: '22023',
    });
  };
  const backend = await createFakeBackend({
    'GET /api/db/connections': (request) => {
      const id = eqOf(request, 'id');
      const type = eqOf(request, 'type');
      const named = ilikeMatcher(request.query.get('name'));
      const [column = 'created_at', direction = 'desc'] = (
        request.query.get('order') ?? 'created_at.desc'
      )
        .split(',')[0]!
        .split('.');
      const matching = live()
        .filter((row) => (id ? row.id === id : true))
        .filter((row) => (type ? row.type === type : true))
        .filter((row) => named(row.name))
        .sort((a, b) => {
          const order = String(a[column] ?? '').localeCompare(String(b[column] ?? ''));
          return direction === 'asc' ? order : -order;
        });
      const limit = Number(request.query.get('limit') ?? matching.length);
      const offset = Number(request.query.get('offset') ?? 0);
      const page = matching.slice(offset, offset + limit).map(readable);
      const range = page.length ? `${offset}-${offset + page.length - 1}` : '*';
      return json(page, { headers: { 'content-range': `${range}/${matching.length}` } });
    },
    'POST /api/db/connections': (request) => {
      const body = request.body as Row;
      const refused = refusal(body);
      if (refused) return refused;
      if (live().some((row) => row.name === body.name && row.namespace === body.namespace))
        return dbError(409, `connection ${String(body.name)} already exists`, { code: '23505' });
      const now = new Date().toISOString();
      const row: Row = {
        ...Object.fromEntries(Object.keys(rows[0]!).map((key) => [key, null])),
        insecure_tls: false,
        ...body,
        id: randomUUID(),
        source: 'UI',
        created_by: ids.admin,
        created_at: now,
        updated_at: now,
        deleted_at: null,
      };
      rows.push(row);
      return json([readable(row)], { status: 201 });
    },
    'PATCH /api/db/connections': (request) => {
      const id = eqOf(request, 'id');
      const body = { ...(request.body as Row) };
      const found = rows.filter((row) => row.id === id);
      for (const row of found) {
        if (row.source === 'ConfigFile')
          return dbError(409, 'connection is managed by a ConfigFile', { code: '42501' });
        // A masked secret written back keeps the stored one.
        for (const column of SECRET_COLUMNS) if (body[column] === MASK) delete body[column];
        if (!('deleted_at' in body) || Object.keys(body).length > 1) {
          const refused = refusal({ ...row, ...body });
          if (refused) return refused;
        }
        Object.assign(row, body, { updated_at: new Date().toISOString() });
      }
      return found.map(readable);
    },
    'GET /api/db/integrations_with_status': (request) => {
      const limit = Number(request.query.get('limit') ?? integrations.length);
      const offset = Number(request.query.get('offset') ?? 0);
      const [column = 'created_at', direction] = (request.query.get('order') ?? '').split('.');
      const sorted = [...integrations].sort((a, b) => {
        const order = String(a[column] ?? '').localeCompare(String(b[column] ?? ''));
        return direction === 'asc' ? order : -order;
      });
      const page = sorted.slice(offset, offset + limit);
      const range = page.length ? `${offset}-${offset + page.length - 1}` : '*';
      return json(page, { headers: { 'content-range': `${range}/${integrations.length}` } });
    },
    'POST /api/connection/test/:id': (request) => {
      const id = request.params.id ?? '';
      if (!live().some((row) => row.id === id))
        return json({ error: `connection ${id} not found` }, { status: 404 });
      const reply = testReply(id);
      return json(reply.body, { status: reply.status });
    },
  });
  /** The stored row of an id, secrets in clear (what the server keeps). */
  const stored = (id: string) => rows.find((row) => row.id === id);
  return Object.assign(backend, { stored });
}
