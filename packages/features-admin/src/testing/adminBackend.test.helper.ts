import { randomUUID } from 'node:crypto';
import { createFakeBackend, json, serverError, type RecordedRequest } from '@opsdeck/testing';

// The administrator's tables answering as apps/server's /api/db does (reference §6 "Job history");
// apps/server's featureStandIns contract test holds this stand-in to the real server's replies.

export const adminIds = {
  canary: '0191b000-0000-7000-8000-000000000001',
  scraper: '0191b000-0000-7000-8000-000000000002',
  failedJob: '0191b000-0000-7000-8000-000000000010',
  okJob: '0191b000-0000-7000-8000-000000000011',
  slowJob: '0191b000-0000-7000-8000-000000000012',
  oldJob: '0191b000-0000-7000-8000-000000000013',
  admin: '0191b000-0000-7000-8000-000000000020',
  viewer: '0191b000-0000-7000-8000-000000000021',
  team: '0191b000-0000-7000-8000-000000000030',
  agent: '0191b000-0000-7000-8000-000000000050',
  failedEvent: '0191b000-0000-7000-8000-000000000060',
  pendingEvent: '0191b000-0000-7000-8000-000000000061',
  denyPermission: '0191b000-0000-7000-8000-000000000040',
  filePermission: '0191b000-0000-7000-8000-000000000041',
} as const;

function permissionRows(): Row[] {
  const row = (fields: Row): Row => ({
    name: null,
    namespace: null,
    description: null,
    error: null,
    source: 'UI',
    action: 'read',
    object: null,
    object_selector: null,
    deny: false,
    subject: null,
    subject_type: null,
    created_at: '2026-01-03T10:00:00Z',
    updated_at: '2026-01-03T10:00:00Z',
    deleted_at: null,
    created_by: { id: adminIds.admin, name: 'Ada Admin', avatar: null, email: 'admin@local' },
    updated_by: null,
    until: null,
    tags: null,
    agents: null,
    component_id: null,
    config_id: null,
    canary_id: null,
    playbook_id: null,
    connection_id: null,
    notification_id: null,
    person: null,
    team: null,
    notification: null,
    component_object: null,
    config_object: null,
    canary_object: null,
    playbook_object: null,
    connection_object: null,
    ...fields,
  });
  return [
    row({
      id: adminIds.denyPermission,
      action: 'playbook:run',
      deny: true,
      object: 'playbooks',
      subject: adminIds.viewer,
      subject_type: 'person',
      description: 'No runs for the viewer',
      person: { id: adminIds.viewer, name: 'Val Viewer', email: 'viewer@local' },
    }),
    row({
      id: adminIds.filePermission,
      source: 'ConfigFile',
      action: 'read',
      object: 'catalog',
      subject: adminIds.team,
      subject_type: 'team',
      team: { id: adminIds.team, namespace: 'UI', name: 'platform' },
      created_at: '2026-01-02T10:00:00Z',
    }),
  ];
}

interface StoredUser {
  id: string;
  first: string;
  last: string;
  email: string;
  roles: string[];
  state: string;
  lastLogin: string | null;
  createdAt: string;
}

function userRows(): StoredUser[] {
  return [
    {
      id: adminIds.admin,
      first: 'Ada',
      last: 'Admin',
      email: 'admin@local',
      roles: ['admin'],
      state: 'active',
      lastLogin: '2026-01-05T10:00:00Z',
      createdAt: '2026-01-01T10:00:00Z',
    },
    {
      id: adminIds.viewer,
      first: 'Val',
      last: 'Viewer',
      email: 'viewer@local',
      roles: ['viewer'],
      state: 'active',
      lastLogin: null,
      createdAt: '2026-01-02T10:00:00Z',
    },
  ];
}

const AGENT = '00000000-0000-0000-0000-000000000000';
type Row = Record<string, unknown>;

