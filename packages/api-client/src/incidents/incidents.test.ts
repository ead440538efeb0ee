import { createFakeBackend, json, type FakeBackend } from '@opsdeck/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../client.ts';
import {
  addResponder,
  attachEvidence,
  createHypothesis,
  createIncident,
  deleteHypothesis,
  getEvidenceSubjects,
  getIncident,
  getIncidentHistory,
  getIncidentResponders,
  getIncidentTimeline,
  listComponentOptions,
  listIncidents,
  removeResponder,
  searchHypotheses,
  searchIncidents,
} from './calls.ts';
import { incidentKeys } from './keys.ts';
import {
  childHypothesisType,
  incidentSeverities,
  nextIncidentStatuses,
  severityLevel,
} from './values.ts';

let backend: FakeBackend;
let client: ApiClient;
beforeAll(async () => {
  backend = await createFakeBackend({ '* /*': [] });
  client = createApiClient({ baseUrl: `${backend.url}/api` });
});
afterAll(() => backend.close());
afterEach(() => backend.reset());

/** The query as the server decoded it, `k=v&k=v`. */
function seenQuery(): string {
  return [...backend.last().query].map(([k, v]) => `${k}=${v}`).join('&');
}

describe('severity', () => {
  it('maps the numeric codes and names to levels, anything else to low (settings §4)', () => {
    expect(['4', '3', '2', '1', '0', '5'].map(severityLevel)).toEqual([
      'critical',
      'blocker',
      'high',
      'medium',
      'low',
      'low',
    ]);
    expect([4, 3, 2, 1].map(severityLevel)).toEqual(['critical', 'blocker', 'high', 'medium']);
    // Stored values are mixed-case: the detail panel writes `Critical`, the dialog `critical`.
    expect(
      ['Critical', 'critical', 'Blocker', 'HIGH', 'Medium', 'medium'].map(severityLevel),
    ).toEqual(['critical', 'critical', 'blocker', 'high', 'medium', 'medium']);
    expect(['info', 'warning', 'low', '', null, undefined].map(severityLevel)).toEqual(
      Array(6).fill('low'),
    );
  });

  it('writes Medium with its capital, as stored', () => {
    expect(incidentSeverities).toContain('Medium');
    expect(incidentSeverities).not.toContain('medium');
  });

  it('nests hypotheses root → factor → solution and moves statuses by the workflow', () => {
    expect(childHypothesisType('root')).toBe('factor');
    expect(childHypothesisType('factor')).toBe('solution');
    expect(childHypothesisType('solution')).toBeUndefined();
    expect(nextIncidentStatuses('closed')).toEqual(['closed', 'open']);
    expect(nextIncidentStatuses('cancelled')).toContain('open');
  });
});

