import { randomUUID } from 'node:crypto';
import { canaryContract } from '@opsdeck/contracts';
import { createFakeBackend, dbError, json, type RecordedRequest } from '@opsdeck/testing';

// The settings tables answering as apps/server's /api/db does (reference §6 "Settings resource
// lists", "Teams", "Job history"); apps/server's featureStandIns contract test holds this stand-in
// to the real server's replies. State is kept, so a test's save or delete is read back.

export const ids = {
  canary: '0191a000-0000-7000-8000-000000000001',
  /** A canary loaded from a resource file: read-only in the editor. */
  fileCanary: '0191a000-0000-7000-8000-000000000002',
  team: '0191a000-0000-7000-8000-000000000003',
  admin: '0191a000-0000-7000-8000-000000000004',
  viewer: '0191a000-0000-7000-8000-000000000005',
  job: '0191a000-0000-7000-8000-000000000006',
} as const;

const AGENT = '00000000-0000-0000-0000-000000000000';
const created = '2026-01-05T10:00:00Z';
type Row = Record<string, unknown>;

function initialTables(): Record<string, Row[]> {
  const common = {
    agent_id: AGENT,
    created_at: created,
    updated_at: created,
    created_by: ids.admin,
    deleted_at: null,
  };
  return {
    canaries: [
      {
        id: ids.canary,
        name: 'payments-api',
        namespace: 'default',
        labels: { team: 'payments' },
        spec: { http: [{ name: 'payments-api', url: 'http://127.0.0.1:8080/health' }] },
        schedule: '@every 5m',
        source: 'UI',
        ...common,
      },
      {
        id: ids.fileCanary,
        name: 'from-a-file',
        namespace: 'default',
        labels: null,
        spec: { tcp: [{ name: 'db', endpoint: 'db:5432' }] },
        schedule: null,
        source: 'ConfigFile',
        ...common,
      },
    ],
    teams: [
      {
        id: ids.team,
        name: 'platform',
        icon: 'group',
        spec: {},
        source: 'UI',
        created_by: ids.admin,
        created_at: created,
        updated_at: created,
        deleted_at: null,
      },
    ],
    topologies: [],
    incident_rules: [],
    logging_backends: [],
    config_scrapers: [],
  };
}

const people = [
  {
    id: ids.admin,
    name: 'Ada Admin',
    email: 'admin@local',
    avatar: null,
    type: null,
    team_id: null,
    organization: null,
    properties: null,
    external_id: null,
    created_at: created,
    updated_at: created,
    deleted_at: null,
    last_login: null,
  },
  {
    id: ids.viewer,
    name: 'Val Viewer',
    email: 'viewer@local',
    avatar: null,
    type: null,
    team_id: null,
    organization: null,
    properties: null,
    external_id: null,
    created_at: created,
    updated_at: created,
    deleted_at: null,
    last_login: null,
  },
];

const eqOf = (request: RecordedRequest, column: string) => {
  const value = request.query.get(column);
  return value?.startsWith('eq.') ? value.slice(3) : undefined;
};

/** A stand-in of the settings tables, team members, people and job history. */
export async function startSettingsBackend() {
  const tables = initialTables();
  let members: { team_id: string; person_id: string }[] = [
    { team_id: ids.team, person_id: ids.admin },
  ];
  const jobs = [
    {
      id: ids.job,
      agent_id: AGENT,
      name: 'Canary',
      success_count: 1,
      error_count: 0,
      details: null,
      hostname: 'opsdeck',
      duration_millis: 120,
      resource_type: 'canary',
      resource_id: ids.canary,
      status: 'SUCCESS',
      time_start: created,
      time_end: created,
      created_at: created,
      is_pushed: false,
      resource_name: 'payments-api',
      agent: { id: AGENT, name: 'local' },
    },
  ];
  const tableOf = (request: RecordedRequest) => tables[request.params.table ?? ''];
  const visible = (request: RecordedRequest, rows: Row[]) => {
    const id = eqOf(request, 'id');
    return rows
      .filter((row) => (id ? row.id === id : true))
      .filter((row) =>
        request.query.get('deleted_at') === 'is.null' ? row.deleted_at === null : true,
      );
  };
  return createFakeBackend({
    'GET /api/db/people': () => people,
    'GET /api/db/team_members': (request) => {
      const team = eqOf(request, 'team_id');
      return members
        .filter((member) => !team || member.team_id === team)
        .map((member) => ({
          team_id: member.team_id,
          person_id: people.find((person) => person.id === member.person_id) ?? member.person_id,
        }));
    },
    'POST /api/db/team_members': (request) => {
      const rows = request.body as { team_id: string; person_id: string }[];
      members = [...members, ...rows];
      return json(rows, { status: 201 });
    },
    'DELETE /api/db/team_members': (request) => {
      const team = eqOf(request, 'team_id');
      const person = eqOf(request, 'person_id');
      const gone = members.filter((m) => m.team_id === team && m.person_id === person);
      members = members.filter((m) => !gone.includes(m));
      return gone;
    },
    'GET /api/db/job_histories': (request) => {
      const rows = jobs.filter((job) => job.resource_id === eqOf(request, 'resource_id'));
      return json(rows, {
        headers: { 'content-range': rows.length ? `0-${rows.length - 1}/${rows.length}` : '*/0' },
      });
    },
    'GET /api/db/:table': (request) => {
      const rows = tableOf(request);
      if (!rows) return undefined;
      return visible(request, rows).sort((a, b) =>
        String(b.created_at).localeCompare(String(a.created_at)),
      );
    },
    'POST /api/db/:table': (request) => {
      const table = request.params.table ?? '';
      const rows = tableOf(request);
      if (!rows) return undefined;
      const body = request.body as Row;
      if (table === 'canaries') {
        const verdict = canaryContract.validate(body.spec ?? {});
        if (!verdict.ok) {
          const first = verdict.issues[0]!;
          return dbError(
            400,
            `canaries ${String(body.name)}: spec.${first.path}: ${first.message}`,
            {
              code: '22023',
            },
          );
        }
      }
      const now = new Date().toISOString();
      const row: Row = {
        ...Object.fromEntries(Object.keys(rows[0] ?? {}).map((key) => [key, null])),
        agent_id: AGENT,
        ...body,
        id: randomUUID(),
        created_by: ids.admin,
        created_at: now,
        updated_at: now,
        deleted_at: null,
      };
      rows.push(row);
      return json([row], { status: 201 });
    },
    'PATCH /api/db/:table': (request) => {
      const rows = tableOf(request);
      if (!rows) return undefined;
      const id = eqOf(request, 'id');
      const body = request.body as Row;
      return rows
        .filter((row) => row.id === id)
        .map((row) => Object.assign(row, body, { updated_at: new Date().toISOString() }));
    },
  });
}
