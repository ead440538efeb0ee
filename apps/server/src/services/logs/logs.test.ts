import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { seedUuid } from '../../db/seed/random.ts';
import { seedNow, testDatabases } from '../../testing/databases.ts';
import { basic, startTestServer, type TestServer } from '../../testing/server.ts';
import { insertServerLogLines, ServerLogBuffer, ServerLogStore } from './serverLog.ts';

interface Reply {
  total: number;
  results: { id: string; timestamp: string; message: string; labels: Record<string, string> }[];
  nextPage: string;
}

const MINUTE = 60_000;
const COMPONENT = '7d1c6a4e-3f0b-4c55-9a7e-2b8f0e1d4c21';

describe.each(testDatabases('one'))('POST /api/logs on $engine', (target) => {
  let db: Database;
  let server: TestServer;
  let dir: string;
  let allowed: string;
  let outside: string;
  // The run's seed instant: the estate is a copy of the one every suite with these options shares.
  const now = seedNow();
  // The server log's fixture lines are placed back from the real clock, which the server reads.
  let logged = Date.now();

  beforeAll(async () => {
    db = await target.openSeeded({ checks: 30, now });
    // The file backend's directory, and next to it one it must never read.
    dir = mkdtempSync(join(tmpdir(), 'opsdeck-logs-'));
    allowed = join(dir, 'allowed');
    outside = join(dir, 'outside');
    mkdirSync(join(allowed, 'sub'), { recursive: true });
    mkdirSync(outside);
    writeFileSync(join(outside, 'secret.log'), 'TOP-SECRET line outside the backend\n');
    const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * MINUTE).toISOString();
    writeFileSync(
      join(allowed, 'app.log'),
      [
        `${at(30)} INFO checkout started`,
        `${at(20)} ERROR checkout failed: card declined`,
        `${at(10)} WARN checkout slow`,
        `${at(5)} INFO checkout done`,
      ].join('\n') + '\n',
    );
    writeFileSync(
      join(allowed, 'sub', 'worker.log'),
      `${JSON.stringify({ time: at(2), level: 'error', msg: 'worker crashed' })}\n`,
    );
    // Longer than the tail read (4 KiB): only its end is read, a long line is cut.
    writeFileSync(
      join(allowed, 'big.log'),
      Array.from({ length: 2000 }, (_, i) => `${at(1)} INFO big line ${i}`).join('\n') +
        `\n${at(1)} INFO long ${'x'.repeat(1000)}\n`,
    );
    symlinkSync(join(outside, 'secret.log'), join(allowed, 'escape.log'));
    symlinkSync(outside, join(allowed, 'escape-dir'));
    execFileSync('mkfifo', [join(allowed, 'pipe')]);

    await db.query(
      `INSERT INTO logging_backends (name, spec) VALUES ('test-files', $1), ('test-loki', $2)`,
      [JSON.stringify({ file: { path: allowed } }), JSON.stringify({ loki: { url: 'http://x' } })],
    );
    await db.query(
      `INSERT INTO components (id, name, type, log_selectors) VALUES ($1, 'logs-test', 'Application', $2)`,
      [
        COMPONENT,
        JSON.stringify([
          { name: 'server', type: 'opsdeck' },
          { name: 'files', type: 'file', labels: { backend: 'test-files' } },
          { name: 'loki', type: 'loki', labels: {} },
          { name: 'opensearch', type: 'opensearch' },
          { name: 'kubernetes', type: 'kubernetes' },
          { name: 'cloudwatch', type: 'cloudwatch' },
          { name: 'via-loki-backend', type: 'file', labels: { backend: 'test-loki' } },
        ]),
      ],
    );
    // The server's log over the last two hours: a line every 2 minutes, levels in turn, none
    // within a minute of the default hour's edge.
    logged = Date.now();
    await insertServerLogLines(
      db,
      Array.from({ length: 60 }, (_, i) => ({
        at: new Date(logged - (i * 2 + 0.5) * MINUTE),
        level: ['info', 'warn', 'error'][i % 3]!,
        message: `zebra line ${i}${i % 10 === 0 ? ' payment refused' : ''}`,
        labels: { source: 'fixture' },
      })),
      'test',
    );
    server = await startTestServer({
      db,
      logs: { fileLimits: { tailBytes: 4096, lineChars: 200, files: 20 } },
    });
  });
  afterAll(async () => {
    await server?.close();
    await db?.query(`DELETE FROM components WHERE id = $1`, [COMPONENT]);
    await db?.query(`DELETE FROM logging_backends WHERE name LIKE 'test-%'`);
    await target.release();
    rmSync(dir, { recursive: true, force: true });
  });

  const post = (body: unknown, who: string | null = 'admin@local') =>
    fetch(`${server.url}/api/logs`, {
      method: 'POST',
      headers: { ...(who ? basic(who) : {}), 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  const logs = async (name: string, labels: Record<string, string> = {}) => {
    const response = await post({ id: COMPONENT, name, labels });
    const body = (await response.json()) as Reply & { message?: string };
    expect(response.status, body.message).toBe(200);
    return body;
  };
  const refusal = async (body: unknown, who: string | null = 'admin@local') => {
    const response = await post(body, who);
    return { status: response.status, ...((await response.json()) as { message?: string }) };
  };

  describe('the request', () => {
    it('needs a component id', async () => {
      expect(await refusal({})).toEqual({
        status: 400,
        error: 'invalid',
        message: 'component ID is required',
      });
      expect(await refusal({ id: '' })).toMatchObject({
        status: 400,
        message: 'component ID is required',
      });
      expect(await refusal({ id: 'not-a-uuid' })).toMatchObject({ status: 400 });
      expect(await refusal({ id: COMPONENT, labels: { level: 3 } })).toMatchObject({ status: 400 });
    });

    it('names an existing component and selector', async () => {
      expect(await refusal({ id: seedUuid('nothing') })).toMatchObject({ status: 404 });
      expect(await refusal({ id: COMPONENT, name: 'nope' })).toMatchObject({
        status: 404,
        message:
          "log selector with the name 'nope' was not found. Available names: [server, files, loki, opensearch, kubernetes, cloudwatch, via-loki-backend]",
      });
    });

    it('refuses labels it cannot read', async () => {
      for (const labels of [
        { start: 'yesterday' },
        { end: 'now-' },
        { start: 'now', end: 'now-1h' },
        { limit: '0' },
        { limit: '100000' },
        { page: 'garbage' },
        { text: 'x'.repeat(501) },
      ])
        expect(
          await refusal({ id: COMPONENT, name: 'server', labels }),
          JSON.stringify(labels),
        ).toMatchObject({ status: 400 });
    });

    it('takes the first selector when no name is given', async () => {
      const reply = await logs('', { text: 'zebra', start: '3h' });
      expect(reply.total).toBe(60);
    });
  });

  describe("the server's own log", () => {
    it('finds lines by text, case-insensitively, and reads % and _ as text', async () => {
      const reply = await logs('server', { text: 'PAYMENT refused', start: '3h' });
      expect(reply.results.map((line) => line.message)).toEqual(
        [0, 10, 20, 30, 40, 50].map((i) => `zebra line ${i} payment refused`),
      );
      expect(reply.total).toBe(6);
      expect((await logs('server', { text: 'zebra%line', start: '3h' })).total).toBe(0);
      expect((await logs('server', { text: 'zebra_line', start: '3h' })).total).toBe(0);
    });

    it('filters by level and by any other label', async () => {
      const errors = await logs('server', {
        text: 'zebra',
        level: 'error',
        start: '3h',
        limit: '100',
      });
      expect(errors.total).toBe(20);
      expect(new Set(errors.results.map((line) => line.labels.level))).toEqual(new Set(['error']));
      const two = await logs('server', { text: 'zebra', level: 'ERROR, warn', start: '3h' });
      expect(two.total).toBe(40);
      expect((await logs('server', { source: 'fixture', start: '3h' })).total).toBe(60);
      expect((await logs('server', { source: 'other', start: '3h' })).total).toBe(0);
    });

    it('reads the last hour unless told, and a time range', async () => {
      // Lines at 0.5, 2.5, …, 58.5 minutes ago are in the default hour.
      expect((await logs('server', { text: 'zebra' })).total).toBe(30);
      const window = await logs('server', {
        text: 'zebra',
        start: new Date(logged - 10 * MINUTE).toISOString(),
        end: 'now-4m',
      });
      expect(window.results.map((line) => line.message)).toEqual([
        'zebra line 2',
        'zebra line 3',
        'zebra line 4',
      ]);
      for (const line of window.results) {
        const at = new Date(line.timestamp).getTime();
        expect(at).toBeGreaterThanOrEqual(logged - 10 * MINUTE);
      }
    });

    it('pages newest first, every line once, until nextPage is empty', async () => {
      const seen: string[] = [];
      let page = '';
      let pages = 0;
      do {
        const reply = await logs('server', { text: 'zebra', start: '3h', limit: '7', page });
        expect(reply.total).toBe(60);
        expect(reply.results.length).toBeLessThanOrEqual(7);
        seen.push(...reply.results.map((line) => line.message));
        page = reply.nextPage;
        pages += 1;
      } while (page && pages < 20);
      expect(pages).toBe(9);
      expect(seen).toEqual(
        Array.from({ length: 60 }, (_, i) => `zebra line ${i}`.trim()).map((message, i) =>
          i % 10 === 0 ? `${message} payment refused` : message,
        ),
      );
    });

    it('counts at most 10,000 matches, and pages on past them', async () => {
      // One clock reading: read per line, a millisecond passing mid-array put 'yak 1' after
      // 'yak 0' (seen in a loaded CI run).
      const now = Date.now();
      await insertServerLogLines(
        db,
        Array.from({ length: 10_010 }, (_, i) => ({
          at: new Date(now - 1000 - i),
          level: 'debug',
          message: `yak ${i}`,
          labels: {},
        })),
        'test',
      );
      const reply = await logs('server', { text: 'yak', limit: '1000' });
      expect(reply.total).toBe(10_000);
      expect(reply.results[0]!.message).toBe('yak 0');
      expect(reply.nextPage).not.toBe('');
      expect((await logs('server', { text: 'yak 1000', level: 'debug' })).total).toBe(11);
    });

    it('holds every line the server logs: a request it answered is found at once', async () => {
      await fetch(`${server.url}/api/db/components_with_logs?order=name.asc`, {
        headers: basic('viewer@local'),
      });
      const reply = await logs('server', { text: 'request', path: '/api/db/components_with_logs' });
      expect(reply.results[0]).toMatchObject({
        message: 'request',
        labels: { level: 'info', method: 'GET', status: '200', user: 'viewer@local' },
      });
    });
  });

  describe('files under a log backend', () => {
    it('reads a named file, filtered by level and text', async () => {
      const reply = await logs('files', { file: 'app.log' });
      expect(reply.results.map((line) => line.message.replace(/^\S+ /, ''))).toEqual([
        'INFO checkout done',
        'WARN checkout slow',
        'ERROR checkout failed: card declined',
        'INFO checkout started',
      ]);
      expect(reply.results[0]!.labels).toEqual({ file: 'app.log', level: 'info' });
      const failed = await logs('files', { file: 'app.log', level: 'error,warn', text: 'FAILED' });
      expect(failed.results.map((line) => line.labels.level)).toEqual(['error']);
      const nested = await logs('files', { file: 'sub/worker.log' });
      expect(nested.results[0]).toMatchObject({
        labels: { file: 'sub/worker.log', level: 'error' },
      });
    });

    it('reads only the end of a large file and cuts long lines', async () => {
      const reply = await logs('files', { file: 'big.log', limit: '1000' });
      expect(reply.total).toBeLessThan(200);
      expect(reply.results[0]!.message).toMatch(/ INFO long x+…$/);
      expect(reply.results[0]!.message.length).toBe(201);
      // The tail starts mid-file: its partial first line is not shown.
      for (const line of reply.results.slice(1))
        expect(line.message).toMatch(/ INFO big line \d+$/);
    });

    it('lists the regular files of its directories when no file is named, never a way out', async () => {
      const reply = await logs('files', { limit: '1000' });
      const files = new Set(reply.results.map((line) => line.labels.file));
      expect(files).toEqual(new Set(['app.log', 'big.log']));
      expect(JSON.stringify(reply)).not.toContain('TOP-SECRET');
    });

    it.each([
      ['a parent directory', '../outside/secret.log'],
      ['a parent inside the path', 'sub/../../outside/secret.log'],
      ['an absolute path outside', '<outside>/secret.log'],
      ['an absolute path inside', '<allowed>/app.log'],
      ['/etc/passwd', '/etc/passwd'],
      ['a link to a file outside', 'escape.log'],
      ['a link to a directory outside', 'escape-dir/secret.log'],
      ['a backslash parent', '..\\outside\\secret.log'],
      ['a FIFO', 'pipe'],
      ['the directory itself', '.'],
    ])('refuses %s', async (_what, name) => {
      const file = name.replace('<outside>', outside).replace('<allowed>', allowed);
      const response = await post({ id: COMPONENT, name: 'files', labels: { file } });
      const body = (await response.json()) as { message?: string };
      expect(response.status, body.message).toBe(403);
      expect(JSON.stringify(body)).not.toContain('TOP-SECRET');
    });

    it('answers 404 for a missing file, 400 for a NUL, and keeps the selector’s backend', async () => {
      expect(
        await refusal({ id: COMPONENT, name: 'files', labels: { file: 'gone.log' } }),
      ).toMatchObject({ status: 404 });
      expect(
        await refusal({ id: COMPONENT, name: 'files', labels: { file: 'app\u0000.log' } }),
      ).toMatchObject({ status: 400 });
      // A request's labels cannot point the selector at another backend.
      const reply = await logs('files', { backend: 'test-loki', file: 'app.log' });
      expect(reply.total).toBe(4);
    });
  });

  it.each(['loki', 'opensearch', 'kubernetes', 'cloudwatch', 'via-loki-backend'])(
    'answers the %s selector: not supported by the embedded server',
    async (name) => {
      const reply = await refusal({ id: COMPONENT, name });
      expect(reply.status).toBe(501);
      expect(reply.message).toMatch(/not supported by the embedded server$/);
    },
  );

  describe('the role matrix (logs:read, admin only by default)', () => {
    it.each([
      ['admin@local', 200],
      ['editor@local', 403],
      ['commander@local', 403],
      ['responder@local', 403],
      ['viewer@local', 403],
      ['guest@local', 403],
      [null, 401],
    ])('%s → %d', async (who, status) => {
      const response = await post({ id: COMPONENT, name: 'server' }, who);
      expect(response.status).toBe(status);
    });

    it('lets a permission row {logs, read} grant it', async () => {
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO permissions (person_id, object, action)
         SELECT id, 'logs', 'read' FROM people WHERE email = 'viewer@local' RETURNING id`,
      );
      try {
        expect((await post({ id: COMPONENT, name: 'server' }, 'viewer@local')).status).toBe(200);
      } finally {
        await db.query(`DELETE FROM permissions WHERE id = $1`, [rows[0]!.id]);
      }
    });
  });

  describe('the demo', () => {
    const opsdeck = seedUuid('opsdeck:component:opsdeck-server');

    it('lists the Opsdeck server among the components with logs', async () => {
      const response = await fetch(`${server.url}/api/db/components_with_logs?order=name.asc`, {
        headers: basic('viewer@local'),
      });
      const rows = (await response.json()) as { id: string; name: string }[];
      expect(rows).toContainEqual(expect.objectContaining({ id: opsdeck, name: 'Opsdeck server' }));
    });

    it('reads its server log and names both selectors', async () => {
      const reply = await post({ id: opsdeck, labels: { text: 'zebra', start: '3h' } });
      expect(reply.status).toBe(200);
      expect(((await reply.json()) as Reply).total).toBe(60);
      expect(await refusal({ id: opsdeck, name: 'x' })).toMatchObject({
        message: "log selector with the name 'x' was not found. Available names: [server, files]",
      });
    });
  });
});

describe.each(testDatabases('one'))('the server log table on $engine', (target) => {
  let db: Database;
  beforeAll(async () => {
    db = await target.open();
  });
  afterAll(() => target.release());

  const count = async () =>
    Number(
      (await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM opsdeck.server_log`)).rows[0]!
        .n,
    );

  it('keeps logging off the database until a flush, then keeps only the newest rows', async () => {
    await db.query(`DELETE FROM opsdeck.server_log`);
    const buffer = new ServerLogBuffer();
    const store = new ServerLogStore(db, buffer, { maxRows: 100, instance: 'ring' });
    const log = buffer.tee(() => undefined);
    for (let i = 0; i < 250; i += 1)
      log({ msg: `ring ${i}`, level: i % 2 ? 'warn' : 'info', n: i });
    // Logging only appended in memory.
    expect(await count()).toBe(0);
    await store.flush();
    expect(await count()).toBe(100);
    const { rows } = await db.query<{ message: string; level: string; labels: { n: string } }>(
      `SELECT message, level, labels FROM opsdeck.server_log ORDER BY seq`,
    );
    expect(rows[0]).toEqual({ message: 'ring 150', level: 'info', labels: { n: '150' } });
    expect(rows.at(-1)!.message).toBe('ring 249');
    for (let i = 0; i < 30; i += 1) log({ msg: `more ${i}` });
    await store.flush();
    expect(await count()).toBe(100);
  });

  it('drops the oldest pending lines beyond its bound, and says how many', async () => {
    await db.query(`DELETE FROM opsdeck.server_log`);
    const buffer = new ServerLogBuffer(10);
    const store = new ServerLogStore(db, buffer, { maxRows: 1000, instance: 'burst' });
    for (let i = 0; i < 25; i += 1) buffer.record({ msg: `burst ${i}` });
    await store.flush();
    const { rows } = await db.query<{ message: string; labels: Record<string, string> }>(
      `SELECT message, labels FROM opsdeck.server_log ORDER BY seq`,
    );
    expect(rows.map((row) => row.message).slice(0, 10)).toEqual(
      Array.from({ length: 10 }, (_, i) => `burst ${i + 15}`),
    );
    expect(rows[10]).toMatchObject({ labels: { dropped: '15' } });
  });
});