function jobRows(now: number): Row[] {
  const at = (hoursAgo: number) => new Date(now - hoursAgo * 3_600_000).toISOString();
  const job = (fields: Row, hoursAgo: number): Row => ({
    agent_id: AGENT,
    hostname: 'opsdeck',
    details: null,
    success_count: 0,
    error_count: 0,
    time_start: at(hoursAgo),
    time_end: at(hoursAgo),
    created_at: at(hoursAgo),
    // The reference's and apps/server's `agent {id,name}`: the local agent for the server's jobs.
    agent: { id: AGENT, name: 'local' },
    ...fields,
  });
  return [
    job(
      {
        id: adminIds.failedJob,
        name: 'CanaryRun',
        status: 'FAILED',
        resource_type: 'canary',
        resource_id: adminIds.canary,
        resource_name: 'payments-api',
        duration_millis: 1_200,
        error_count: 1,
        details: { errors: ['GET /health: connection refused'] },
      },
      1,
    ),
    job(
      {
        id: adminIds.okJob,
        name: 'CanaryRun',
        status: 'SUCCESS',
        resource_type: 'canary',
        resource_id: adminIds.canary,
        resource_name: 'payments-api',
        duration_millis: 300,
        success_count: 1,
      },
      2,
    ),
    job(
      {
        id: adminIds.slowJob,
        name: 'ConfigScraper',
        status: 'WARNING',
        resource_type: 'config_scraper',
        resource_id: adminIds.scraper,
        resource_name: 'kubernetes',
        duration_millis: 200_000,
        success_count: 40,
        error_count: 2,
        details: { scrape_summary: { 'Kubernetes::Pod': { added: 3 } } },
      },
      3,
    ),
    job(
      {
        id: adminIds.oldJob,
        name: 'CleanupJobHistory',
        status: 'RUNNING',
        resource_type: null,
        resource_id: null,
        resource_name: null,
        duration_millis: 10,
      },
      24 * 5,
    ),
  ];
}

const after = (prefix: string, value: string | null) =>
  value?.startsWith(prefix) ? value.slice(prefix.length) : undefined;

/** The PostgREST filters the job history page sends, over the stand-in's rows. */
function filtered(rows: Row[], request: RecordedRequest): Row[] {
  const q = request.query;
  const name = after('eq.', q.get('name'));
  const type = after('eq.', q.get('resource_type'));
  const duration = after('gte.', q.get('duration_millis'));
  const createdAt = q.getAll('created_at');
  const from = createdAt.map((v) => after('gte.', v)).find(Boolean);
  const to = createdAt.map((v) => after('lte.', v)).find(Boolean);
  const statuses = (q.get('status.filter') ?? '').split(',').filter(Boolean);
  const include = statuses.filter((s) => !s.startsWith('!'));
  const exclude = statuses.filter((s) => s.startsWith('!')).map((s) => s.slice(1));
  return rows.filter(
    (row) =>
      (!name || row.name === name) &&
      (!type || row.resource_type === type) &&
      (!duration || Number(row.duration_millis) >= Number(duration)) &&
      (!from || String(row.created_at) >= from) &&
      (!to || String(row.created_at) <= to) &&
      (include.length === 0 || include.includes(String(row.status))) &&
      !exclude.includes(String(row.status)),
  );
}

function ordered(rows: Row[], order: string | null): Row[] {
  const [column = 'created_at', direction = 'desc'] = (order ?? '').split('.');
  const sign = direction.startsWith('asc') ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = a[column] ?? '';
    const y = b[column] ?? '';
    return (
      (typeof x === 'number' && typeof y === 'number'
        ? x - y
        : String(x).localeCompare(String(y))) * sign
    );
  });
}

function agentRow(id: string, name: string): Row {
  return {
    id,
    name,
    description: null,
    hostname: null,
    version: 'v0.1.0',
    person_id: null,
    username: null,
    properties: {},
    tls: null,
    cleanup: false,
    last_seen: null,
    last_received: null,
    created_by: null,
    created_at: '2026-01-05T10:00:00Z',
    updated_at: '2026-01-05T10:00:00Z',
    deleted_at: null,
    config_count: 3,
    checks_count: 2,
    playbook_runs_count: 0,
    last_job_time: null,
  };
}

