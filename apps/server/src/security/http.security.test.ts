import { request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { silentLogger } from '../http/logging.ts';
import { startServer, type RunningServer } from '../server.ts';
import { testDatabases } from '../testing/databases.ts';
import { basic, startTestServer, type TestServer } from '../testing/server.ts';

const json = { 'Content-Type': 'application/json' };

async function commentsLike(db: Database, text: string): Promise<number> {
  const { rows } = await db.query<{ n: number | string }>(
    'SELECT count(*) AS n FROM comments WHERE comment LIKE $1',
    [`${text}%`],
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * A POST over node:http, the body written in pieces of 16 KB, with a Content-Length when `sized`,
 * else chunked. The server may answer before the whole body is out: the reply is what counts.
 */
function post(
  url: string,
  headers: Record<string, string>,
  body: string,
  sized = false,
): Promise<{ status: number; body: string }> {
  const bytes = Buffer.from(body);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      {
        method: 'POST',
        headers: { ...headers, ...(sized ? { 'Content-Length': String(bytes.length) } : {}) },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        response.on('error', reject);
      },
    );
    // After the reply, a reset of the rest of the upload changes nothing (the promise is settled).
    request.on('error', reject);
    let offset = 0;
    const pump = () => {
      while (offset < bytes.length) {
        const piece = bytes.subarray(offset, offset + 16 * 1024);
        offset += piece.length;
        if (!request.write(piece)) return void request.once('drain', pump);
      }
      request.end();
    };
    pump();
  });
}

