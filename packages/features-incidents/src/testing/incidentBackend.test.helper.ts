import { createFakeBackend, json, type FakeBackend, type RecordedRequest } from '@opsdeck/testing';

// A small stateful stand-in for the incident tables over PostgREST: what the console writes it
// keeps, and what it keeps it answers, with the embeds of reference §1's requests. Test data only.

export const ada = { id: 'p-ada', name: 'Ada Lovelace', email: 'ada@example.com', avatar: null };
export const grace = {
  id: 'p-grace',
  name: 'Grace Hopper',
  email: 'grace@example.com',
  avatar: null,
};

interface Row {
  id: string;
  [key: string]: unknown;
}

export interface IncidentState {
  incidents: Row[];
  hypotheses: Row[];
  evidences: Row[];
  comments: Row[];
  responders: Row[];
  history: Row[];
}

let sequence = 0;
const nextId = (prefix: string) => `${prefix}-${++sequence}`;

/** Two incidents: one with a single root hypothesis, one with a tree of three. */
export function seedState(): IncidentState {
  return {
    incidents: [
      {
        id: 'inc-api',
        incident_id: 'INC-1',
        title: 'API latency',
        severity: 'high',
        type: 'performance',
        status: 'open',
        created_at: '2024-05-02T10:00:00Z',
        commander_id: ada.id,
        communicator_id: ada.id,
      },
      {
        id: '3f6c1d2e-9a4b-4c5d-8e7f-0a1b2c3d4e5f',
        incident_id: 'INC-2',
        title: 'Database failover',
        severity: 'Critical',
        type: 'availability',
        status: 'investigating',
        created_at: '2024-05-01T10:00:00Z',
        commander_id: grace.id,
        communicator_id: ada.id,
      },
    ],
    hypotheses: [
      {
        id: 'hyp-api',
        incident_id: 'inc-api',
        type: 'root',
        title: 'Slow queries',
        status: 'likely',
        parent_id: null,
        created_at: '2024-05-02T10:01:00Z',
      },
      {
        id: 'hyp-db',
        incident_id: '3f6c1d2e-9a4b-4c5d-8e7f-0a1b2c3d4e5f',
        type: 'root',
        title: 'Primary lost',
        status: 'proven',
        parent_id: null,
        created_at: '2024-05-01T10:01:00Z',
      },
      {
        id: 'hyp-db-factor',
        incident_id: '3f6c1d2e-9a4b-4c5d-8e7f-0a1b2c3d4e5f',
        type: 'factor',
        title: 'Disk full',
        status: 'possible',
        parent_id: 'hyp-db',
        created_at: '2024-05-01T10:02:00Z',
      },
      {
        id: 'hyp-db-solution',
        incident_id: '3f6c1d2e-9a4b-4c5d-8e7f-0a1b2c3d4e5f',
        type: 'solution',
        title: 'Grow the volume',
        status: 'unlikely',
        parent_id: 'hyp-db-factor',
        created_at: '2024-05-01T10:03:00Z',
      },
    ],
    evidences: [
      {
        id: 'ev-check',
        hypothesis_id: 'hyp-db',
        type: 'check',
        check_id: 'check-pg',
        description: 'Postgres check failing',
        definition_of_done: true,
        done: false,
      },
      {
        id: 'ev-change',
        hypothesis_id: 'hyp-db-factor',
        type: 'config_change',
        config_id: 'cfg-pg',
        config_change_id: 'chg-1',
        description: 'Volume resized',
        definition_of_done: false,
      },
    ],
    comments: [
      {
        id: 'com-1',
        hypothesis_id: 'hyp-db',
        incident_id: '3f6c1d2e-9a4b-4c5d-8e7f-0a1b2c3d4e5f',
        comment: 'Failover took 4 minutes',
        created_at: '2024-05-01T10:05:00Z',
        created_by: ada.id,
      },
    ],
    responders: [
      {
        id: 'resp-1',
        incident_id: '3f6c1d2e-9a4b-4c5d-8e7f-0a1b2c3d4e5f',
        type: 'person',
        person_id: grace.id,
      },
    ],
    history: [
      {
        id: 'hist-1',
        incident_id: '3f6c1d2e-9a4b-4c5d-8e7f-0a1b2c3d4e5f',
        type: 'incident.created',
        description: 'INC-2',
        created_at: '2024-05-01T10:00:00Z',
        created_by: ada.id,
      },
      {
        id: 'hist-2',
        incident_id: '3f6c1d2e-9a4b-4c5d-8e7f-0a1b2c3d4e5f',
        type: 'evidence.created',
        hypothesis_id: 'hyp-db',
        evidence_id: 'ev-check',
        created_at: '2024-05-01T10:04:00Z',
        created_by: ada.id,
      },
      {
        id: 'hist-3',
        incident_id: '3f6c1d2e-9a4b-4c5d-8e7f-0a1b2c3d4e5f',
        type: 'incident.status_updated',
        description: 'investigating',
        created_at: '2024-05-01T10:06:00Z',
        created_by: ada.id,
      },
    ],
  };
}