/** The columns of the permissions summary that the permissions table has not. */
const summaryOnly = new Set([
  'person',
  'team',
  'notification',
  'component_object',
  'config_object',
  'canary_object',
  'playbook_object',
  'connection_object',
]);

/** Columns of `select=a,b`; `*` keeps the row. */
function selected(row: Row, select: string | null): Row {
  if (!select || select.startsWith('*')) return row;
  return Object.fromEntries(select.split(',').map((column) => [column, row[column] ?? null]));
}

/** `?limit&offset` over rows, with the `Content-Range` PostgREST answers when counting. */
function page(rows: readonly Row[], query: URLSearchParams) {
  const offset = Number(query.get('offset') ?? 0);
  const limit = Number(query.get('limit') ?? rows.length);
  const slice = rows.slice(offset, offset + limit);
  const range = slice.length === 0 ? '*' : `${offset}-${offset + slice.length - 1}`;
  return json(slice, { headers: { 'Content-Range': `${range}/${rows.length}` } });
}

/** The event queue: a notification failing, a playbook action waiting (apps/server's seed does the same). */
function eventRows(now: number): Row[] {
  const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString();
  return [
    {
      id: adminIds.failedEvent,
      event_id: null,
      name: 'notification.send',
      properties: { id: adminIds.denyPermission },
      error: 'slack: rate limited',
      delay: null,
      attempts: 3,
      last_attempt: at(2),
      priority: 10,
      created_at: at(30),
    },
    {
      id: adminIds.pendingEvent,
      event_id: null,
      name: 'playbook.action',
      properties: {},
      error: null,
      delay: null,
      attempts: 0,
      last_attempt: null,
      priority: 5,
      created_at: at(1),
    },
  ];
}

/** `event_queue_summary` over the entries, as apps/server's view groups them. */
function eventSummary(events: readonly Row[]): Row[] {
  const names = [...new Set(events.map((event) => String(event.name)))];
  return names.map((name) => {
    const of = events.filter((event) => event.name === name);
    const failed = of.filter((event) => Number(event.attempts) > 0);
    const failures = of
      .filter((event) => event.error !== null)
      .map((event) => String(event.last_attempt))
      .sort();
    return {
      name,
      event_id: null,
      pending: of.length,
      failed: failed.length,
      average_attempts: of.reduce((sum, event) => sum + Number(event.attempts), 0) / of.length,
      first_failure: of.map((event) => String(event.created_at)).sort()[0] ?? null,
      last_failure: failures.at(-1) ?? null,
      most_common_error:
        of
          .map((event) => event.error)
          .filter(Boolean)
          .sort()
          .at(-1) ?? null,
    };
  });
}

/** The audit trail: a permission updated (a secret masked), two teams inserted at once, a flag deleted. */
function auditRows(now: number): Row[] {
  const at = (hoursAgo: number) => new Date(now - hoursAgo * 3_600_000).toISOString();
  const permission = permissionRows()[0]!;
  return [
    {
      id: 3,
      at: at(1),
      actor: adminIds.admin,
      table_name: 'permissions',
      action: 'update',
      ids: [adminIds.denyPermission],
      row_count: 1,
      before: [
        {
          id: adminIds.denyPermission,
          action: 'playbook:run',
          deny: false,
          description: null,
          token: '********',
        },
      ],
      after: [
        {
          id: adminIds.denyPermission,
          action: 'playbook:run',
          deny: permission.deny,
          description: permission.description,
          token: '********',
        },
      ],
    },
    {
      id: 2,
      at: at(5),
      actor: adminIds.viewer,
      table_name: 'teams',
      action: 'insert',
      ids: [adminIds.team, '0191b000-0000-7000-8000-000000000031'],
      row_count: 2,
      before: null,
      after: [
        { id: adminIds.team, name: 'platform' },
        { id: '0191b000-0000-7000-8000-000000000031', name: 'payments' },
      ],
    },
    {
      id: 1,
      at: at(24 * 3),
      actor: 'system',
      table_name: 'properties',
      action: 'delete',
      ids: ['settings.old.disable'],
      row_count: 1,
      before: [{ name: 'settings.old.disable', value: 'true' }],
      after: null,
    },
  ];
}