describe.each(testDatabases('one'))('HTTP layer of /api on $engine', (target) => {
  let db: Database;
  let server: TestServer;
  let incidentId: string;
  // A page of the same site on another port: the browser sends our cookies and cached Basic credentials.
  const otherOrigin = 'http://127.0.0.1:9';

  beforeAll(async () => {
    db = await target.openSeeded({ checks: 5 });
    server = await startTestServer({ db, summaryCacheMillis: 0 });
    const { rows } = await db.query<{ id: string }>(
      'SELECT id FROM incidents ORDER BY created_at LIMIT 1',
    );
    incidentId = rows[0]!.id;
  });
  afterAll(async () => {
    await server?.close();
    await target.release();
  });

  const comment = (text: string) => JSON.stringify({ incident_id: incidentId, comment: text });

  it('#6 refuses an /api/db write sent by a page of another origin, and writes nothing', async () => {
    const attempts: Record<string, string>[] = [
      { Origin: otherOrigin },
      { Origin: 'null' },
      { Origin: 'http://localhost:' + new URL(server.url).port },
      { 'Sec-Fetch-Site': 'same-site' },
      { 'Sec-Fetch-Site': 'cross-site' },
    ];
    for (const [index, headers] of attempts.entries()) {
      const response = await fetch(`${server.url}/api/db/comments`, {
        method: 'POST',
        headers: { ...basic('admin@local'), ...json, ...headers },
        body: comment(`csrf-origin-${index}`),
      });
      expect(response.status, JSON.stringify(headers)).toBe(403);
      const body = (await response.json()) as { error: string; message: string; code: string };
      expect(body.message).toMatch(/cross-site/);
      expect(body.code).toBe('42501');
    }
    for (const method of ['PATCH', 'DELETE']) {
      const response = await fetch(
        `${server.url}/api/db/comments?comment=eq.Looking%20into%20it%20now.`,
        {
          method,
          headers: { ...basic('admin@local'), ...json, Origin: otherOrigin },
          ...(method === 'PATCH'
            ? { body: JSON.stringify({ comment: 'csrf-origin-patched' }) }
            : {}),
        },
      );
      expect(response.status, method).toBe(403);
    }
    const canary = await fetch(
      `${server.url}/api/canary/run/check/00000000-0000-0000-0000-000000000000`,
      {
        method: 'POST',
        headers: { ...basic('admin@local'), Origin: otherOrigin },
      },
    );
    expect(canary.status).toBe(403);
    expect(await canary.json()).toMatchObject({ error: 'forbidden' });
    expect(await commentsLike(db, 'csrf-origin')).toBe(0);
    expect(await commentsLike(db, 'Looking into it now.')).toBeGreaterThan(0);
  });

  it('#6 refuses bodies a form can send (text/plain, urlencoded, multipart, none, xml) on JSON endpoints with 415', async () => {
    const bodies: Array<[string | undefined, string]> = [
      ['text/plain', comment('csrf-type-0')],
      ['application/x-www-form-urlencoded', `${encodeURIComponent(comment('csrf-type-1'))}=`],
      [
        'multipart/form-data; boundary=x',
        `--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n${comment('csrf-type-2')}\r\n--x--\r\n`,
      ],
      [undefined, comment('csrf-type-3')],
      ['application/xml', `<comment>csrf-type-4</comment>`],
    ];
    for (const [type, body] of bodies) {
      for (const path of ['/api/db/comments', '/api/db/rpc/anything', '/api/canary/api/summary']) {
        // Without a type, fetch would label a string body text/plain itself: send bytes instead.
        const response = await fetch(`${server.url}${path}`, {
          method: 'POST',
          headers: { ...basic('admin@local'), ...(type ? { 'Content-Type': type } : {}) },
          body: type ? body : new TextEncoder().encode(body),
        });
        expect(response.status, `${type} ${path}`).toBe(415);
        const reply = (await response.json()) as { error: string; message: string };
        expect(reply.message).toMatch(/application\/json/);
        if (path.startsWith('/api/db')) expect(reply).toMatchObject({ code: 'PGRST107' });
        else expect(reply.error).toBe('unsupported media type');
      }
    }
    expect(await commentsLike(db, 'csrf-type')).toBe(0);
  });

  it('#6 keeps the console, PostgREST clients and scripts working', async () => {
    // The console: same origin, JSON (ky), Sec-Fetch-Site same-origin.
    const own = await fetch(`${server.url}/api/db/comments`, {
      method: 'POST',
      headers: {
        ...basic('admin@local'),
        'Content-Type': 'application/json; charset=utf-8',
        Origin: server.url,
        'Sec-Fetch-Site': 'same-origin',
        Prefer: 'return=representation',
      },
      body: comment('allowed-console'),
    });
    expect(own.status).toBe(201);
    // A PostgREST client asking for one object back (an Accept type, not a body type).
    const single = await fetch(`${server.url}/api/db/comments`, {
      method: 'POST',
      headers: {
        ...basic('admin@local'),
        ...json,
        Accept: 'application/vnd.pgrst.object+json',
        Prefer: 'return=representation',
      },
      body: comment('allowed-object'),
    });
    expect(single.status).toBe(201);
    expect(await single.json()).toMatchObject({ comment: 'allowed-object' });
    // curl or a script: no Origin, no Sec-Fetch-*; a typed JSON body and a body-less DELETE.
    const script = await fetch(`${server.url}/api/db/comments`, {
      method: 'POST',
      headers: { ...basic('admin@local'), ...json },
      body: comment('allowed-script'),
    });
    expect(script.status).toBe(201);
    const removed = await fetch(`${server.url}/api/db/comments?comment=eq.allowed-script`, {
      method: 'DELETE',
      headers: basic('admin@local'),
    });
    expect(removed.status).toBe(204);
    // A summary query from the console and a body-less run from its own page.
    const summary = await fetch(`${server.url}/api/canary/api/summary`, {
      method: 'POST',
      headers: { ...basic('viewer@local'), ...json, Origin: server.url },
      body: JSON.stringify({ sortBy: 'name' }),
    });
    expect(summary.status).toBe(200);
    const { rows } = await db.query<{ id: string }>('SELECT id FROM checks ORDER BY name LIMIT 1');
    const run = await fetch(`${server.url}/api/canary/run/check/${rows[0]!.id}`, {
      method: 'POST',
      headers: { ...basic('admin@local'), Origin: server.url, 'Sec-Fetch-Site': 'same-origin' },
    });
    expect(run.status).toBe(200);
    // Reads are never refused for their origin (a navigation or an <img> carries no power to write).
    expect(
      (
        await fetch(`${server.url}/api/db/comments?limit=1`, {
          headers: { ...basic('viewer@local'), 'Sec-Fetch-Site': 'cross-site' },
        })
      ).status,
    ).toBe(200);
    expect(await commentsLike(db, 'allowed-')).toBe(2);
  });

  it('#6 takes our origin from --public-url, and from X-Forwarded-* only behind a trusted proxy', async () => {
    const behindProxy = await startTestServer({
      db,
      publicUrl: 'https://ops.example.com',
    });
    const trusting = await startTestServer({ db, trustProxy: true });
    try {
      const write = (url: string, headers: Record<string, string>) =>
        fetch(`${url}/api/db/comments`, {
          method: 'POST',
          headers: { ...basic('admin@local'), ...json, ...headers },
          body: comment('proxied'),
        });
      expect((await write(behindProxy.url, { Origin: 'https://ops.example.com' })).status).toBe(
        201,
      );
      expect((await write(behindProxy.url, { Origin: behindProxy.url })).status).toBe(403);
      const host = new URL(trusting.url).host;
      expect(
        (
          await write(trusting.url, {
            Origin: `https://ops.example.com`,
            'X-Forwarded-Proto': 'https',
            'X-Forwarded-Host': 'ops.example.com',
          })
        ).status,
      ).toBe(201);
      expect(
        (await write(trusting.url, { Origin: `https://${host}`, 'X-Forwarded-Proto': 'https' }))
          .status,
      ).toBe(201);
      // Without --trust-proxy the same forwarded headers change nothing.
      expect(
        (await write(server.url, { Origin: `https://${host}`, 'X-Forwarded-Proto': 'https' }))
          .status,
      ).toBe(403);
    } finally {
      await behindProxy.close();
      await trusting.close();
    }
    expect(await commentsLike(db, 'proxied')).toBe(3);
  });

  it('#9 gives the kubeconfig only to someone who may read something', async () => {
    const guest = await fetch(`${server.url}/api/kubeconfig`, { headers: basic('guest@local') });
    expect(guest.status).toBe(403);
    expect(await guest.json()).toMatchObject({ error: 'forbidden' });
    const viewer = await fetch(`${server.url}/api/kubeconfig`, { headers: basic('viewer@local') });
    expect(viewer.status).toBe(200);
    expect(await viewer.text()).toContain('kind: Config');
  });

  it("#9 tells only an admin the server's hostname in whoami, keeping the reply's shape", async () => {
    const admin = (await (
      await fetch(`${server.url}/api/auth/whoami`, { headers: basic('admin@local') })
    ).json()) as { payload: Record<string, unknown> };
    expect(admin.payload.hostname).toBe(hostname());
    for (const role of ['editor', 'viewer', 'guest']) {
      const reply = (await (
        await fetch(`${server.url}/api/auth/whoami`, { headers: basic(`${role}@local`) })
      ).json()) as { message: string; payload: Record<string, unknown> };
      expect(reply.message).toBe('success');
      expect(Object.keys(reply.payload).sort(), role).toEqual([
        'hostname',
        'permissions',
        'roles',
        'user',
      ]);
      expect(reply.payload.hostname, role).toBe('');
    }
  });

  it('#9 answers an unknown table and a forbidden one alike to a role that may not read them', async () => {
    const answer = async (role: string, path: string) => {
      const response = await fetch(`${server.url}/api/db${path}`, {
        headers: basic(`${role}@local`),
      });
      const body = (await response.json()) as { code: string };
      return { status: response.status, code: body.code };
    };
    const refused = { status: 403, code: '42501' };
    expect(await answer('guest', '/checks')).toEqual(refused);
    expect(await answer('guest', '/no_such_table')).toEqual(refused);
    expect(await answer('viewer', '/identities')).toEqual(refused);
    expect(await answer('viewer', '/no_such_table')).toEqual(refused);
    // Functions too: a name that does not exist is refused like one that does.
    const rpc = await fetch(`${server.url}/api/db/rpc/no_such_function`, {
      method: 'POST',
      headers: { ...basic('viewer@local'), ...json },
      body: '{}',
    });
    expect(rpc.status).toBe(403);
  });

  it('#10 refuses an /api/db body over 1 MB with 413, with or without Content-Length, and stores nothing', async () => {
    const big = comment('csrf-big-' + 'x'.repeat(1300 * 1024));
    const sized = await post(
      `${server.url}/api/db/comments`,
      { ...basic('admin@local'), ...json },
      big,
      true,
    );
    expect(sized.status).toBe(413);
    expect(JSON.parse(sized.body)).toMatchObject({
      code: 'PGRST102',
      message: expect.stringMatching(/1 MB/),
    });
    const streamed = await post(
      `${server.url}/api/db/comments`,
      { ...basic('admin@local'), ...json },
      big,
    );
    expect(streamed.status).toBe(413);
    expect(JSON.parse(streamed.body)).toHaveProperty('message');
    const fits = await fetch(`${server.url}/api/db/comments`, {
      method: 'POST',
      headers: { ...basic('admin@local'), ...json },
      // 900 KB under the cap, its comment within the comment's own 4,000-character limit.
      body: comment('csrf-fits-' + 'x'.repeat(3000)) + ' '.repeat(900 * 1024),
    });
    expect(fits.status).toBe(201);
    expect(await commentsLike(db, 'csrf-big-')).toBe(0);
    expect(await commentsLike(db, 'csrf-fits-')).toBe(1);
  });

  it('#10 refuses a canary body over 64 KB with 413', async () => {
    const labels = Object.fromEntries(
      Array.from({ length: 3000 }, (_, n) => [`label-${n}`, 'x'.repeat(20)]),
    );
    const response = await fetch(`${server.url}/api/canary/api/summary`, {
      method: 'POST',
      headers: { ...basic('viewer@local'), ...json },
      body: JSON.stringify({ labels }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({
      error: 'payload too large',
      message: expect.stringMatching(/64 KB/),
    });
    const streamed = await post(
      `${server.url}/api/canary/api/summary`,
      { ...basic('viewer@local'), ...json },
      JSON.stringify({ labels }),
    );
    expect(streamed.status).toBe(413);
  });

  it('#13 marks every /api reply no-store and sends the security headers', async () => {
    for (const path of [
      '/api/auth/whoami',
      '/api/db/checks?limit=1',
      '/api/canary/api/summary',
      '/api/about',
      '/api/nope',
    ]) {
      const response = await fetch(`${server.url}${path}`, { headers: basic('viewer@local') });
      expect(response.headers.get('cache-control'), path).toBe('no-store');
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), path).toBe('same-origin');
      expect(response.headers.get('content-security-policy'), path).toContain(
        "frame-ancestors 'none'",
      );
    }
  });
});

const baseConfig: ServerConfig = {
  port: 0,
  host: '127.0.0.1',
  dataDir: '',
  memory: true,
  seed: 'none',
  checks: 0,
  auth: 'basic',
  demoPassword: 'opsdeck-demo',
  trustProxy: false,
  devOutbox: false,
  publicDemo: false,
};

describe('the server as started by the CLI (identity routes, console files)', () => {
  let server: RunningServer;
  const outside = mkdtempSync(join(tmpdir(), 'opsdeck-outside-'));
  const consoleDir = mkdtempSync(join(tmpdir(), 'opsdeck-console-'));

  beforeAll(async () => {
    writeFileSync(join(outside, 'secret.txt'), 'outside-secret');
    mkdirSync(join(outside, 'dir'));
    writeFileSync(join(outside, 'dir', 'inner.txt'), 'outside-inner');
    writeFileSync(join(consoleDir, 'index.html'), '<!doctype html><title>console</title>');
    mkdirSync(join(consoleDir, 'assets'));
    writeFileSync(join(consoleDir, 'assets', 'app.js'), 'console.log(1)');
    writeFileSync(join(consoleDir, '.env'), 'DOTFILE_SECRET=1');
    mkdirSync(join(consoleDir, '.git'));
    writeFileSync(join(consoleDir, '.git', 'config'), 'DOTDIR_SECRET=1');
    symlinkSync(join(outside, 'secret.txt'), join(consoleDir, 'assets', 'leak.txt'));
    symlinkSync(join(outside, 'dir'), join(consoleDir, 'linked'));
    symlinkSync(join(consoleDir, 'assets', 'app.js'), join(consoleDir, 'assets', 'alias.js'));
    server = await startServer(
      { ...baseConfig, seed: 'demo', checks: 3, consoleDir },
      silentLogger,
    );
  });
  afterAll(async () => {
    await server?.close();
  });

  const loginFlow = async () => {
    const response = await fetch(`${server.url}/api/.ory/self-service/login/browser`, {
      headers: { Accept: 'application/json' },
    });
    const flow = (await response.json()) as { id: string };
    return flow.id;
  };

  it('#6 refuses a cross-site post to the identity routes, and keeps their own forms working', async () => {
    const browser = await fetch(`${server.url}/api/.ory/self-service/login/browser`, {
      headers: { Accept: 'application/json' },
    });
    const flow = (await browser.json()) as {
      id: string;
      ui: { nodes: Array<{ attributes: { name?: string; value?: unknown } }> };
    };
    const csrfToken = String(
      flow.ui.nodes.find((node) => node.attributes.name === 'csrf_token')?.attributes.value,
    );
    const cookie = browser.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const form = `method=password&identifier=admin%40local&password=opsdeck-demo&csrf_token=${encodeURIComponent(csrfToken)}`;
    for (const base of ['/api/.ory', '/api/kratos']) {
      const crossSite = await fetch(`${server.url}${base}/self-service/login?flow=${flow.id}`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Origin: 'http://127.0.0.1:9',
          Cookie: cookie,
        },
        body: form,
      });
      expect(crossSite.status, base).toBe(403);
      expect(await crossSite.json()).toMatchObject({
        error: 'forbidden',
        message: expect.stringMatching(/cross-site/),
      });
    }
    // The same form from our own page signs in: the identity routes still take browser forms.
    const own = await fetch(`${server.url}/api/.ory/self-service/login?flow=${flow.id}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: server.url,
        Cookie: cookie,
        Accept: 'application/json',
      },
      body: form,
      redirect: 'manual',
    });
    expect(own.status).toBeLessThan(400);
    expect(own.headers.getSetCookie().join('\n')).toContain('ory_kratos_session=');
  });

  it('#10 refuses an identity body over 64 KB with 413', async () => {
    const flow = await loginFlow();
    const response = await fetch(`${server.url}/api/.ory/self-service/login?flow=${flow}`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        method: 'password',
        identifier: 'admin@local',
        password: 'x'.repeat(70 * 1024),
      }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: 'payload too large' });
    const streamed = await post(
      `${server.url}/api/kratos/self-service/login?flow=${flow}`,
      json,
      JSON.stringify({ password: 'x'.repeat(70 * 1024) }),
    );
    expect(streamed.status).toBe(413);
  });

  it('#11 answers malformed percent-encoding in console paths with 400 or the index, never 500', async () => {
    for (const path of [
      '/%zz',
      '/%',
      '/%E0%A4%A',
      '/assets/%c0%af',
      '/%ff',
      '/%c0%ae%c0%ae/etc/passwd',
      '/a%2',
      '/health/%E2%82',
    ]) {
      const response = await fetch(`${server.url}${path}`, { headers: { Accept: 'text/html' } });
      expect([200, 400], path).toContain(response.status);
      const text = await response.text();
      if (response.status === 400)
        expect(JSON.parse(text), path).toMatchObject({
          error: 'invalid',
          message: expect.any(String),
        });
      else expect(text, path).toContain('<title>console</title>');
    }
  });

  it('#13 serves the console with a CSP that forbids framing, nosniff and same-origin referrers', async () => {
    for (const path of ['/', '/health', '/assets/app.js', '/api/.ory/self-service/login/browser']) {
      const response = await fetch(`${server.url}${path}`, {
        headers: { Accept: 'text/html,application/json' },
        redirect: 'manual',
      });
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).toContain("script-src 'self'");
      expect(csp, path).not.toContain('unsafe-eval');
      expect(response.headers.get('x-frame-options'), path).toBe('DENY');
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), path).toBe('same-origin');
    }
    const identity = await fetch(`${server.url}/api/.ory/sessions/whoami`);
    expect(identity.headers.get('cache-control')).toContain('no-store');
  });

  it('#13 serves no dotfiles and nothing a symlink leads to outside the console directory', async () => {
    const get = async (path: string) => (await fetch(`${server.url}${path}`)).text();
    expect(await get('/assets/app.js')).toBe('console.log(1)');
    // A link that stays inside the directory is an ordinary file.
    expect(await get('/assets/alias.js')).toBe('console.log(1)');
    for (const path of [
      '/.env',
      '/.git/config',
      '/assets/leak.txt',
      '/linked/inner.txt',
      '/%2eenv',
      '/assets/%2e%2e/.env',
    ]) {
      const text = await get(path);
      expect(text, path).not.toMatch(/SECRET|outside-/);
    }
  });
});

describe('the server as started by the CLI (timeouts and connections)', () => {
  let server: RunningServer;
  let port: number;

  beforeAll(async () => {
    // Auth off (loopback), so the slow request reaches the engine, which waits for its body.
    server = await startServer(
      { ...baseConfig, auth: 'disabled', requestTimeoutMillis: 1000, maxConnections: 4 },
      silentLogger,
    );
    port = Number(new URL(server.url).port);
  });
  afterAll(async () => {
    await server?.close();
  });

  const open = () =>
    new Promise<Socket>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => resolve(socket));
      socket.once('error', reject);
    });
  /** Resolves with what the server sent when it closes the socket (or after `millis`, with null). */
  const closedWithin = (socket: Socket, millis: number) =>
    new Promise<string | null>((resolve) => {
      let received = '';
      const timer = setTimeout(() => resolve(null), millis);
      socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
      socket.on('error', () => undefined);
      socket.once('close', () => {
        clearTimeout(timer);
        resolve(received);
      });
    });

  it('#10 drops a client that sends its body too slowly after the request timeout', async () => {
    const socket = await open();
    const started = Date.now();
    socket.write(
      'POST /api/db/comments HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
    );
    // One byte every 200 ms: never idle long, never done.
    const drip = setInterval(() => socket.writable && socket.write(' '), 200);
    const reply = await closedWithin(socket, 8000);
    clearInterval(drip);
    socket.destroy();
    expect(reply, 'the server still holds the socket after 8 s').not.toBeNull();
    expect(reply).toMatch(/^HTTP\/1\.1 408/);
    // A 1 s timeout, checked every second: 6 s leaves room for a loaded machine.
    expect(Date.now() - started).toBeLessThan(6000);
  });

  it('#10 drops a client that never finishes its headers', async () => {
    const socket = await open();
    socket.write('GET /api/about HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const drip = setInterval(() => socket.writable && socket.write('X-Slow: 1\r\n'), 200);
    const reply = await closedWithin(socket, 8000);
    clearInterval(drip);
    socket.destroy();
    expect(reply).not.toBeNull();
  });

  it('#10 caps open connections and serves again once they are gone', async () => {
    const held = await Promise.all(Array.from({ length: 4 }, open));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const extra = await open().catch(() => undefined);
    const refused = extra ? await closedWithin(extra, 2000) : '';
    extra?.destroy();
    expect(refused, 'a connection over the cap was kept open').not.toBeNull();
    for (const socket of held) socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await fetch(`${server.url}/api/about`)).status).toBe(200);
  });
});

describe('the server as started by the CLI, stopping', () => {
  it('ends every connection within seconds, a request still being sent included', async () => {
    const server = await startServer({ ...baseConfig, auth: 'disabled' }, silentLogger);
    const port = Number(new URL(server.url).port);
    // A browser's kept-alive connection after a reply, and a body that never finishes arriving.
    const idle = await fetch(`${server.url}/api/about`, { keepalive: true });
    await idle.arrayBuffer();
    const socket = await new Promise<Socket>((resolve, reject) => {
      const opened = connect(port, '127.0.0.1', () => resolve(opened));
      opened.once('error', reject);
    });
    socket.on('error', () => undefined);
    socket.write(
      'POST /api/db/comments HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
    );
    const drip = setInterval(() => socket.writable && socket.write(' '), 200);
    const cut = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    const started = Date.now();
    try {
      await server.close();
      await cut;
    } finally {
      clearInterval(drip);
      socket.destroy();
    }
    // The request timeout (30 s) would have ended it too, but a SIGTERM must not wait for it.
    expect(Date.now() - started).toBeLessThan(10_000);
  }, 60_000);
});