const people = [ada, grace];
const person = (id: unknown) => people.find((p) => p.id === id) ?? null;
/** A person as the embeds that select `id,name,avatar` give them (no email). */
const avatar = (id: unknown) => {
  const found = person(id);
  return found && { id: found.id, name: found.name, avatar: found.avatar };
};

/** `eq.x` → x; `ilike.*x*` → a case-insensitive substring test. */
function eqValue(query: URLSearchParams, key: string): string | undefined {
  const value = query.get(key);
  return value?.startsWith('eq.') ? value.slice(3) : undefined;
}
function titleMatches(query: URLSearchParams, title: unknown): boolean {
  const pattern = query.get('title');
  if (!pattern?.startsWith('ilike.')) return true;
  const needle = pattern
    .slice('ilike.'.length)
    .replace(/^\*|\*$/g, '')
    .toLowerCase();
  return String(title).toLowerCase().includes(needle);
}
const newest = (a: Row, b: Row) =>
  String(b.created_at ?? '').localeCompare(String(a.created_at ?? ''));

function detail(state: IncidentState, incident: Row) {
  return {
    ...incident,
    commander: person(incident.commander_id),
    communicator_id: person(incident.communicator_id),
    hypotheses: state.hypotheses
      .filter((h) => h.incident_id === incident.id)
      .map((h) => ({
        ...h,
        created_by: person(h.created_by),
        evidences: state.evidences.filter((e) => e.hypothesis_id === h.id),
        comments: state.comments
          .filter((c) => c.hypothesis_id === h.id)
          // The detail's select: created_at, comment, external_created_by, responder_id, created_by, id.
          .map((c) => ({
            id: c.id,
            created_at: c.created_at,
            comment: c.comment,
            external_created_by: null,
            responder_id: null,
            created_by: person(c.created_by),
          })),
      })),
  };
}

function summary(state: IncidentState, incident: Row) {
  // incident_summary names its people by id, name and avatar, and has no communicator.
  const { communicator_id: _communicator, ...row } = incident;
  return {
    ...row,
    commander: avatar(incident.commander_id),
    responders: state.responders
      .filter((r) => r.incident_id === incident.id)
      .map((r) => avatar(r.person_id)),
    commenters: [],
  };
}

function created(row: Row) {
  return json([row], { status: 201 });
}

