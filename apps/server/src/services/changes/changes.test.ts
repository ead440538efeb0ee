import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Configuration, FrontendApi } from '@ory/client-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresDatabase, type Database } from '../../db/database.ts';
import { seedDemo } from '../../db/seed/demo.ts';
import { seedUuid } from '../../db/seed/random.ts';
import { loadResources } from '../../resources/loader.ts';
import { testDatabases, testDatabaseUrl } from '../../testing/databases.ts';
import { basic, startTestServer, type TestServer } from '../../testing/server.ts';
import { recordResult } from '../canary/runner.ts';
import { CookieJar, csrf } from '../identity/identity.test.helper.ts';
import { defaultServiceRegistry, SERVICES } from '../list.ts';
import type { ChangeEvent } from './feed.ts';
import { untracedTables } from './triggers.ts';

type Role = 'admin' | 'editor' | 'viewer' | 'guest';
const personOf = (role: Role) => seedUuid(`opsdeck:person:${role}`);

interface StreamEvent {
  event: string;
  id?: string;
  data: string;
}

/** An EventSource as a test needs it: every event kept, waits, and a way to stop reading. */
class EventStream {
  readonly events: StreamEvent[] = [];
  ended = false;
  status = 0;
  headers: http.IncomingHttpHeaders = {};
  private response: http.IncomingMessage | undefined;
  private request!: http.ClientRequest;
  readonly opened: Promise<void>;

  constructor(url: string, headers: Record<string, string>) {
    this.opened = new Promise((resolve, reject) => {
      this.request = http.get(url, { headers }, (response) => {
        this.response = response;
        this.status = response.statusCode ?? 0;
        this.headers = response.headers;
        let buffer = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event: StreamEvent = { event: 'message', data: '' };
            let data = false;
            for (const line of block.split('\n')) {
              if (line.startsWith('event: ')) event.event = line.slice(7);
              else if (line.startsWith('id: ')) event.id = line.slice(4);
              else if (line.startsWith('data: ')) {
                event.data += (data ? '\n' : '') + line.slice(6);
                data = true;
              } else if (line.startsWith(': ')) event.event = 'comment';
              else if (line.startsWith('retry: ')) event.event = 'retry';
            }
            this.events.push(event);
          }
        });
        response.on('end', () => {
          this.ended = true;
        });
        response.on('error', () => undefined);
        resolve();
      });
      this.request.on('error', reject);
    });
  }

  changes(): ChangeEvent[] {
    return this.events
      .filter((event) => event.event === 'change')
      .map((event) => JSON.parse(event.data) as ChangeEvent);
  }

  lastId(): string | undefined {
    return this.events.filter((event) => event.id !== undefined).at(-1)?.id;
  }

  pause() {
    this.response?.pause();
  }

  resume() {
    this.response?.resume();
  }

  close() {
    this.request.destroy();
  }
}

