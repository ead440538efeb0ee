import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedUuid } from '../../db/seed/random.ts';
import { testDatabases } from '../../testing/databases.ts';
import { demoId, openIncidentsServer, type IncidentsServer } from './incidents.test.helper.ts';
import type { Timeline } from './timeline.ts';

type Row = Record<string, unknown>;

describe.each(testDatabases('one'))('GET /api/incidents/{id}/timeline on $engine', (target) => {
  let app: IncidentsServer;
  beforeAll(async () => {
    app = await openIncidentsServer(target);
  });
  afterAll(() => app?.close());

  const timeline = async (id: string, who: 'viewer' | 'responder' = 'viewer') => {
    const reply = await app.send<Timeline>('GET', `/api/incidents/${id}/timeline`, who);
    expect(reply.status).toBe(200);
    return reply.body;
  };

  it('interleaves the history with the attached check’s turns and config’s changes inside the window', async () => {
    // An incident opened three hours ago and resolved an hour later: its window.
    const start = new Date(Math.floor(Date.now() / 1000) * 1000 - 3 * 3_600_000);
    const plus = (minutes: number) => new Date(start.getTime() + minutes * 60_000).toISOString();
    const created = await app.send<Row[]>('POST', '/api/db/incidents?select=*', 'responder', {
      title: 'Orders stuck in pending',
      severity: 'high',
      type: 'availability',
      status: 'open',
    });
    const incident = created.body[0]!;
    const id = String(incident.id);
    await app.db.query('UPDATE incidents SET created_at = $2, resolved = $3 WHERE id = $1', [
      id,
      plus(0),
      plus(60),
    ]);

    // A check of its own: unhealthy before, unhealthy again (no turn), healthy, healthy, unhealthy,
    // and healthy after the window.
    const checkId = seedUuid('timeline:check');
    const { rows: canary } = await app.db.query<{ id: string }>('SELECT id FROM canaries LIMIT 1');
    await app.db.query(
      `INSERT INTO checks (id, canary_id, type, name, namespace, status) VALUES ($1, $2, 'http', 'orders-api', 'default', 'unhealthy')`,
      [checkId, canary[0]!.id],
    );
    for (const [minutes, status] of [
      [-30, false],
      [10, false],
      [20, true],
      [30, true],
      [40, false],
      [70, true],
    ] as const) {
      await app.db.query(
        'INSERT INTO check_statuses (check_id, time, status, message) VALUES ($1, $2, $3, $4)',
        [checkId, plus(minutes), status, status ? 'OK' : 'Check failed'],
      );
    }
    // A config of its own with changes before, inside and after the window.
    const configId = seedUuid('timeline:config');
    await app.db.query(
      `INSERT INTO config_items (id, name, type, config_class) VALUES ($1, 'orders', 'Kubernetes::Deployment', 'Deployment')`,
      [configId],
    );
    for (const [minutes, type] of [
      [-60, 'Created'],
      [15, 'diff'],
      [50, 'Scaled'],
      [90, 'diff'],
    ] as const) {
      await app.db.query(
        'INSERT INTO config_changes (config_id, change_type, severity, created_at) VALUES ($1, $2, $3, $4)',
        [configId, type, 'info', plus(minutes)],
      );
    }
    const hypothesis = await app.send<Row[]>('POST', '/api/db/hypotheses', 'responder', {
      incident_id: id,
      type: 'root',
      title: 'Orders API down',
      status: 'possible',
    });
    const root = String(hypothesis.body[0]!.id);
    const check = await app.send<Row[]>('POST', '/api/db/evidences', 'responder', {
      hypothesis_id: root,
      type: 'check',
      check_id: checkId,
      description: 'orders-api health',
    });
    await app.send('POST', '/api/db/evidences', 'responder', {
      hypothesis_id: root,
      type: 'config',
      config_id: configId,
      description: 'orders deployment',
    });
    await app.send('PATCH', `/api/db/incidents?id=eq.${id}`, 'responder', { status: 'resolved' });

    const story = await timeline(id);
    expect(story.incident).toMatchObject({
      id,
      incident_id: incident.incident_id,
      status: 'resolved',
    });
    expect(new Date(story.window.from).getTime()).toBe(start.getTime());
    expect(new Date(story.window.to).getTime()).toBe(new Date(plus(60)).getTime());
    expect(story.window.open).toBe(false);
    expect(story.truncated).toBe(false);
    const times = story.entries.map((entry) => new Date(entry.at).getTime());
    expect([...times].sort((a, b) => a - b)).toEqual(times);

    const turns = story.entries.filter((entry) => entry.kind === 'check_status');
    expect(turns.map((entry) => [new Date(entry.at).toISOString(), entry.status])).toEqual([
      [plus(20), 'healthy'],
      [plus(40), 'unhealthy'],
    ]);
    expect(turns[0]).toMatchObject({
      evidence_id: check.body[0]!.id,
      check: { id: checkId, name: 'orders-api', type: 'http' },
      message: 'OK',
    });
    const changes = story.entries.filter((entry) => entry.kind === 'config_change');
    expect(
      changes.map((entry) => [new Date(entry.at).toISOString(), entry.change.change_type]),
    ).toEqual([
      [plus(15), 'diff'],
      [plus(50), 'Scaled'],
    ]);
    expect(changes[0]).toMatchObject({ config: { id: configId, name: 'orders' } });

    const told = story.entries.filter((entry) => entry.kind === 'history');
    expect(told.map((entry) => entry.type)).toEqual([
      'incident.created',
      'hypothesis.created',
      'evidence.created',
      'evidence.created',
      'incident.status_updated',
    ]);
    expect(told[0]).toMatchObject({
      created_by: { name: 'Responder (demo)' },
      description: incident.incident_id,
    });
    expect(told[2]).toMatchObject({
      hypothesis: { id: root, title: 'Orders API down', type: 'root' },
      evidence: { type: 'check', description: 'orders-api health' },
    });
    // Its INC- number names it too.
    expect((await timeline(String(incident.incident_id))).entries).toEqual(story.entries);
  });

  it('gives a demo incident still open a window up to now, with its history and evidence', async () => {
    const story = await timeline(demoId('incident:0'));
    expect(story.window.open).toBe(true);
    expect(story.incident).toMatchObject({ incident_id: 'INC-1', status: 'investigating' });
    const kinds = new Set(story.entries.map((entry) => entry.kind));
    expect(kinds.has('history')).toBe(true);
    const history = story.entries.filter((entry) => entry.kind === 'history');
    expect(history[0]).toMatchObject({ type: 'incident.created' });
    expect(history.some((entry) => entry.type === 'responder.created' && entry.responder)).toBe(
      true,
    );
    expect(history.some((entry) => entry.type === 'responder.commented' && entry.comment)).toBe(
      true,
    );
    // A resolved demo incident's window ends when it was resolved.
    const resolved = await timeline(demoId('incident:3'));
    expect(resolved.window.open).toBe(false);
    const [row] = (
      await app.db.query<{ resolved: string }>('SELECT resolved FROM incidents WHERE id = $1', [
        demoId('incident:3'),
      ])
    ).rows;
    expect(new Date(resolved.window.to).getTime()).toBe(new Date(row!.resolved).getTime());
    for (const entry of resolved.entries.filter((item) => item.kind !== 'history'))
      expect(new Date(entry.at).getTime()).toBeLessThanOrEqual(new Date(row!.resolved).getTime());
  });

  it.each([
    ['an id that is neither a uuid nor an INC- number', 'nope', 'viewer', 400],
    ['an incident that does not exist', seedUuid('missing'), 'viewer', 404],
    ['an INC- number nobody has', 'INC-999999', 'viewer', 404],
    ['a guest', demoId('incident:0'), 'guest', 403],
  ] as const)('answers %s with %i {error, message}', async (_, id, who, status) => {
    const reply = await app.send<Row>('GET', `/api/incidents/${id}/timeline`, who);
    expect(reply.status).toBe(status);
    expect(reply.body).toMatchObject({ error: expect.any(String), message: expect.any(String) });
  });

  it('needs a session', async () => {
    const reply = await fetch(`${app.server.url}/api/incidents/${demoId('incident:0')}/timeline`);
    expect(reply.status).toBe(401);
  });
});