describe('reads', () => {
  it('lists a page of incident_summary with the filters, search and count', async () => {
    backend.on(
      'GET /api/db/incident_summary',
      json([{ id: 'i1', title: 'API down', severity: 'high', status: 'open', responders: null }], {
        headers: { 'Content-Range': '20-20/21' },
      }),
    );
    const page = await listIncidents(client, {
      pageIndex: 2,
      pageSize: 10,
      search: 'API 50%',
      status: 'open',
      severity: 'Medium',
      type: 'availability',
      commander: 'p1',
    });
    expect(page.total).toBe(21);
    expect(page.rows[0]).toMatchObject({ id: 'i1', title: 'API down', responders: [] });
    expect(seenQuery()).toBe(
      'title=ilike.*API 50\\%*&severity=in.(1,medium,Medium,MEDIUM)&status=eq.open&type=eq.availability&commander->>id=eq.p1&order=created_at.desc&limit=10&offset=20',
    );
    expect(backend.last().headers.prefer).toBe('count=exact');
  });

  it('sorts by a known column and filters by component through incidents_by_component', async () => {
    backend.on('GET /api/db/incidents_by_component', [{ id: 'i1' }, { id: 'i2' }, { id: 'i1' }]);
    backend.on('GET /api/db/incident_summary', []);
    await listIncidents(client, {
      pageIndex: 0,
      pageSize: 50,
      sortBy: 'title',
      sortOrder: 'asc',
      component: 'c1',
    });
    expect(backend.requestsTo('GET /api/db/incidents_by_component')[0]!.url).toBe(
      '/api/db/incidents_by_component?select=id&component_id=eq.c1',
    );
    expect(seenQuery()).toBe('id=in.(i1,i2)&order=title.asc&limit=50&offset=0');
    // An unknown sort column falls back to the default rather than reaching the backend.
    await listIncidents(client, { pageIndex: 0, pageSize: 5, sortBy: 'drop table' });
    expect(seenQuery()).toBe('order=created_at.desc&limit=5&offset=0');
  });

  it('filters by the level shown, whichever stored values show as it', async () => {
    backend.on('GET /api/db/incident_summary', []);
    await listIncidents(client, { pageIndex: 0, pageSize: 5, severity: 'high' });
    expect(seenQuery()).toBe(
      'severity=in.(2,high,High,HIGH)&order=created_at.desc&limit=5&offset=0',
    );
    // Low is everything not shown as another level, and no severity at all: "warning" and "info" too.
    await listIncidents(client, { pageIndex: 0, pageSize: 5, severity: 'low' });
    expect(seenQuery()).toContain(
      'or=(severity.is.null,severity.not.in.(4,critical,Critical,CRITICAL,3,blocker,Blocker,BLOCKER,2,high,High,HIGH,1,medium,Medium,MEDIUM))',
    );
  });

  it('asks component_names for the component filter with the reference request, verbatim', async () => {
    backend.on('GET /api/db/component_names', [
      { id: 'c1', name: 'api' },
      { id: 'c2', name: null },
    ]);
    expect(await listComponentOptions(client)).toEqual([
      { id: 'c1', name: 'api' },
      { id: 'c2', name: 'c2' },
    ]);
    expect(backend.last().url).toBe('/api/db/component_names?select=id%2Cname&order=name.asc');
  });

  it('answers an empty page without asking the summary when no incident touches the component', async () => {
    backend.on('GET /api/db/incidents_by_component', []);
    const before = backend.requests.length;
    expect(await listIncidents(client, { pageIndex: 0, pageSize: 5, component: 'c9' })).toEqual({
      rows: [],
      total: 0,
    });
    expect(backend.requests.length).toBe(before + 1);
  });

  it('reads the incident with the reference detail select, null when absent', async () => {
    backend.on('GET /api/db/incidents', [
      {
        id: '4b8e2f1a-6c3d-4e5f-9a0b-1c2d3e4f5a6b',
        title: 'API down',
        commander: { id: 'p1', name: 'Ada' },
        hypotheses: [{ id: 'h1', type: 'root', evidences: null, comments: [] }],
      },
    ]);
    const incident = await getIncident(client, '4b8e2f1a-6c3d-4e5f-9a0b-1c2d3e4f5a6b');
    expect(incident?.hypotheses[0]).toMatchObject({ id: 'h1', evidences: [] });
    const query = backend.last().query;
    expect(query.get('id')).toBe('eq.4b8e2f1a-6c3d-4e5f-9a0b-1c2d3e4f5a6b');
    expect(query.get('select')).toBe(
      '*,hypotheses(*,created_by(id,name,avatar,email),evidences(*,created_by(id,name,avatar,email)),comments(created_at,comment,external_created_by,responder_id(team_id(*)),created_by(id,id,name,avatar,email),id)),commander:commander_id(id,name,avatar,email),communicator_id(id,name,avatar,email),responders(created_by(id,name,avatar,email))',
    );
    backend.on('GET /api/db/incidents', []);
    expect(await getIncident(client, 'nope')).toBeNull();
  });

  it('reads responders and the history timeline as the reference sends them', async () => {
    await getIncidentResponders(client, 'i1');
    expect(seenQuery()).toBe(
      'incident_id=eq.i1&select=*,team:team_id(id,name,icon,spec),person:person_id(id,name,avatar)&deleted_at=is.null',
    );
    await getIncidentHistory(client, 'i1');
    expect(backend.last().query.get('order')).toBe('created_at.desc');
    expect(backend.last().query.get('select')).toMatch(
      /^\*,evidence:evidences\(id,description,type,components\(id,name,icon\),.*created_by\(id,name,avatar\)$/,
    );
  });

  it('searches incidents and hypotheses with the attach dialog requests, verbatim', async () => {
    await searchIncidents(client, 'api');
    expect(seenQuery()).toBe(
      'order=created_at.desc&title=ilike.*api*&select=*,hypotheses(id, type)',
    );
    await searchHypotheses(client, 'i1', '');
    expect(backend.last().path).toBe('/api/db/hypotheses');
    expect(seenQuery()).toBe('order=created_at.desc&title=ilike.**&incident_id=eq.i1');
  });

  it('reads what evidence points at, leaving out a kind the reader may not read', async () => {
    backend.on('GET /api/db/checks', [{ id: 'k1', name: 'api-health', status: 'unhealthy' }]);
    backend.on('GET /api/db/config_changes', json({ error: 'forbidden' }, { status: 403 }));
    const subjects = await getEvidenceSubjects(client, {
      checks: ['k1', 'k1'],
      configs: [],
      components: [],
      configChanges: ['cc1'],
    });
    expect(subjects.checks.get('k1')).toMatchObject({ name: 'api-health', status: 'unhealthy' });
    expect(subjects.configChanges.size).toBe(0);
    expect(backend.requestsTo('GET /api/db/checks')[0]!.query.get('id')).toBe('in.(k1)');
    // No ids, no request.
    expect(backend.requestsTo('GET /api/db/components')).toHaveLength(0);
  });
});

describe('writes', () => {
  it('creates an incident with the user as creator, commander and communicator', async () => {
    backend.on(
      'POST /api/db/incidents',
      json([{ id: 'i9', title: 'Checkout slow' }], { status: 201 }),
    );
    const created = await createIncident(client, {
      title: 'Checkout slow',
      severity: 'low',
      type: 'availability',
      userId: 'p1',
    });
    expect(created).toMatchObject({ id: 'i9', title: 'Checkout slow' });
    expect(backend.last()).toMatchObject({
      url: '/api/db/incidents?select=*',
      body: {
        title: 'Checkout slow',
        description: '',
        severity: 'low',
        type: 'availability',
        status: 'open',
        created_by: 'p1',
        commander_id: 'p1',
        communicator_id: 'p1',
      },
    });
    expect(backend.last().headers.prefer).toBe('return=representation');
  });

  it('creates a hypothesis without an id, with parent_id only when given', async () => {
    backend.on('POST /api/db/hypotheses', json([{ id: 'h9' }], { status: 201 }));
    await createHypothesis(client, {
      incidentId: 'i1',
      title: 'DB pool',
      type: 'root',
      status: 'possible',
      userId: 'p1',
    });
    expect(backend.last().body).toEqual({
      created_by: 'p1',
      incident_id: 'i1',
      type: 'root',
      title: 'DB pool',
      status: 'possible',
    });
    await createHypothesis(client, {
      incidentId: 'i1',
      title: 'Fix',
      type: 'factor',
      status: 'possible',
      parentId: 'h9',
      userId: 'p1',
    });
    expect(backend.last().body).toMatchObject({ parent_id: 'h9', type: 'factor' });
  });

  it('attaches evidence with only the keys given', async () => {
    backend.on('POST /api/db/evidences', json([{ id: 'e1' }], { status: 201 }));
    expect(
      await attachEvidence(client, {
        hypothesisId: 'h1',
        userId: 'p1',
        description: 'api-health failing',
        type: 'check',
        check_id: 'k1',
      }),
    ).toEqual({ id: 'e1' });
    expect(backend.last().body).toEqual({
      description: 'api-health failing',
      type: 'check',
      check_id: 'k1',
      created_by: 'p1',
      hypothesis_id: 'h1',
    });
  });

  it('deletes a hypothesis after its evidence, leaving its comments to the server; removes a responder softly', async () => {
    const sent = backend.requests.length;
    await deleteHypothesis(client, 'h1');
    expect(backend.requests.slice(sent).map((r) => `${r.method} ${r.url}`)).toEqual([
      'DELETE /api/db/evidences?hypothesis_id=eq.h1',
      'DELETE /api/db/hypotheses?id=eq.h1',
    ]);
    await removeResponder(client, 'r1');
    expect(backend.last()).toMatchObject({
      method: 'PATCH',
      url: '/api/db/responders?id=eq.r1',
      body: { deleted_at: 'now()' },
    });
  });

  it('adds a person or a team as responder', async () => {
    await addResponder(client, { incidentId: 'i1', userId: 'p1', personId: 'p2' });
    expect(backend.last()).toMatchObject({
      url: '/api/db/responders?select=*',
      body: { type: 'person', incident_id: 'i1', created_by: 'p1', person_id: 'p2' },
    });
    await addResponder(client, { incidentId: 'i1', userId: 'p1', teamId: 't1' });
    expect(backend.last().body).toMatchObject({ type: 'system', team_id: 't1' });
  });

  it('fails a create with the backend message', async () => {
    backend.on('POST /api/db/incidents', json({ message: 'title is required' }, { status: 400 }));
    await expect(
      createIncident(client, { title: '', severity: 'low', type: 'cost', userId: 'p1' }),
    ).rejects.toMatchObject({ kind: 'http', status: 400 });
  });
});

it('keeps everything about one incident under its key', () => {
  expect(incidentKeys.history('i1').slice(0, 4)).toEqual(incidentKeys.incident('i1'));
  expect(incidentKeys.detail('i1').slice(0, 4)).toEqual(incidentKeys.incident('i1'));
});

describe('the timeline of our server', () => {
  it('reads the evidence check turns and config changes, and keeps unknown kinds as they are', async () => {
    backend.on(
      'GET /api/incidents/INC-2/timeline',
      json({
        incident: { id: 'i2', incident_id: 'INC-2' },
        window: { from: '2025-03-01T10:00:00Z', to: '2025-03-01T12:00:00Z', open: false },
        entries: [
          { kind: 'history', at: '2025-03-01T10:00:00Z', type: 'incident.created' },
          {
            kind: 'check_status',
            at: '2025-03-01T10:05:00Z',
            evidence_id: 'e1',
            check: { id: 'c1', name: 'payments-api', type: 'http' },
            status: 'unhealthy',
            error: 'timeout after 10s',
          },
          {
            kind: 'config_change',
            at: '2025-03-01T10:06:00Z',
            config: { id: 'k1', name: 'api', type: 'Kubernetes::Deployment' },
            change: { id: 'ch1', change_type: 'diff', severity: 'info', summary: 'image bumped' },
          },
        ],
        truncated: false,
      }),
    );
    const timeline = await getIncidentTimeline(client, 'INC-2');
    expect(backend.last().url).toBe('/api/incidents/INC-2/timeline');
    expect(timeline.entries.map((entry) => entry.kind)).toEqual([
      'history',
      'check_status',
      'config_change',
    ]);
    expect(timeline.entries[1]).toMatchObject({
      check: { name: 'payments-api' },
      status: 'unhealthy',
    });
    expect(incidentKeys.timeline('INC-2')).toEqual([
      ...incidentKeys.incidentEvidence('INC-2'),
      'timeline',
    ]);
  });
});
