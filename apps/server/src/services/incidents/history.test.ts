import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../testing/databases.ts';
import {
  demoId,
  openIncidentsServer,
  personOf,
  type IncidentsServer,
  type Role,
} from './incidents.test.helper.ts';

type Row = Record<string, unknown>;

// HTTP and service logic over plain SQL: one engine (src/testing/databases.ts).
const engines = testDatabases('one');

describe.each(engines)('incident history, deletes and bad input on $engine', (target) => {
  let app: IncidentsServer;
  beforeAll(async () => {
    app = await openIncidentsServer(target);
  });
  afterAll(() => app?.close());

  const write = async (method: string, path: string, who: Role, body?: unknown) => {
    const reply = await app.send<Row[]>(method, `/api/db/${path}`, who, body);
    expect(reply.status, `${method} ${path}: ${JSON.stringify(reply.body)}`).toBeLessThan(300);
    return reply.body[0]!;
  };
  const history = async (incident: string) =>
    (
      await app.send<Row[]>(
        'GET',
        `/api/db/incident_histories?incident_id=eq.${incident}&order=created_at.asc`,
        'viewer',
      )
    ).body;
  const newIncident = async (title: string) =>
    write('POST', 'incidents?select=*', 'responder', {
      title,
      description: '',
      severity: 'low',
      type: 'availability',
      status: 'open',
    });

  it('writes a row for each event, its author the person whose request made it', async () => {
    const incident = await newIncident('Webhook deliveries delayed');
    const id = String(incident.id);
    const events = async () => (await history(id)).map((row) => [row.type, row.created_by]);
    expect(await history(id)).toEqual([
      expect.objectContaining({
        type: 'incident.created',
        description: incident.incident_id,
        created_by: personOf('responder'),
      }),
    ]);

    // A status change is told with the new status and whoever changed it; other edits are not.
    await write('PATCH', `incidents?id=eq.${id}`, 'commander', { status: 'investigating' });
    await write('PATCH', `incidents?id=eq.${id}`, 'commander', { severity: 'High' });
    const afterStatus = await history(id);
    expect(afterStatus).toHaveLength(2);
    expect(afterStatus[1]).toMatchObject({
      type: 'incident.status_updated',
      description: 'investigating',
      created_by: personOf('commander'),
    });

    const responder = await write('POST', 'responders?select=*', 'commander', {
      type: 'person',
      incident_id: id,
      person_id: personOf('editor'),
      created_by: personOf('admin'),
    });
    const hypothesis = await write('POST', 'hypotheses', 'responder', {
      incident_id: id,
      type: 'root',
      title: 'Queue consumer stuck',
      status: 'possible',
    });
    await write('PATCH', `hypotheses?id=eq.${String(hypothesis.id)}`, 'editor', {
      status: 'likely',
    });
    await write('PATCH', `hypotheses?id=eq.${String(hypothesis.id)}`, 'editor', {
      title: 'Queue consumer stuck on a poison message',
    });
    const comment = await write('POST', 'comments', 'responder', {
      incident_id: id,
      hypothesis_id: hypothesis.id,
      comment: 'Consumer lag is at 40k messages.',
    });
    const evidence = await write('POST', 'evidences', 'responder', {
      hypothesis_id: hypothesis.id,
      type: 'comment',
      description: 'Consumer lag graph',
    });
    await write('PATCH', `evidences?id=eq.${String(evidence.id)}`, 'commander', {
      definition_of_done: true,
    });
    // Already a definition of done: nothing more to tell.
    await write('PATCH', `evidences?id=eq.${String(evidence.id)}`, 'commander', {
      definition_of_done: true,
      done: true,
    });
    const rows = await history(id);
    const byType = (type: string) => rows.filter((row) => row.type === type);
    expect(byType('responder.created')).toEqual([
      expect.objectContaining({ responder_id: responder.id, created_by: personOf('commander') }),
    ]);
    expect(byType('hypothesis.created')).toEqual([
      expect.objectContaining({
        hypothesis_id: hypothesis.id,
        description: 'possible',
        created_by: personOf('responder'),
      }),
    ]);
    expect(byType('hypothesis.status_updated')).toEqual([
      expect.objectContaining({
        hypothesis_id: hypothesis.id,
        description: 'likely',
        created_by: personOf('editor'),
      }),
    ]);
    expect(byType('responder.commented')).toEqual([
      expect.objectContaining({
        comment_id: comment.id,
        hypothesis_id: hypothesis.id,
        created_by: personOf('responder'),
      }),
    ]);
    expect(byType('evidence.created')).toEqual([
      expect.objectContaining({
        evidence_id: evidence.id,
        hypothesis_id: hypothesis.id,
        created_by: personOf('responder'),
      }),
    ]);
    expect(byType('evidence.done_definition_added')).toEqual([
      expect.objectContaining({ evidence_id: evidence.id, created_by: personOf('commander') }),
    ]);
    expect(await events()).toHaveLength(8);

    // Evidence given as a definition of done from the start tells both.
    await write('POST', 'evidences', 'responder', {
      hypothesis_id: hypothesis.id,
      type: 'check',
      check_id: (await app.db.query<{ id: string }>('SELECT id FROM checks LIMIT 1')).rows[0]!.id,
      description: 'Consumer health',
      definition_of_done: true,
    });
    const types = (await history(id)).map((row) => row.type);
    expect(types.filter((type) => type === 'evidence.created')).toHaveLength(2);
    expect(types.filter((type) => type === 'evidence.done_definition_added')).toHaveLength(2);
  });

  it('keeps acknowledged, resolved and closed in step with the status the console sets', async () => {
    const id = String((await newIncident('Scheduler skipped runs')).id);
    const times = async () =>
      (
        await app.send<Row[]>(
          'GET',
          `/api/db/incidents?id=eq.${id}&select=acknowledged,resolved,closed`,
          'viewer',
        )
      ).body[0]!;
    expect(await times()).toEqual({ acknowledged: null, resolved: null, closed: null });
    await write('PATCH', `incidents?id=eq.${id}`, 'responder', { status: 'investigating' });
    const taken = await times();
    expect(taken).toEqual({ acknowledged: expect.any(String), resolved: null, closed: null });
    await write('PATCH', `incidents?id=eq.${id}`, 'responder', { status: 'resolved' });
    expect(await times()).toEqual({
      acknowledged: taken.acknowledged,
      resolved: expect.any(String),
      closed: null,
    });
    // Reopened: open again for the topology's counts.
    await write('PATCH', `incidents?id=eq.${id}`, 'responder', { status: 'open' });
    expect(await times()).toEqual({
      acknowledged: taken.acknowledged,
      resolved: null,
      closed: null,
    });
    await write('PATCH', `incidents?id=eq.${id}`, 'responder', { status: 'cancelled' });
    expect(await times()).toMatchObject({ resolved: null, closed: expect.any(String) });
  });

  it('refuses a history row from a request, and a change or delete of one, to every role', async () => {
    const [row] = await history(demoId('incident:2'));
    for (const who of ['admin', 'responder'] as const) {
      const post = await app.send('POST', '/api/db/incident_histories', who, {
        incident_id: demoId('incident:2'),
        type: 'incident.created',
      });
      expect(post.status).toBe(403);
      const patch = await app.send(
        'PATCH',
        `/api/db/incident_histories?id=eq.${String(row!.id)}`,
        who,
        { description: 'rewritten' },
      );
      expect(patch.status).toBe(403);
      const remove = await app.send(
        'DELETE',
        `/api/db/incident_histories?id=eq.${String(row!.id)}`,
        who,
      );
      expect(remove.status).toBe(403);
      expect(remove.body).toMatchObject({
        message: expect.stringContaining('written by the server only'),
      });
    }
    expect((await history(demoId('incident:2')))[0]).toEqual(row);
  });

  it('deletes a hypothesis softly, with its comments, evidence and sub-hypotheses', async () => {
    const incident = String((await newIncident('Stale cache after failover')).id);
    const root = await write('POST', 'hypotheses', 'responder', {
      incident_id: incident,
      type: 'root',
      title: 'Cache not invalidated',
      status: 'possible',
    });
    const factor = await write('POST', 'hypotheses', 'responder', {
      incident_id: incident,
      parent_id: root.id,
      type: 'factor',
      title: 'Invalidation topic lost its subscriber',
      status: 'likely',
    });
    const solution = await write('POST', 'hypotheses', 'responder', {
      incident_id: incident,
      parent_id: factor.id,
      type: 'solution',
      title: 'Resubscribe on start',
      status: 'possible',
    });
    const kept = await write('POST', 'hypotheses', 'responder', {
      incident_id: incident,
      type: 'root',
      title: 'Clock skew',
      status: 'unlikely',
    });
    for (const hypothesis of [root, factor, solution, kept]) {
      await write('POST', 'comments', 'responder', {
        incident_id: incident,
        hypothesis_id: hypothesis.id,
        comment: `About ${String(hypothesis.title)}`,
      });
      await write('POST', 'evidences', 'responder', {
        hypothesis_id: hypothesis.id,
        type: 'comment',
        description: `For ${String(hypothesis.title)}`,
      });
    }
    const rootId = String(root.id);
    // As the console deletes: its comments, its evidence, then the hypothesis.
    for (const path of [
      `comments?hypothesis_id=eq.${rootId}`,
      `evidences?hypothesis_id=eq.${rootId}`,
      `hypotheses?id=eq.${rootId}`,
    ])
      expect((await app.send('DELETE', `/api/db/${path}`, 'responder')).status).toBe(200);

    const [detail] = (
      await app.send<Row[]>(
        'GET',
        `/api/db/incidents?id=eq.${incident}&select=id,hypotheses(id,evidences(id),comments(id))`,
        'viewer',
      )
    ).body;
    expect(detail!.hypotheses).toEqual([
      { id: kept.id, evidences: [expect.any(Object)], comments: [expect.any(Object)] },
    ]);
    // Still there, marked deleted: the history keeps telling of them.
    const gone = [root.id, factor.id, solution.id];
    const marked = async (table: string, column: string) =>
      (
        await app.db.query<{ deleted: boolean }>(
          `SELECT deleted_at IS NOT NULL AS deleted FROM ${table} WHERE ${column} = ANY($1::uuid[])`,
          [gone],
        )
      ).rows.map((row) => row.deleted);
    expect(await marked('hypothesis_records', 'id')).toEqual([true, true, true]);
    expect(await marked('evidence_records', 'hypothesis_id')).toEqual([true, true, true]);
    expect(await marked('comment_records', 'hypothesis_id')).toEqual([true, true, true]);
    const told = (await history(incident)).filter((row) => row.type === 'hypothesis.created');
    expect(told).toHaveLength(4);
    // Nothing more can be attached to it.
    const late = await app.send('POST', '/api/db/evidences', 'responder', {
      hypothesis_id: rootId,
      type: 'comment',
      description: 'too late',
    });
    expect(late.status).toBe(400);
  });

  const incident = demoId('incident:1');
  const hypothesis = demoId('hypothesis:1:factor');
  it.each([
    ['incidents', 'an unknown status', { title: 'x', status: 'paused' }, /Unknown incident status/],
    ['incidents', 'an unknown severity', { title: 'x', severity: 'urgent' }, /severity/],
    ['incidents', 'an unknown type', { title: 'x', type: 'latency' }, /Unknown incident type/],
    ['incidents', 'no title', { type: 'cost', severity: 'low' }, /title/],
    ['incidents', 'a blank title', { title: '  ', type: 'cost' }, /title/],
    ['incidents', 'a column it does not have', { title: 'x', priority: 1 }, /priority/],
    [
      'hypotheses',
      'an unknown type',
      { incident_id: incident, title: 'x', type: 'cause' },
      /hypothesis type/,
    ],
    [
      'hypotheses',
      'an unknown status',
      { incident_id: incident, title: 'x', type: 'root', status: 'certain' },
      /hypothesis status/,
    ],
    ['hypotheses', 'no title', { incident_id: incident, type: 'root' }, /title/],
    [
      'hypotheses',
      'a parent of another incident',
      {
        incident_id: incident,
        title: 'x',
        type: 'factor',
        parent_id: demoId('hypothesis:3:root'),
      },
      /parent/,
    ],
    [
      'hypotheses',
      'an incident id that is not a uuid',
      { incident_id: 'INC-2', title: 'x', type: 'root' },
      /uuid/,
    ],
    [
      'evidences',
      'an unknown type',
      { hypothesis_id: hypothesis, type: 'screenshot', description: 'x' },
      /evidence type/,
    ],
    [
      'evidences',
      'a hypothesis that does not exist',
      { hypothesis_id: demoId('nope'), type: 'log', description: 'x' },
      /hypothesis/,
    ],
    ['comments', 'no text', { incident_id: incident, comment: '' }, /comment/],
    [
      'responders',
      'an incident that does not exist',
      { incident_id: demoId('nope'), type: 'person', person_id: personOf('viewer') },
      /incident/,
    ],
  ])('refuses a new row of %s with %s: a 4xx {error, message}', async (table, _, body, says) => {
    const reply = await app.send<Row>('POST', `/api/db/${table}`, 'responder', body);
    expect(reply.status).toBeGreaterThanOrEqual(400);
    expect(reply.status).toBeLessThan(500);
    expect(reply.body).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    expect(`${String(reply.body.message)} ${String(reply.body.details)}`).toMatch(says);
  });

  it('refuses a change to an unknown value, and takes the detail panel’s capitalised severity', async () => {
    const path = `/api/db/incidents?id=eq.${incident}`;
    for (const body of [
      { status: 'paused' },
      { severity: 'P1' },
      { type: 'latency' },
      { title: '' },
    ]) {
      const reply = await app.send<Row>('PATCH', path, 'responder', body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
    const [row] = (await app.send<Row[]>('GET', path, 'viewer')).body;
    expect(row).toMatchObject({ status: 'open', title: 'Payments API returning 503' });
    const capitalised = await app.send<Row[]>('PATCH', path, 'responder', { severity: 'Blocker' });
    expect(capitalised.status).toBe(200);
    expect(capitalised.body[0]).toMatchObject({ severity: 'Blocker' });
  });
});
