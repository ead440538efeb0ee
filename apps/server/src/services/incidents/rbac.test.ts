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
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

const TABLES = [
  'incidents',
  'hypotheses',
  'evidences',
  'comments',
  'responders',
  'incident_histories',
  'incident_summary',
  'incidents_by_component',
  'incidents_by_config',
] as const;
type Table = (typeof TABLES)[number];
const METHODS: readonly Method[] = ['GET', 'POST', 'PATCH', 'DELETE'];
const WRITABLE: ReadonlySet<Table> = new Set([
  'incidents',
  'hypotheses',
  'evidences',
  'comments',
  'responders',
]);
const WRITERS: ReadonlySet<Role> = new Set(['admin', 'editor', 'commander', 'responder']);

/**
 * The status each role gets, from the spec's role matrix (console.md §6, settings.md §6): every role
 * but guest reads; admin, editor, commander and responder write incidents, hypotheses, evidences,
 * comments and responders; nobody writes the history (its triggers do) or a view.
 */
function expected(role: Role, table: Table, method: Method): number {
  if (role === 'guest') return 403;
  if (method === 'GET') return 200;
  if (!WRITERS.has(role) || table === 'incident_histories') return 403;
  if (!WRITABLE.has(table)) return 405;
  // Responders leave by PATCH {deleted_at}: a DELETE would take the history naming them (issue 27 #10).
  if (table === 'responders' && method === 'DELETE') return 409;
  return method === 'POST' ? 201 : 200;
}

describe.each(testDatabases('one'))('incident tables × roles × methods on $engine', (target) => {
  let app: IncidentsServer;
  beforeAll(async () => {
    app = await openIncidentsServer(target);
  });
  afterAll(() => app?.close());

  const count = async (sql: string) =>
    (await app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`)).rows[0]!.n;

  it.each(['admin', 'editor', 'commander', 'responder', 'viewer', 'guest'] as const)(
    '%s',
    async (role) => {
      const seeded = {
        incidents: demoId('incident:1'),
        hypotheses: demoId('hypothesis:1:factor'),
        evidences: demoId('evidence:1:config'),
        comments: demoId('comment:1:0'),
        responders: demoId('responder:1:person'),
      };
      const { rows: history } = await app.db.query<{ id: string }>(
        'SELECT id FROM incident_histories WHERE incident_id = $1 ORDER BY created_at LIMIT 1',
        [seeded.incidents],
      );
      const writer = WRITERS.has(role);
      const status: Record<string, number> = {};
      const ids: Partial<Record<Table, string>> = {};
      const call = async (table: Table, method: Method, filter: string, body?: unknown) => {
        const reply = await app.send<Row[]>(method, `/api/db/${table}${filter}`, role, body);
        status[`${table} ${method}`] = reply.status;
        if (reply.status >= 400)
          expect(reply.body, `${table} ${method}`).toMatchObject({ message: expect.any(String) });
        return reply;
      };
      const created = async (table: Table, body: Row) => {
        const reply = await call(table, 'POST', '', body);
        if (reply.status === 201) ids[table] = String(reply.body[0]!.id);
        return ids[table] ?? seeded[table as keyof typeof seeded];
      };
      const before = {
        incidents: await count('incidents'),
        hypotheses: await count('hypothesis_records'),
        evidences: await count('evidence_records'),
        comments: await count('comment_records'),
        responders: await count('responders'),
      };

      // Create: a writer's own rows, one under the other; for the rest the seeded rows are the targets.
      const incident = await created('incidents', {
        title: `Access check by ${role}`,
        type: 'availability',
        severity: 'low',
        status: 'open',
        description: '',
        // As the console creates one: its creator commands it, and so may delete it.
        commander_id: personOf(role),
      });
      const hypothesis = await created('hypotheses', {
        incident_id: incident,
        type: 'root',
        title: 'Access check',
        status: 'possible',
      });
      const evidence = await created('evidences', {
        hypothesis_id: hypothesis,
        type: 'comment',
        description: 'noted',
      });
      const comment = await created('comments', { incident_id: incident, comment: 'noted' });
      const responder = await created('responders', {
        incident_id: incident,
        type: 'person',
        person_id: personOf('viewer'),
      });
      await call('incident_histories', 'POST', '', {
        incident_id: incident,
        type: 'incident.created',
      });
      for (const view of [
        'incident_summary',
        'incidents_by_component',
        'incidents_by_config',
      ] as const)
        await call(view, 'POST', '', { id: incident });

      // Read and change each.
      const targets: Record<Table, string> = {
        incidents: incident,
        hypotheses: hypothesis,
        evidences: evidence,
        comments: comment,
        responders: responder,
        incident_histories: history[0]!.id,
        incident_summary: incident,
        incidents_by_component: incident,
        incidents_by_config: incident,
      };
      const changes: Record<Table, Row> = {
        incidents: { status: 'investigating' },
        hypotheses: { status: 'likely' },
        evidences: { done: true },
        comments: { comment: 'noted twice' },
        responders: { deleted_at: 'now()' },
        incident_histories: { description: 'rewritten' },
        incident_summary: { title: 'x' },
        incidents_by_component: { title: 'x' },
        incidents_by_config: { title: 'x' },
      };
      for (const table of TABLES) {
        await call(table, 'GET', `?id=eq.${targets[table]}`);
        await call(table, 'PATCH', `?id=eq.${targets[table]}`, changes[table]);
      }
      // Delete, the incident last.
      for (const table of [...TABLES.filter((name) => name !== 'incidents'), 'incidents'] as const)
        await call(table, 'DELETE', `?id=eq.${targets[table]}`);

      const want = Object.fromEntries(
        TABLES.flatMap((table) =>
          METHODS.map((method) => [`${table} ${method}`, expected(role, table, method)]),
        ),
      );
      expect(status).toEqual(want);

      if (!writer) {
        // Refused writes changed nothing.
        expect({
          incidents: await count('incidents'),
          hypotheses: await count('hypothesis_records'),
          evidences: await count('evidence_records'),
          comments: await count('comment_records'),
          responders: await count('responders'),
        }).toEqual(before);
        const { rows } = await app.db.query<{ status: string }>(
          'SELECT status FROM incidents WHERE id = $1',
          [seeded.incidents],
        );
        expect(rows[0]!.status).toBe('open');
      } else {
        // The writer's incident is gone from every read, deleted softly: its rows and history stay.
        expect(await count(`incidents WHERE id = '${incident}'`)).toBe(0);
        expect(await count(`incident_summary WHERE id = '${incident}'`)).toBe(0);
        expect(
          await count(`incident_records WHERE id = '${incident}' AND deleted_at IS NOT NULL`),
        ).toBe(1);
        expect(await count(`hypothesis_records WHERE incident_id = '${incident}'`)).toBe(1);
        expect(await count(`incident_histories WHERE incident_id = '${incident}'`)).toBeGreaterThan(
          0,
        );
      }
    },
  );
});
