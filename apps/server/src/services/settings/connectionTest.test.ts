// POST /api/connection/test/{id} (reference §6 "Connections", issue 36): each testable kind against
// a loopback server of its own protocol, the failure text, the timeout, the role matrix, 404/400/501
// and the server's outbound policy.
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { testDatabases, testDatabaseUrl } from '../../testing/databases.ts';
import { basic, startTestServer, type TestServer } from '../../testing/server.ts';

const LOOPBACK = { allowPrivate: true, allowLinkLocal: false };

function listening<T extends HttpServer | TcpServer>(server: T): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
  );
}

describe.each(testDatabases('one'))('connection test on $engine', (target) => {
  let db: Database;
  let server: TestServer;
  let strict: TestServer;
  const closers: (() => Promise<unknown>)[] = [];
  // The fakes' own ends of the connections, ended at the close whatever the client did.
  const peers = new Set<Socket>();
  const track = (socket: Socket) => {
    peers.add(socket);
    socket.on('error', () => undefined);
  };
  const authorizations: string[] = [];
  const webhookBodies: string[] = [];
  let httpPort = 0;
  let redisPort = 0;
  let silentPort = 0;
  let sshPort = 0;
  let smtpPort = 0;
  let closedPort = 0;

  const create = async (row: Record<string, unknown>) => {
    const response = await fetch(`${server.url}/api/db/connections`, {
      method: 'POST',
      headers: {
        ...basic('admin@local'),
        'content-type': 'application/json',
        Prefer: 'return=representation',
      },
      body: JSON.stringify({ namespace: 'default', ...row }),
    });
    const text = await response.text();
    expect(response.status, text).toBe(201);
    return (JSON.parse(text) as { id: string }[])[0]!.id;
  };
  const test = async (id: string, who = 'admin@local', on = server) => {
    const response = await fetch(`${on.url}/api/connection/test/${id}`, {
      method: 'POST',
      headers: basic(who),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  beforeAll(async () => {
    db = await target.openSeeded({ checks: 2 });
    server = await startTestServer({ db, outbound: LOOPBACK, connectionTestTimeoutMillis: 1500 });
    strict = await startTestServer({ db });
    closers.push(
      () => server.close(),
      () => strict.close(),
    );

    const http = createHttpServer((request, response) => {
      authorizations.push(request.headers.authorization ?? '');
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        if (request.url === '/hook') webhookBodies.push(`${request.method} ${body}`);
        response.statusCode = request.url === '/private' ? 401 : 200;
        response.end('ok');
      });
    });
    httpPort = await listening(http);
    closers.push(() => new Promise((resolve) => http.close(resolve)));

    // A Redis that wants the password "sesame" before PING.
    const redis = createTcpServer((socket) => {
      track(socket);
      let authed = false;
      let buffer = '';
      socket.on('data', (chunk) => {
        buffer += chunk.toString();
        const commands = buffer.split(/\*\d+\r\n/).filter(Boolean);
        for (const command of commands) {
          const words = command.split('\r\n').filter((part, i) => i % 2 === 1);
          if (words[0] === 'AUTH') {
            authed = words.at(-1) === 'sesame';
            socket.write(authed ? '+OK\r\n' : '-WRONGPASS invalid username-password pair\r\n');
          } else if (words[0] === 'PING')
            socket.write(authed ? '+PONG\r\n' : '-NOAUTH Authentication required.\r\n');
        }
        buffer = '';
      });
    });
    redisPort = await listening(redis);
    const silent = createTcpServer(track);
    silentPort = await listening(silent);
    const ssh = createTcpServer((socket: Socket) => {
      track(socket);
      socket.end('SSH-2.0-OpenSSH_9.6 test\r\n');
    });
    sshPort = await listening(ssh);
    const closed = createTcpServer();
    closedPort = await listening(closed);
    await new Promise((resolve) => closed.close(resolve));
    for (const tcp of [redis, silent, ssh])
      closers.push(
        () =>
          new Promise((resolve) => {
            for (const peer of peers) peer.destroy();
            tcp.close(resolve);
          }),
      );

    const smtp = new SMTPServer({
      secure: false,
      disabledCommands: ['STARTTLS'],
      authOptional: true,
      onAuth: (auth, _session, callback) =>
        auth.username === 'mailer' && auth.password === 'mail-secret'
          ? callback(null, { user: 'mailer' })
          : callback(new Error('Invalid username or password')),
    });
    smtpPort = await new Promise<number>((resolve) =>
      smtp.listen(0, '127.0.0.1', () => resolve((smtp.server.address() as { port: number }).port)),
    );
    closers.push(() => new Promise((resolve) => smtp.close(() => resolve(undefined))));
  });

  afterAll(async () => {
    for (const close of closers.reverse()) await close().catch(() => undefined);
    await target.release();
  });

  it('http: a request to the url with the stored credentials; an error status is the failure', async () => {
    const ok = await create({
      name: 'http-ok',
      type: 'http',
      url: `http://127.0.0.1:${httpPort}/health`,
      username: 'robot',
      password: 'http-secret',
    });
    const reply = await test(ok);
    expect(reply).toMatchObject({ status: 200, body: { message: 'ok', payload: { status: 200 } } });
    expect(authorizations.at(-1)).toBe(
      `Basic ${Buffer.from('robot:http-secret').toString('base64')}`,
    );
    expect(JSON.stringify(reply.body)).not.toContain('http-secret');

    const denied = await create({
      name: 'prometheus-denied',
      type: 'prometheus',
      url: `http://127.0.0.1:${httpPort}/private`,
    });
    expect(await test(denied)).toMatchObject({
      status: 400,
      body: { error: expect.stringContaining('answered 401') },
    });
  });

  it('generic webhook: sends its method and keys to properties.url', async () => {
    const id = await create({
      name: 'webhook',
      type: 'generic_webhook',
      properties: {
        url: `http://127.0.0.1:${httpPort}/hook`,
        requestMethod: 'POST',
        messageKey: 'text',
        titleKey: 'subject',
      },
    });
    expect((await test(id)).status).toBe(200);
    const sent = webhookBodies.at(-1)!;
    expect(sent.startsWith('POST ')).toBe(true);
    expect(Object.keys(JSON.parse(sent.slice(5)) as object).sort()).toEqual(['subject', 'text']);
  });

  it.skipIf(!testDatabaseUrl())('postgres: connects and runs select 1', async () => {
    const url = new URL(testDatabaseUrl()!);
    const username = decodeURIComponent(url.username);
    url.username = '';
    const id = await create({ name: 'pg', type: 'postgres', url: url.toString(), username });
    expect(await test(id)).toMatchObject({
      status: 200,
      body: { message: 'ok', payload: { rows: [{ ok: 1 }] } },
    });
  });

  it('postgres: a refused address is the failure text', async () => {
    const id = await create({
      name: 'pg-down',
      type: 'postgres',
      url: `postgres://127.0.0.1:${closedPort}/app`,
      username: 'app',
      password: 'pg-secret',
    });
    const reply = await test(id);
    expect(reply.status).toBe(400);
    expect(reply.body.error).toMatch(/ECONNREFUSED/);
    expect(JSON.stringify(reply.body)).not.toContain('pg-secret');
  });

  it('redis: AUTH with the stored password, then PING; a wrong one is refused', async () => {
    const good = await create({
      name: 'redis-good',
      type: 'redis',
      url: `redis://127.0.0.1:${redisPort}`,
      password: 'sesame',
    });
    expect(await test(good)).toMatchObject({ status: 200, body: { payload: { reply: 'PONG' } } });
    const bad = await create({
      name: 'redis-bad',
      type: 'redis',
      url: `redis://127.0.0.1:${redisPort}`,
      password: 'wrong',
    });
    expect(await test(bad)).toMatchObject({
      status: 400,
      body: { error: expect.stringContaining('WRONGPASS') },
    });
  });

  it('a server that never answers fails with the timeout', async () => {
    const id = await create({
      name: 'redis-silent',
      type: 'redis',
      url: `redis://127.0.0.1:${silentPort}`,
    });
    const started = Date.now();
    const reply = await test(id);
    expect(reply).toMatchObject({
      status: 400,
      body: { error: expect.stringMatching(/no answer/) },
    });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('sftp: an SSH greeting passes; a server that is not SSH fails', async () => {
    const ssh = await create({
      name: 'sftp',
      type: 'sftp',
      username: 'u',
      password: 'p',
      properties: { host: '127.0.0.1', port: sshPort },
    });
    expect(await test(ssh)).toMatchObject({
      status: 200,
      body: { payload: { greeting: 'SSH-2.0-OpenSSH_9.6 test' } },
    });
    const notSsh = await create({
      name: 'sftp-not',
      type: 'sftp',
      username: 'u',
      password: 'p',
      properties: { host: '127.0.0.1', port: redisPort },
    });
    // The fake Redis says nothing first: the timeout, not a pass.
    expect((await test(notSsh)).status).toBe(400);
  });

  it('smb: a server accepting on the port passes; a closed port fails', async () => {
    const open = await create({
      name: 'smb',
      type: 'smb',
      username: 'u',
      password: 'p',
      properties: { server: '127.0.0.1', port: sshPort, sharename: 'share' },
    });
    expect((await test(open)).status).toBe(200);
    const closed = await create({
      name: 'smb-closed',
      type: 'smb',
      username: 'u',
      password: 'p',
      properties: { server: '127.0.0.1', port: closedPort, sharename: 'share' },
    });
    expect(await test(closed)).toMatchObject({
      status: 400,
      body: { error: expect.stringContaining('ECONNREFUSED') },
    });
  });

  it('email: EHLO and the login; a wrong password is the server’s answer', async () => {
    const mail = (name: string, password: string) =>
      create({
        name,
        type: 'email',
        username: 'mailer',
        password,
        properties: { host: '127.0.0.1', port: smtpPort, encryptionMethod: 'None' },
      });
    expect((await test(await mail('mail-good', 'mail-secret'))).status).toBe(200);
    const bad = await test(await mail('mail-bad', 'nope'));
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/Invalid username or password/);
  });

  it('other kinds answer 501; an unknown id 404; a malformed id 400', async () => {
    const aws = await create({ name: 'aws', type: 'aws', properties: { region: 'eu-west-1' } });
    expect(await test(aws)).toMatchObject({
      status: 501,
      body: { error: expect.stringContaining('cannot be tested by the embedded server') },
    });
    expect(await test('3f1c2a9e-0000-4000-8000-000000000000')).toMatchObject({
      status: 404,
      body: { error: 'connection was not found' },
    });
    expect((await test('not-a-uuid')).status).toBe(400);
  });

  it('needs write on connections: editors, viewers and guests are refused', async () => {
    const id = await create({
      name: 'http-roles',
      type: 'http',
      url: `http://127.0.0.1:${httpPort}/`,
    });
    for (const who of ['editor@local', 'viewer@local', 'responder@local', 'guest@local'])
      expect((await test(id, who)).status, who).toBe(403);
    const anonymous = await fetch(`${server.url}/api/connection/test/${id}`, { method: 'POST' });
    expect(anonymous.status).toBe(401);
  });

  it('goes through the outbound policy: a loopback address is refused by default', async () => {
    const id = await create({
      name: 'http-loopback',
      type: 'http',
      url: `http://127.0.0.1:${httpPort}/`,
    });
    const before = authorizations.length;
    const reply = await test(id, 'admin@local', strict);
    expect(reply).toMatchObject({
      status: 400,
      body: { error: expect.stringContaining('loopback addresses are not allowed') },
    });
    expect(authorizations.length).toBe(before);
    const redis = await create({
      name: 'redis-loopback',
      type: 'redis',
      url: `redis://127.0.0.1:${redisPort}`,
    });
    expect((await test(redis, 'admin@local', strict)).body.error).toContain('refused');
  });
});
