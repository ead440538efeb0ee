import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../testing/databases.ts';
import {
  demoId,
  openIncidentsServer,
  personOf,
  type IncidentsServer,
} from './incidents.test.helper.ts';

type Row = Record<string, unknown>;

/**
 * Each request of reference §1 "Requests the UI makes", its path and query written as the table
 * gives it, against the demo estate and as a responder (who may write incidents).
 */
describe.each(testDatabases('one'))('the console’s incident requests on $engine', (target) => {
  let app: IncidentsServer;
  const incident = demoId('incident:0'); // Checkout latency above SLO: investigating
  const factor = demoId('hypothesis:0:factor');
  const get = async (path: string) => {
    const reply = await app.send<Row[]>('GET', path, 'responder');
    expect(reply.status, path).toBe(200);
    return reply.body;
  };
  beforeAll(async () => {
    app = await openIncidentsServer(target);
  });
  afterAll(() => app?.close());

  it('list: incident_summary with each filter the list page sends', async () => {
    const all = await get('/api/db/incident_summary?&order=created_at.desc');
    expect(all).toHaveLength(12);
    const times = all.map((row) => String(row.created_at));
    expect([...times].sort().reverse()).toEqual(times);
    const first = all.find((row) => row.id === incident)!;
    expect(first).toMatchObject({
      incident_id: 'INC-1',
      title: 'Checkout latency above SLO',
      severity: 'High',
      type: 'performance',
      status: 'investigating',
      commander: { id: personOf('commander'), name: 'Commander (demo)', avatar: null },
    });
    // Responders are people and teams (a team's avatar is its icon); commenters are people.
    const responders = first.responders as Row[];
    expect(responders).toContainEqual({
      id: personOf('responder'),
      name: 'Responder (demo)',
      avatar: null,
    });
    expect(responders.some((row) => row.avatar === 'group')).toBe(true);
    expect(first.commenters).toContainEqual(expect.objectContaining({ id: personOf('responder') }));

    const open = await get('/api/db/incident_summary?&order=created_at.desc&status=eq.open');
    expect(open.map((row) => row.title).sort()).toEqual([
      'Deprecated TLS ciphers on legacy API',
      'Payments API returning 503',
      'Pods crash-looping in data',
    ]);
    const search = await get(
      '/api/db/incident_summary?&order=created_at.desc&title=ilike.*latency*&status=eq.investigating',
    );
    expect(search.map((row) => row.id)).toEqual([incident]);
    expect(
      (await get('/api/db/incident_summary?&order=created_at.desc&severity=eq.Medium')).map(
        (row) => row.title,
      ),
    ).toEqual(['Disk pressure on node-2', 'Database replica lag']);
    expect(
      (await get('/api/db/incident_summary?&order=created_at.desc&type=eq.technicalDebt')).map(
        (row) => row.title,
      ),
    ).toEqual(['Deprecated TLS ciphers on legacy API']);
    const creator = String(first.created_by);
    const mine = await get(
      `/api/db/incident_summary?&order=created_at.desc&created_by=eq.${creator}`,
    );
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((row) => row.created_by === creator)).toBe(true);
  });

  it('list: the component filter, sent as an embedded filter the view has no embed for, is a 4xx, never a 500', async () => {
    const component = demoId('component:payments:api');
    const reply = await app.send(
      'GET',
      `/api/db/incident_summary?&order=created_at.desc&hypotheses.evidences.component_id=eq.${component}`,
      'responder',
    );
    // Real PostgREST's answer was not verified (reference §1); ours names the mistake.
    expect(reply.status).toBeGreaterThanOrEqual(400);
    expect(reply.status).toBeLessThan(500);
    expect(reply.body).toMatchObject({ message: expect.any(String), error: expect.any(String) });
  });

  it('list: the commander filter, and a component filter through incidents_by_component', async () => {
    const commanded = await get(
      `/api/db/incident_summary?&order=created_at.desc&commander_id=eq.${personOf('commander')}`,
    );
    expect(commanded).toHaveLength(12);
    expect(
      await get(
        `/api/db/incident_summary?&order=created_at.desc&commander_id=eq.${personOf('viewer')}`,
      ),
    ).toEqual([]);
    const component = demoId('component:payments:api');
    const about = await get(
      `/api/db/incidents_by_component?order=created_at.desc&component_id=eq.${component}`,
    );
    const rows = await get(
      `/api/db/incident_summary?&order=created_at.desc&id=in.(${about.map((row) => String(row.id)).join(',')})`,
    );
    expect(rows.map((row) => row.title)).toEqual(['Payments API returning 503']);
  });

  it('detail: the incident with hypotheses, evidence, comments, commander, communicator and responders', async () => {
    const [detail] = await get(
      `/api/db/incidents?id=eq.${incident}&select=*,hypotheses(*,created_by(id,name,avatar,email),evidences(*,created_by(id,name,avatar,email)),comments(created_at,comment,external_created_by,responder_id(team_id(*)),created_by(id,id,name,avatar,email),id)),commander:commander_id(id,name,avatar,email),communicator_id(id,name,avatar,email),responders(created_by(id,name,avatar,email))`,
    );
    expect(detail).toMatchObject({
      id: incident,
      incident_id: 'INC-1',
      title: 'Checkout latency above SLO',
      commander: {
        id: personOf('commander'),
        name: 'Commander (demo)',
        avatar: null,
        email: 'commander@local',
      },
      communicator_id: { id: expect.any(String), name: expect.any(String) },
    });
    // Flat hypotheses; the tree comes from parent_id: root → factor (and one ruled out) → solution.
    const hypotheses = detail!.hypotheses as Row[];
    const byId = new Map(hypotheses.map((row) => [row.id, row]));
    const root = hypotheses.find((row) => row.type === 'root')!;
    expect(root.parent_id).toBeNull();
    const factors = hypotheses.filter((row) => row.type === 'factor');
    expect(factors).toHaveLength(2);
    expect(factors.every((row) => row.parent_id === root.id)).toBe(true);
    const solution = hypotheses.find((row) => row.type === 'solution')!;
    expect(byId.get(solution.parent_id)?.type).toBe('factor');
    const main = byId.get(factor)!;
    expect(main.status).toBe('likely');
    expect(main.created_by).toMatchObject({ id: personOf('responder'), email: 'responder@local' });
    const evidences = main.evidences as Row[];
    expect(evidences.map((row) => row.type).sort()).toEqual(['check', 'config', 'config_change']);
    expect(evidences[0]!.created_by).toMatchObject({
      id: expect.any(String),
      name: expect.any(String),
    });
    const comments = main.comments as Row[];
    expect(comments).toHaveLength(1);
    expect(comments[0]).toMatchObject({
      comment: expect.stringContaining('Card gateway'),
      responder_id: null,
      created_by: { id: expect.any(String), name: expect.any(String) },
    });
    const responders = detail!.responders as Row[];
    expect(responders.length).toBeGreaterThanOrEqual(2);
    expect(responders[0]!.created_by).toMatchObject({ id: personOf('commander') });
  });

  it('hypothesis panel: one hypothesis with its comments and evidence', async () => {
    const [panel] = await get(
      `/api/db/hypotheses?id=eq.${factor}&select=id,comments(id,*,created_by(id,name,avatar),responder_id(*,team_id(*))),evidences(id,*,created_by(id,name,avatar))`,
    );
    expect(panel!.id).toBe(factor);
    expect((panel!.comments as Row[])[0]).toMatchObject({
      hypothesis_id: factor,
      created_by: { id: expect.any(String), name: expect.any(String) },
    });
    const evidences = panel!.evidences as Row[];
    expect(evidences.find((row) => row.type === 'check')).toMatchObject({
      check_id: expect.any(String),
      description: 'Failing health check',
    });
  });

  it('responders: people and teams, not the removed ones', async () => {
    const rows = await get(
      `/api/db/responders?incident_id=eq.${incident}&select=*,team:team_id(id,name,icon,spec),person:person_id(id,name,avatar)&deleted_at=is.null`,
    );
    expect(rows.find((row) => row.person_id === personOf('responder'))).toMatchObject({
      person: { id: personOf('responder'), name: 'Responder (demo)', avatar: null },
      team: null,
    });
    expect(rows.find((row) => row.team_id !== null)).toMatchObject({
      person: null,
      team: { id: expect.any(String), name: expect.any(String), icon: 'group' },
    });
  });

  it('history timeline: the rows the database wrote, newest first, with what they name', async () => {
    const rows = await get(
      `/api/db/incident_histories?incident_id=eq.${incident}&select=*,evidence:evidences(id,description,type,components(id,name,icon),configs(id,name),config_changes(id,change_type),config_analysis(id,analyzer,message,analysis),checks(id,icon,name)),hypothesis:hypotheses(id,title),responder:responders(id,person:person_id(id,name,avatar),team:team_id(id,name,icon)),comment:comments(id,comment),created_by(id,name,avatar)&order=created_at.desc`,
    );
    const times = rows.map((row) => String(row.created_at));
    expect([...times].sort().reverse()).toEqual(times);
    expect(rows.at(-1)).toMatchObject({ type: 'incident.created', description: 'INC-1' });
    expect(rows[0]).toMatchObject({
      type: 'incident.status_updated',
      description: 'investigating',
      created_by: { id: personOf('commander'), name: 'Commander (demo)', avatar: null },
    });
    const check = rows.find(
      (row) => row.type === 'evidence.created' && (row.evidence as Row).type === 'check',
    )!;
    expect(check.evidence).toMatchObject({
      description: 'Failing health check',
      checks: { id: expect.any(String), name: expect.any(String) },
    });
    const config = rows.find(
      (row) => row.type === 'evidence.created' && (row.evidence as Row).type === 'config',
    )!;
    expect(config.evidence).toMatchObject({
      configs: { id: expect.any(String), name: expect.any(String) },
    });
    const change = rows.find(
      (row) => row.type === 'evidence.created' && (row.evidence as Row).type === 'config_change',
    )!;
    expect(change.evidence).toMatchObject({
      config_changes: { id: expect.any(String), change_type: expect.any(String) },
    });
    const component = rows.find(
      (row) => row.type === 'evidence.created' && (row.evidence as Row).type === 'topology',
    )!;
    expect(component.evidence).toMatchObject({
      components: { id: demoId('component:payments:gateway'), name: 'card-gateway' },
    });
    expect(rows.find((row) => row.type === 'hypothesis.status_updated')).toMatchObject({
      hypothesis: { id: expect.any(String), title: expect.any(String) },
    });
    expect(rows.find((row) => row.type === 'responder.created')).toMatchObject({
      responder: { id: expect.any(String) },
    });
    expect(rows.find((row) => row.type === 'responder.commented')).toMatchObject({
      comment: { id: expect.any(String), comment: expect.any(String) },
    });
  });

  it('search (attach dialog): incidents with their hypotheses, then one incident’s hypotheses', async () => {
    const found = await get(
      '/api/db/incidents?order=created_at.desc&title=ilike.*latency*&select=*,hypotheses(id, type)',
    );
    expect(found.map((row) => row.id)).toEqual([incident]);
    expect((found[0]!.hypotheses as Row[]).map((row) => row.type).sort()).toEqual([
      'factor',
      'factor',
      'root',
      'solution',
    ]);
    const hypotheses = await get(
      `/api/db/hypotheses?order=created_at.desc&title=ilike.*gateway*&incident_id=eq.${incident}`,
    );
    expect(hypotheses.map((row) => row.title)).toEqual([
      'Fail over to the secondary gateway region',
      'Card gateway p99 latency doubled',
    ]);
  });

  it('by component and by config: the incidents whose evidence names it', async () => {
    const component = demoId('component:payments:gateway');
    const byComponent = await get(
      `/api/db/incidents_by_component?order=created_at.desc&component_id=eq.${component}&type=eq.performance&status=eq.investigating`,
    );
    expect(byComponent.map((row) => row.id)).toEqual([incident]);
    const [configEvidence] = await get(
      `/api/db/evidences?hypothesis_id=eq.${factor}&type=eq.config&select=config_id`,
    );
    const byConfig = await get(
      `/api/db/incidents_by_config?order=created_at.desc&config_id=eq.${String(configEvidence!.config_id)}`,
    );
    expect(byConfig.map((row) => row.id)).toContain(incident);
    expect(byConfig[0]).toMatchObject({ title: expect.any(String), severity: expect.any(String) });
  });

  it('create incident, its form’s follow-ups, and the attach flow’s hypothesis and evidence', async () => {
    const me = personOf('responder');
    // The attach dialog's create: the author fields name someone else; the server writes the session's.
    const created = await app.send<Row[]>('POST', '/api/db/incidents?select=*', 'responder', {
      title: 'Checkout button unresponsive',
      description: '',
      severity: 'low',
      type: 'availability',
      status: 'open',
      created_by: personOf('admin'),
      commander_id: me,
      communicator_id: me,
    });
    expect(created.status).toBe(201);
    const row = created.body[0]!;
    expect(row).toMatchObject({ status: 'open', created_by: me, commander_id: me });
    expect(String(row.incident_id)).toMatch(/^INC-\d+$/);
    expect(Number(String(row.incident_id).slice(4))).toBeGreaterThan(12);

    // The full create form: a client uuid and "now()" times.
    const formId = randomUUID();
    const form = await app.send<Row[]>('POST', '/api/db/incidents?select=*', 'responder', {
      id: formId,
      title: 'Ledger totals drift',
      description: 'Nightly reconciliation is off by a few cents',
      severity: 'Medium',
      type: 'reliability',
      status: 'open',
      created_by: me,
      commander_id: me,
      communicator_id: me,
      created_at: 'now()',
      updated_at: 'now()',
    });
    expect(form.status).toBe(201);
    expect(form.body[0]).toMatchObject({ id: formId });
    const rootId = randomUUID();
    const hypothesis = await app.send('POST', '/api/db/hypotheses', 'responder', {
      id: rootId,
      created_by: me,
      incident_id: formId,
      type: 'root',
      title: 'Ledger totals drift',
      status: 'possible',
    });
    expect(hypothesis.status).toBe(201);
    const topology = await app.send('POST', '/api/db/evidences', 'responder', {
      hypothesis_id: rootId,
      created_by: me,
      type: 'topology',
      component_id: demoId('component:payments:ledger'),
      description: 'ledger',
    });
    expect(topology.status).toBe(201);

    // The attach dialog: a hypothesis without an id, then the check as evidence.
    const attached = await app.send<Row[]>('POST', '/api/db/hypotheses', 'responder', {
      created_by: me,
      incident_id: row.id,
      type: 'root',
      title: 'Checkout button unresponsive',
      status: 'possible',
    });
    expect(attached.status).toBe(201);
    const [check] = await get('/api/db/checks?select=id&limit=1&order=name.asc');
    const evidence = await app.send<Row[]>('POST', '/api/db/evidences', 'responder', {
      check_id: check!.id,
      created_by: me,
      hypothesis_id: attached.body[0]!.id,
      evidence: { includeMessages: true },
      type: 'check',
      description: 'payments-api health',
      properties: {},
      definition_of_done: false,
      done: false,
    });
    expect(evidence.status).toBe(201);
    expect(evidence.body[0]).toMatchObject({ created_by: me, check_id: check!.id });
  });

  it('create a child hypothesis, update it, delete it and a bulk of them', async () => {
    const child = await app.send<Row[]>('POST', '/api/db/hypotheses', 'responder', {
      id: randomUUID(),
      created_by: personOf('responder'),
      incident_id: incident,
      type: 'solution',
      title: 'Cache the gateway token',
      status: 'possible',
      parent_id: factor,
    });
    expect(child.status).toBe(201);
    const childId = String(child.body[0]!.id);
    const patched = await app.send<Row[]>(
      'PATCH',
      `/api/db/hypotheses?id=eq.${childId}`,
      'responder',
      { title: 'Cache the gateway token for 5 min', status: 'unlikely', type: 'solution' },
    );
    expect(patched.status).toBe(200);
    expect(patched.body[0]).toMatchObject({
      status: 'unlikely',
      updated_by: personOf('responder'),
    });
    for (const path of [
      `/api/db/comments?hypothesis_id=eq.${childId}`,
      `/api/db/evidences?hypothesis_id=eq.${childId}`,
      `/api/db/hypotheses?id=eq.${childId}`,
    ])
      expect((await app.send('DELETE', path, 'responder')).status, path).toBe(200);
    expect(await get(`/api/db/hypotheses?id=eq.${childId}`)).toEqual([]);

    const two = await Promise.all(
      ['one', 'two'].map((title) =>
        app.send<Row[]>('POST', '/api/db/hypotheses', 'responder', {
          incident_id: incident,
          type: 'factor',
          title,
          status: 'possible',
          parent_id: demoId('hypothesis:0:root'),
        }),
      ),
    );
    const ids = two.map((reply) => String(reply.body[0]!.id));
    const bulk = await app.send<Row[]>(
      'DELETE',
      `/api/db/hypotheses?id=in.(${ids.map((id) => `"${id}"`).join(',')})`,
      'responder',
    );
    expect(bulk.status).toBe(200);
    expect(bulk.body.map((row) => row.id).sort()).toEqual([...ids].sort());
    expect(await get(`/api/db/hypotheses?id=in.(${ids.join(',')})`)).toEqual([]);
  });

  it('update evidence (definition of done, done, script) and delete it', async () => {
    const [evidence] = await get(
      `/api/db/evidences?hypothesis_id=eq.${factor}&type=eq.config&select=id`,
    );
    const path = `/api/db/evidences?id=eq.${String(evidence!.id)}`;
    for (const body of [
      { definition_of_done: true },
      { done: true },
      { script: 'check.status == "passed"' },
    ]) {
      const reply = await app.send<Row[]>('PATCH', path, 'responder', body);
      expect(reply.status).toBe(200);
      expect(reply.body[0]).toMatchObject(body);
    }
    expect((await app.send('DELETE', path, 'responder')).status).toBe(200);
    expect(await get(path.replace('/api/db/evidences?', '/api/db/evidences?select=id&'))).toEqual(
      [],
    );
  });

  it('update status, then severity and type as the detail panel sends them', async () => {
    const other = demoId('incident:5'); // Pods crash-looping in data: open
    const path = `/api/db/incidents?id=eq.${other}`;
    const status = await app.send<Row[]>('PATCH', path, 'responder', { status: 'mitigated' });
    expect(status.status).toBe(200);
    expect(status.body[0]).toMatchObject({
      status: 'mitigated',
      updated_by: personOf('responder'),
    });
    const severity = await app.send<Row[]>('PATCH', path, 'responder', {
      severity: 'Critical',
      type: 'availability',
    });
    expect(severity.status).toBe(200);
    expect(severity.body[0]).toMatchObject({ severity: 'Critical', type: 'availability' });
  });

  it('add a responder, remove it with deleted_at "now()"', async () => {
    const added = await app.send<Row[]>('POST', '/api/db/responders?select=*', 'responder', {
      type: 'person',
      incident_id: incident,
      created_by: personOf('responder'),
      person_id: personOf('viewer'),
      properties: { responderType: { value: 'person', label: 'Person' } },
    });
    expect(added.status).toBe(201);
    const id = String(added.body[0]!.id);
    const removed = await app.send<Row[]>('PATCH', `/api/db/responders?id=eq.${id}`, 'responder', {
      deleted_at: 'now()',
    });
    expect(removed.status).toBe(200);
    expect(removed.body[0]!.deleted_at).toEqual(expect.any(String));
    const listed = await get(
      `/api/db/responders?incident_id=eq.${incident}&select=*,team:team_id(id,name,icon,spec),person:person_id(id,name,avatar)&deleted_at=is.null`,
    );
    expect(listed.map((row) => row.id)).not.toContain(id);
  });

  it('add a comment', async () => {
    const reply = await app.send<Row[]>('POST', '/api/db/comments', 'responder', {
      created_by: personOf('admin'),
      incident_id: incident,
      hypothesis_id: factor,
      comment: 'The gateway status page confirms degraded latency.',
    });
    expect(reply.status).toBe(201);
    expect(reply.body[0]).toMatchObject({
      created_by: personOf('responder'),
      hypothesis_id: factor,
    });
  });

  it('the form limits: a longer title, description, hypothesis title or comment is a 400 naming the limit', async () => {
    const me = personOf('responder');
    const longIncident = await app.send<Row>('POST', '/api/db/incidents?select=*', 'responder', {
      title: 't'.repeat(201),
      severity: 'low',
      type: 'availability',
      created_by: me,
      commander_id: me,
      communicator_id: me,
    });
    expect(longIncident.status).toBe(400);
    expect(JSON.stringify(longIncident.body)).toContain(
      "An incident's title is 201 characters long; at most 200 are allowed",
    );
    const description = await app.send<Row>(
      'PATCH',
      `/api/db/incidents?id=eq.${incident}`,
      'admin',
      {
        description: 'd'.repeat(4001),
      },
    );
    expect(description.status).toBe(400);
    expect(JSON.stringify(description.body)).toContain('at most 4000 are allowed');
    const title = await app.send<Row>('PATCH', `/api/db/hypotheses?id=eq.${factor}`, 'responder', {
      title: 'h'.repeat(201),
    });
    expect(title.status).toBe(400);
    expect(JSON.stringify(title.body)).toContain("A hypothesis's title is 201 characters long");
    const comment = await app.send<Row>('POST', '/api/db/comments', 'responder', {
      created_by: me,
      incident_id: incident,
      hypothesis_id: factor,
      comment: 'c'.repeat(4001),
    });
    expect(comment.status).toBe(400);
    expect(JSON.stringify(comment.body)).toContain('A comment is 4001 characters long');
    // At the limit is accepted.
    const atLimit = await app.send<Row>(
      'PATCH',
      `/api/db/hypotheses?id=eq.${factor}`,
      'responder',
      {
        title: 'h'.repeat(200),
      },
    );
    expect(atLimit.status).toBeLessThan(300);
  });
});