/** The audit trail's filters (eq on actor, table_name and action; `at` bounded). */
function auditFiltered(rows: Row[], request: RecordedRequest): Row[] {
  const q = request.query;
  const actor = after('eq.', q.get('actor'));
  const table = after('eq.', q.get('table_name'));
  const action = after('eq.', q.get('action'));
  const at = q.getAll('at');
  const from = at.map((v) => after('gte.', v)).find(Boolean);
  const to = at.map((v) => after('lte.', v)).find(Boolean);
  return rows.filter(
    (row) =>
      (!actor || row.actor === actor) &&
      (!table || row.table_name === table) &&
      (!action || row.action === action) &&
      (!from || String(row.at) >= from) &&
      (!to || String(row.at) <= to),
  );
}

/** A stand-in of job history and the job names (more tables follow the pages that read them). */
export async function startAdminBackend({ now = Date.now() }: { now?: number } = {}) {
  const jobs = jobRows(now);
  const events = eventRows(now);
  const audit = auditRows(now);
  const users = userRows();
  let permissions = permissionRows();
  const agents: Row[] = [agentRow(adminIds.agent, 'eu-west')];
  let properties: Row[] = [
    {
      name: 'settings.jobs.disable',
      value: 'false',
      created_at: '2026-01-04T10:00:00Z',
      updated_at: '2026-01-04T10:00:00Z',
      deleted_at: null,
      created_by: { id: adminIds.admin, name: 'Ada Admin' },
    },
  ];
  const teams = [{ id: adminIds.team, name: 'platform', deleted_at: null }];
  const backend = await createFakeBackend({
    // apps/server keeps Mission Control's identities table empty (its own are not under /api/db).
    'GET /api/db/identities': () => [],
    'GET /api/db/people': (request) =>
      [...users]
        .sort((a, b) => `${a.first} ${a.last}`.localeCompare(`${b.first} ${b.last}`))
        .map((user) => ({
          id: user.id,
          name: `${user.first} ${user.last}`.trim(),
          email: user.email,
          last_login: user.lastLogin,
          created_at: user.createdAt,
          deleted_at: user.state === 'active' ? null : user.createdAt,
        }))
        .map((row) => selected(row, request.query.get('select'))),
    'GET /api/db/people_roles': () =>
      users
        .filter((user) => user.state === 'active')
        .map((user) => ({
          id: user.id,
          name: `${user.first} ${user.last}`.trim(),
          email: user.email,
          roles: user.roles,
        })),
    'GET /api/db/properties': () => properties.filter((p) => p.deleted_at === null),
    'POST /api/db/properties': (request) => {
      const body = request.body as Row;
      if (properties.some((p) => p.name === body.name))
        return serverError(409, `property ${String(body.name)} exists`);
      const at = new Date(now).toISOString();
      const row: Row = { ...body, created_at: at, updated_at: at, deleted_at: null };
      properties = [
        ...properties,
        { ...row, created_by: { id: adminIds.admin, name: 'Ada Admin' } },
      ];
      return json([{ ...row, created_by: adminIds.admin }], { status: 201 });
    },
    'PATCH /api/db/properties': (request) => {
      const name = after('eq.', request.query.get('name'));
      return properties
        .filter((p) => p.name === name)
        .map((p) => Object.assign(p, request.body as Row));
    },
    'GET /api/db/agents_summary': () => agents.filter((agent) => agent.deleted_at === null),
    'PATCH /api/db/agents': (request) => {
      const id = after('eq.', request.query.get('id'));
      // The table's row answers: without the summary's counts.
      return agents
        .filter((a) => a.id === id)
        .map((a) => Object.assign(a, request.body as Row))
        .map(({ config_count, checks_count, playbook_runs_count, last_job_time, ...row }) => {
          void [config_count, checks_count, playbook_runs_count, last_job_time];
          return row;
        });
    },
    'POST /api/agent/generate': (request) => {
      const body = request.body as { name: string; description?: string };
      if (agents.some((a) => a.name === body.name && a.deleted_at === null))
        return serverError(409, `an agent named ${body.name} already exists`);
      const id = randomUUID();
      agents.push({ ...agentRow(id, body.name), description: body.description ?? null });
      return json(
        { id: randomUUID(), username: 'agent-0123456789abcdef', access_token: 'stand-in-token' },
        { status: 201 },
      );
    },
    'GET /api/db/permissions_summary': (request) => page(permissions, request.query),
    'GET /api/db/teams': (request) =>
      teams.map((team) => selected(team, request.query.get('select'))),
    'POST /api/db/permissions': (request) => {
      const body = request.body as Row;
      const subject = String(body.subject ?? '');
      const stored: Row = {
        ...permissionRows()[0],
        ...body,
        id: randomUUID(),
        created_at: new Date(now).toISOString(),
        updated_at: new Date(now).toISOString(),
        person: null,
        team: body.subject_type === 'team' ? (teams.find((t) => t.id === subject) ?? null) : null,
      };
      permissions = [stored, ...permissions];
      // The table's row answers, not the summary's: no embeds, created_by an id.
      const row = Object.fromEntries(
        Object.entries(stored).filter(([key]) => !summaryOnly.has(key)),
      );
      return json([{ ...row, created_by: adminIds.admin }], { status: 201 });
    },
    'PATCH /api/db/permissions': (request) => {
      const id = after('eq.', request.query.get('id'));
      const target = permissions.find((p) => p.id === id);
      if (target?.source !== 'UI')
        return serverError(409, `permission ${id} is defined in ${String(target?.source)}`);
      Object.assign(target, request.body as Row);
      return [target];
    },
    'DELETE /api/db/permissions': (request) => {
      const id = after('eq.', request.query.get('id'));
      const gone = permissions.filter((p) => p.id === id);
      permissions = permissions.filter((p) => p.id !== id);
      return gone;
    },
    'POST /api/auth/invite_user': (request) => {
      const body = request.body as {
        firstName?: string;
        lastName?: string;
        email: string;
        role: string;
      };
      if (users.some((user) => user.email === body.email))
        return serverError(409, `${body.email} already has an account`);
      users.push({
        id: randomUUID(),
        first: body.firstName ?? '',
        last: body.lastName ?? '',
        email: body.email,
        roles: [body.role],
        state: 'active',
        lastLogin: null,
        createdAt: new Date(now).toISOString(),
      });
      return { link: `${backend.url}/invite?token=stand-in-token` };
    },
    'POST /api/people/update': (request) => {
      const body = request.body as { id: string; role?: string };
      const user = users.find((one) => one.id === body.id);
      if (!user) return serverError(404, `person ${body.id} not found`);
      if (body.role) user.roles = [body.role];
      return { email: user.email, name: { first: user.first, last: user.last } };
    },
    'DELETE /api/people/:id': (request) => {
      const user = users.find((one) => one.id === request.params.id);
      if (!user) return serverError(404, `person ${request.params.id} not found`);
      if (user.id === adminIds.admin) return serverError(400, 'you cannot deactivate yourself');
      user.state = 'inactive';
      return { message: 'person deactivated' };
    },
    'GET /api/db/job_histories': (request) =>
      page(ordered(filtered(jobs, request), request.query.get('order')), request.query),
    'GET /api/db/event_queue_summary': (request) =>
      page(ordered(eventSummary(events), request.query.get('order')), request.query),
    'GET /api/db/event_queue': (request) => {
      const name = after('eq.', request.query.get('name'));
      return ordered(
        events.filter((event) => event.name === name && Number(event.attempts) > 0),
        'last_attempt.desc',
      ).map((event) => selected(event, request.query.get('select')));
    },
    'GET /api/db/audit_log': (request) => page(auditFiltered(audit, request), request.query),
    'GET /api/db/job_history_names': () =>
      [...new Set(jobs.map((job) => String(job.name)))].sort().map((name) => ({ name })),
  });
  return backend;
}