async function until<T>(what: () => T | undefined | false, millis = 10_000): Promise<T> {
  const deadline = Date.now() + millis;
  for (;;) {
    const value = what();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(testDatabases())('the change stream and the audit trail on $engine', (target) => {
  let db: Database;
  let server: TestServer;
  const streams: EventStream[] = [];
  const open = async (who: Role, headers: Record<string, string> = {}, base = server.url) => {
    const stream = new EventStream(`${base}/api/events`, { ...basic(`${who}@local`), ...headers });
    streams.push(stream);
    await stream.opened;
    // The first line (retry) says the stream is subscribed.
    await until(() => stream.events.length > 0);
    return stream;
  };
  const send = (method: string, path: string, body?: unknown, who: Role = 'admin') =>
    fetch(`${server.url}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...basic(`${who}@local`) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const auditRows = async (table: string, since: number) =>
    (
      await db.query<{
        actor: string;
        action: string;
        ids: string[];
        before: unknown;
        after: unknown;
      }>(
        'SELECT actor, action, ids, before, after FROM audit_log WHERE table_name = $1 AND id > $2 ORDER BY id',
        [table, since],
      )
    ).rows;
  const lastAudit = async () =>
    (await db.query<{ id: number | null }>('SELECT max(id) AS id FROM audit_log')).rows[0]?.id ?? 0;

  beforeAll(async () => {
    db = await target.open();
    await seedDemo(db, { checks: 10, now: new Date('2025-03-01T12:00:00Z') });
    server = await startTestServer({ db, eventStream: { heartbeatMillis: 200, queueLimit: 20 } });
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await server?.close();
    await db?.query("DELETE FROM properties WHERE name LIKE 'changes.%'").catch(() => undefined);
    await target.release();
  });

  it('has the change triggers on every declared table', async () => {
    expect(await untracedTables(db, SERVICES)).toEqual([]);
    // A view is not traced: its writes land on a table that is.
    expect(defaultServiceRegistry().table('configs')).toBeDefined();
  });

  it('sends each reader the events of the tables it may read, and heartbeats', async () => {
    const admin = await open('admin');
    const viewer = await open('viewer');
    const since = await lastAudit();
    expect(admin.status).toBe(200);
    expect(admin.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(
      (await send('POST', '/api/db/properties', { name: 'changes.one', value: 'a' })).status,
    ).toBe(201);
    expect(
      (
        await send('POST', '/api/db/connections', {
          name: 'changes-conn',
          type: 'http',
          url: 'http://127.0.0.1:1',
          password: 'hunter2',
        })
      ).status,
    ).toBe(201);
    await until(() => admin.changes().some((event) => event.table === 'connections'));
    await until(() => viewer.changes().some((event) => event.table === 'properties'));
    const property = admin.changes().find((event) => event.table === 'properties')!;
    expect(property).toMatchObject({
      action: 'insert',
      ids: ['changes.one'],
      count: 1,
      actor: personOf('admin'),
    });
    // The admin also hears the audit rows; the viewer never sees a connection or the audit.
    expect(admin.changes().some((event) => event.table === 'audit_log')).toBe(true);
    await until(() => viewer.events.some((event) => event.event === 'comment'));
    const seen = new Set(viewer.changes().map((event) => event.table));
    for (const table of ['connections', 'audit_log', 'identities', 'sessions'])
      expect(seen.has(table), table).toBe(false);
    // The connection's password is masked in its audit row.
    const [audit] = await auditRows('connections', since);
    expect(JSON.stringify(audit)).not.toContain('hunter2');
    expect(audit).toMatchObject({ action: 'insert', actor: personOf('admin') });
  });

  it('denies a table’s events to a reader a permission row denies it', async () => {
    // properties' object, denied by a row; canaries stay readable.
    const object = defaultServiceRegistry().table('properties')!.declaration.object;
    await db.query(
      `INSERT INTO permissions (person_id, object, action, deny) VALUES ($1, $2, 'read', true)`,
      [personOf('viewer'), object],
    );
    try {
      const viewer = await open('viewer');
      const mark = viewer.events.length;
      await send('POST', '/api/db/properties', { name: 'changes.denied' });
      await send('POST', '/api/db/canaries', {
        name: 'changes-canary',
        namespace: 'default',
        spec: {},
      });
      await until(() => viewer.changes().some((event) => event.table === 'canaries'));
      const tables = viewer.events
        .slice(mark)
        .filter((e) => e.event === 'change')
        .map((e) => (JSON.parse(e.data) as ChangeEvent).table);
      expect(tables).not.toContain('properties');
    } finally {
      await db.query(`DELETE FROM permissions WHERE person_id = $1 AND deny`, [personOf('viewer')]);
    }
  });

  it('tells a reader a permission row denies one canary of the others’ writes only', async () => {
    const { rows } = await db.query<{ id: string }>(
      'SELECT id::text AS id FROM canaries WHERE deleted_at IS NULL ORDER BY id LIMIT 2',
    );
    const [hidden, shown] = [rows[0]!.id, rows[1]!.id];
    await db.query(
      `INSERT INTO permissions (person_id, object, action, deny, canary_id) VALUES ($1, 'canaries', 'read', true, $2)`,
      [personOf('viewer'), hidden],
    );
    try {
      const viewer = await open('viewer');
      const admin = await open('admin');
      // One statement writing both, then each alone.
      const both = await send('PATCH', `/api/db/canaries?id=in.(${hidden},${shown})`, {
        labels: { changes: 'both' },
      });
      expect(both.status).toBeLessThan(300);
      for (const id of [hidden, shown]) {
        const one = await send('PATCH', `/api/db/canaries?id=eq.${id}`, {
          labels: { changes: id },
        });
        expect(one.status).toBeLessThan(300);
      }
      const canaries = (stream: EventStream) =>
        stream.changes().filter((event) => event.table === 'canaries');
      await until(() => canaries(admin).length >= 3);
      await until(() => canaries(viewer).length >= 2);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(canaries(admin).map((event) => event.count)).toEqual([2, 1, 1]);
      expect(canaries(viewer).map((event) => [event.ids, event.count])).toEqual([
        [[shown], 1],
        [[shown], 1],
      ]);
    } finally {
      await db.query(`DELETE FROM permissions WHERE person_id = $1 AND deny`, [personOf('viewer')]);
    }
  });

  it('tells a saved view’s write to the readers of that view alone, with its id only', async () => {
    // The demo's teams: editor and guest are in payments, viewer in sre.
    const payments = seedUuid('opsdeck:team:payments');
    const views = (stream: EventStream) =>
      stream.changes().filter((event) => event.table === 'saved_views');
    const save = async (who: Role, view: Record<string, unknown>) => {
      const reply = await fetch(`${server.url}/api/db/saved_views`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Prefer: 'return=representation',
          ...basic(`${who}@local`),
        },
        body: JSON.stringify({ page: '/health', search: '', ...view }),
      });
      expect(reply.status).toBe(201);
      return ((await reply.json()) as { id: string }[])[0]!.id;
    };
    const teammate = await open('guest');
    const outsider = await open('viewer');
    const author = await open('editor');
    try {
      const shared = await save('editor', { name: 'changes shared', team_id: payments });
      const mine = await save('editor', { name: 'changes private' });
      // The teammate is told of the shared view, not of the author's own one.
      await until(() => views(teammate).some((event) => event.ids?.includes(shared)));
      await until(() => views(author).some((event) => event.ids?.includes(mine)));
      // Unshared, then deleted: the teammate is told it left their sight (the rows as they were).
      const unshare = await send(
        'PATCH',
        `/api/db/saved_views?id=eq.${shared}`,
        { team_id: null },
        'editor',
      );
      expect(unshare.status).toBeLessThan(300);
      await until(() => views(teammate).filter((e) => e.ids?.includes(shared)).length === 2);
      const gone = await send('DELETE', `/api/db/saved_views?id=eq.${mine}`, undefined, 'editor');
      expect(gone.status).toBeLessThan(300);
      await until(() => views(author).filter((e) => e.ids?.includes(mine)).length === 2);
      // Each reader's own write, after the others: once it is in, theirs would have been too.
      const guestOwn = await save('guest', { name: 'changes guest' });
      const viewerOwn = await save('viewer', { name: 'changes viewer' });
      await until(() => views(teammate).some((event) => event.ids?.includes(guestOwn)));
      await until(() => views(outsider).some((event) => event.ids?.includes(viewerOwn)));
      expect(views(outsider).map((event) => event.ids)).toEqual([[viewerOwn]]);
      expect(views(teammate).map((event) => event.ids)).toEqual([[shared], [shared], [guestOwn]]);
      expect(views(teammate)[0]).toMatchObject({ action: 'insert', count: 1 });
      // The author sees their own four writes, not the others' private views.
      expect(views(author).flatMap((event) => event.ids)).toEqual([shared, mine, shared, mine]);
    } finally {
      await db.query("DELETE FROM saved_views WHERE name LIKE 'changes %'");
    }
  });

  it('resumes after a reconnect with Last-Event-ID: no event lost, none twice', async () => {
    const first = await open('admin');
    await send('POST', '/api/db/properties', { name: 'changes.r1' });
    await until(() => first.changes().some((event) => event.ids?.includes('changes.r1')));
    const lastId = first.lastId()!;
    first.close();
    for (const name of ['changes.r2', 'changes.r3'])
      expect((await send('POST', '/api/db/properties', { name })).status).toBe(201);
    const second = await open('admin', { 'Last-Event-ID': lastId });
    await send('POST', '/api/db/properties', { name: 'changes.r4' });
    await until(() => second.changes().some((event) => event.ids?.includes('changes.r4')));
    const names = second
      .changes()
      .filter((event) => event.table === 'properties')
      .flatMap((event) => event.ids ?? []);
    expect(names).toEqual(['changes.r2', 'changes.r3', 'changes.r4']);
    const ids = second.changes().map((event) => event.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(Math.min(...ids)).toBeGreaterThan(Number(lastId));
  });

  it('tells a reader whose Last-Event-ID left the window to resync, then goes on from now', async () => {
    await send('POST', '/api/db/properties', { name: 'changes.old' });
    const { rows } = await db.query<{ id: number }>(
      'SELECT max(id) AS id FROM opsdeck.change_events',
    );
    const old = rows[0]!.id - 1;
    await db.query("SELECT opsdeck.trim_change_events(interval '0', 0)");
    const stream = await open('admin', { 'Last-Event-ID': String(old) });
    await until(() => stream.events.some((event) => event.event === 'resync'));
    await send('POST', '/api/db/properties', { name: 'changes.after' });
    await until(() => stream.changes().some((event) => event.ids?.includes('changes.after')));
    expect(stream.changes().some((event) => event.ids?.includes('changes.old'))).toBe(false);
  });

  it('gives a client too slow for its queue a resync and closes, without holding the events', async () => {
    const slow = await open('admin');
    slow.pause();
    // Big events (long keys) fill the socket's buffers; then the queue (20 here) overflows.
    const long = 'x'.repeat(900);
    for (let batch = 0; batch < 30; batch += 1) {
      await db.query(
        `INSERT INTO properties (name, value) SELECT 'changes.slow.' || $1 || '.' || n || '.' || $2, 'v' FROM generate_series(1, 1000) AS n`,
        [batch, long],
      );
    }
    await db.query("DELETE FROM properties WHERE name LIKE 'changes.slow.%'");
    slow.resume();
    await until(() => slow.ended, 20_000);
    expect(slow.events.at(-1)?.event).toBe('resync');
  });

  it('delivers writes of another instance on the same database', async () => {
    const url = testDatabaseUrl();
    let other: Database = db;
    if (target.engine === 'postgres') {
      const { rows } = await db.query<{ name: string }>('SELECT current_database() AS name');
      const parsed = new URL(url!);
      parsed.pathname = `/${rows[0]!.name}`;
      other = await PostgresDatabase.open({ url: parsed.toString(), max: 2 });
    }
    const second = await startTestServer({ db: other });
    try {
      const here = await open('viewer');
      const there = await open('viewer', {}, second.url);
      await fetch(`${second.url}/api/db/properties`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...basic('admin@local') },
        body: JSON.stringify({ name: 'changes.there' }),
      });
      await send('POST', '/api/db/properties', { name: 'changes.here' });
      for (const stream of [here, there])
        for (const name of ['changes.there', 'changes.here'])
          await until(() => stream.changes().some((event) => event.ids?.includes(name)));
      here.close();
      there.close();
    } finally {
      await second.close();
      if (other !== db) await other.close();
    }
  });

  it('records a service route’s write once, as its user, and streams it', async () => {
    const stream = await open('admin');
    const since = await lastAudit();
    const { rows } = await db.query<{ id: string }>(
      'SELECT id FROM config_items WHERE deleted_at IS NULL ORDER BY id LIMIT 1',
    );
    const id = rows[0]!.id;
    const reply = await send(
      'POST',
      '/api/catalog/config-items/bulk-delete',
      { ids: [id] },
      'editor',
    );
    expect(reply.status).toBe(200);
    const audits = await auditRows('config_items', since);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ action: 'update', actor: personOf('editor'), ids: [id] });
    await until(() =>
      stream.changes().some((event) => event.table === 'config_items' && event.ids?.includes(id)),
    );
  });

  it('streams a write to an incident, its comments and hypotheses under the views readers query', async () => {
    const viewer = await open('viewer');
    const create = (table: string, body: unknown) =>
      fetch(`${server.url}/api/db/${table}`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Prefer: 'return=representation',
          ...basic('editor@local'),
        },
        body: JSON.stringify(body),
      });
    const incident = await create('incidents', {
      title: 'Streamed incident',
      type: 'availability',
      severity: 'low',
      status: 'open',
    });
    expect(incident.status, await incident.clone().text()).toBe(201);
    const [{ id }] = (await incident.json()) as [{ id: string }];
    const hypothesis = await create('hypotheses', {
      incident_id: id,
      title: 'A cause',
      type: 'root',
      status: 'possible',
    });
    expect(hypothesis.status, await hypothesis.clone().text()).toBe(201);
    const comment = await create('comments', { incident_id: id, comment: 'Seen live' });
    expect(comment.status, await comment.clone().text()).toBe(201);
    const [{ id: commentId }] = (await comment.json()) as [{ id: string }];
    await until(() =>
      viewer
        .changes()
        .some((event) => event.table === 'comments' && event.ids?.includes(commentId)),
    );
    const tables = viewer.changes().map((event) => event.table);
    expect(tables).toContain('incidents');
    expect(tables).toContain('hypotheses');
    expect(tables.filter((table) => table.endsWith('_records'))).toEqual([]);
    expect(viewer.changes().find((event) => event.table === 'incidents')?.ids).toContain(id);
  });

  it('records a job’s write as system and streams it', async () => {
    const stream = await open('admin');
    const since = await lastAudit();
    const { rows } = await db.query<{ id: string }>('SELECT id FROM checks ORDER BY id LIMIT 1');
    // What the scheduler's run of a check stores, outside any request.
    await recordResult(db, rows[0]!.id, {
      name: 'x',
      start: new Date().toISOString(),
      pass: true,
      invalid: false,
      message: 'ok',
      error: '',
      duration: 1,
    });
    const audits = await auditRows('checks', since);
    expect(audits.length).toBeGreaterThan(0);
    expect(audits.every((row) => row.actor === 'system')).toBe(true);
    await until(() =>
      stream.changes().some((event) => event.table === 'checks' && event.actor === 'system'),
    );
  });

  it('records the GitOps loader’s writes as system', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'opsdeck-changes-'));
    try {
      await writeFile(
        join(dir, 'p.yaml'),
        'apiVersion: mission-control.flanksource.com/v1\nkind: Playbook\nmetadata:\n  name: changes-loaded\nspec:\n  actions:\n    - name: a\n      exec:\n        script: echo hi\n',
      );
      const since = await lastAudit();
      await loadResources(db, dir, defaultServiceRegistry().resourceKinds());
      const audits = await auditRows('playbooks', since);
      expect(audits).toHaveLength(1);
      expect(audits[0]).toMatchObject({ action: 'insert', actor: 'system' });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('records a sign-in as the person who signed in', async () => {
    const jar = new CookieJar();
    const sdk = new FrontendApi(
      new Configuration({
        basePath: `${server.url}/api/.ory`,
        fetchApi: jar.fetch,
        credentials: 'include',
      }),
    );
    const since = await lastAudit();
    const flow = await sdk.createBrowserLoginFlow({});
    await sdk.updateLoginFlow({
      flow: flow.id,
      updateLoginFlowBody: {
        method: 'password',
        identifier: 'viewer@local',
        password: 'opsdeck-demo',
        csrf_token: csrf(flow),
      },
    });
    const audits = await auditRows('people', since);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ action: 'update', actor: personOf('viewer') });
  });

  it('lets admins alone read audit_log through /api/db, and nobody write it', async () => {
    expect((await send('GET', '/api/db/audit_log?limit=1')).status).toBe(200);
    for (const who of ['editor', 'viewer'] as const)
      expect((await send('GET', '/api/db/audit_log?limit=1', undefined, who)).status).toBe(403);
    const before = await lastAudit();
    const forged = await send('POST', '/api/db/audit_log', {
      actor: 'x',
      table_name: 't',
      action: 'insert',
      row_count: 1,
    });
    expect(forged.status).toBe(403);
    expect((await send('DELETE', '/api/db/audit_log?id=gt.0')).status).toBe(403);
    expect(
      (
        await db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log WHERE id <= $1', [
          before,
        ])
      ).rows[0]!.n,
    ).toBeGreaterThan(0);
  });
});