/** The fake backend over `state`; `roles` answer whoami. */
export async function startIncidentBackend(
  state: IncidentState,
  roles: () => string[],
): Promise<FakeBackend> {
  return createFakeBackend({
    'GET /api/auth/whoami': () => ({
      message: 'success',
      payload: { user: ada, roles: roles(), permissions: [] },
    }),
    'GET /api/db/incidents': ({ query }: RecordedRequest) => {
      const id = eqValue(query, 'id');
      if (id) {
        const incident = state.incidents.find((i) => i.id === id);
        return incident ? [detail(state, incident)] : [];
      }
      return state.incidents
        .filter((i) => titleMatches(query, i.title))
        .sort(newest)
        .map((i) => ({
          ...i,
          hypotheses: state.hypotheses
            .filter((h) => h.incident_id === i.id)
            .map((h) => ({ id: h.id, type: h.type })),
        }));
    },
    'GET /api/db/incident_summary': ({ query }: RecordedRequest) => {
      const status = eqValue(query, 'status');
      const rows = state.incidents
        .filter((i) => titleMatches(query, i.title))
        .filter((i) => !status || i.status === status)
        .sort(newest)
        .map((i) => summary(state, i));
      return json(rows, { headers: { 'Content-Range': `0-${rows.length - 1}/${rows.length}` } });
    },
    'GET /api/db/hypotheses': ({ query }: RecordedRequest) => {
      const incident = eqValue(query, 'incident_id');
      return state.hypotheses
        .filter((h) => h.incident_id === incident && titleMatches(query, h.title))
        .sort(newest);
    },
    'GET /api/db/incident_histories': ({ query }: RecordedRequest) =>
      state.history
        .filter((h) => h.incident_id === eqValue(query, 'incident_id'))
        .sort(newest)
        .map((h) => ({
          ...h,
          // What incidentHistorySelect embeds: hypothesis(id,title), evidence(id,description,
          // type,…,checks(id,icon,name)), created_by(id,name,avatar).
          created_by: avatar(h.created_by),
          hypothesis: (() => {
            const hypothesis = state.hypotheses.find((x) => x.id === h.hypothesis_id);
            return hypothesis ? { id: hypothesis.id, title: hypothesis.title } : null;
          })(),
          evidence: (() => {
            const evidence = state.evidences.find((e) => e.id === h.evidence_id);
            return evidence
              ? {
                  id: evidence.id,
                  description: evidence.description,
                  type: evidence.type,
                  checks: evidence.check_id
                    ? { id: evidence.check_id, icon: null, name: 'postgres-primary' }
                    : null,
                }
              : null;
          })(),
        })),
    'GET /api/db/responders': ({ query }: RecordedRequest) =>
      state.responders
        .filter((r) => r.incident_id === eqValue(query, 'incident_id') && !r.deleted_at)
        .map((r) => ({ ...r, person: avatar(r.person_id), team: null })),
    'GET /api/db/people': people,
    'GET /api/db/teams': [{ id: 'team-sre', name: 'SRE' }],
    'GET /api/db/component_names': [{ id: 'comp-api', name: 'payments-api' }],
    'GET /api/db/checks': [{ id: 'check-pg', name: 'postgres-primary', status: 'unhealthy' }],
    'GET /api/db/config_items': [{ id: 'cfg-pg', name: 'pg-volume', health: 'warning' }],
    'GET /api/db/config_changes': [
      {
        id: 'chg-1',
        change_type: 'diff',
        summary: 'size 10Gi → 20Gi',
        diff: '- size: 10Gi\n+ size: 20Gi',
      },
    ],
    'GET /api/db/components': [],
    'POST /api/db/incidents': ({ body }: RecordedRequest) => {
      const row = {
        id: nextId('inc'),
        created_at: new Date().toISOString(),
        ...(body as object),
      } as Row;
      state.incidents.push(row);
      state.history.push({
        id: nextId('hist'),
        incident_id: row.id,
        type: 'incident.created',
        created_at: row.created_at,
        created_by: ada.id,
      });
      return created(row);
    },
    'POST /api/db/hypotheses': ({ body }: RecordedRequest) => {
      const row = {
        id: nextId('hyp'),
        created_at: new Date().toISOString(),
        parent_id: null,
        ...(body as object),
      } as Row;
      state.hypotheses.push(row);
      return created(row);
    },
    'POST /api/db/evidences': ({ body }: RecordedRequest) => {
      const row = { id: nextId('ev'), ...(body as object) } as Row;
      state.evidences.push(row);
      const hypothesis = state.hypotheses.find((h) => h.id === row.hypothesis_id);
      state.history.push({
        id: nextId('hist'),
        incident_id: hypothesis?.incident_id,
        type: 'evidence.created',
        hypothesis_id: row.hypothesis_id,
        evidence_id: row.id,
        created_at: new Date().toISOString(),
        created_by: ada.id,
      });
      return created(row);
    },
    'POST /api/db/comments': ({ body }: RecordedRequest) => {
      const row = {
        id: nextId('com'),
        created_at: new Date().toISOString(),
        ...(body as object),
      } as Row;
      state.comments.push(row);
      return created(row);
    },
    'POST /api/db/responders': ({ body }: RecordedRequest) => {
      const row = { id: nextId('resp'), ...(body as object) } as Row;
      state.responders.push(row);
      return created(row);
    },
    'PATCH /api/db/:table': ({ params, query, body }: RecordedRequest) => {
      const table =
        state[
          (params.table === 'incident_histories' ? 'history' : params.table) as keyof IncidentState
        ];
      const id = eqValue(query, 'id');
      const row = table?.find((r) => r.id === id);
      if (row) Object.assign(row, body);
      return row ? [row] : [];
    },
    'DELETE /api/db/:table': [],
  });
}
