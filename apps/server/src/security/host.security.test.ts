import { connect } from 'node:net';
import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { testDatabases } from '../testing/databases.ts';
import { basic, startTestServer, type TestServer } from '../testing/server.ts';

// Issue 27 #16 (second half): without --public-url the Host header (or an absolute-form request
// line) was copied into the kubeconfig's server and the sign-in flows' action and return URLs, so a
// forged Host, or a DNS name pointed at a loopback server, sent people and kubectl elsewhere.

interface RawReply {
  status: number;
  body: string;
}

/** One HTTP/1.1 request written by hand: any Host, any request target, as a browser never sends. */
function raw(
  server: TestServer,
  target: string,
  headers: Record<string, string>,
): Promise<RawReply> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('error', reject);
    socket.on('end', () => {
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const status = Number(head.split(' ')[1]);
      let body = rest.join('\r\n\r\n');
      // Chunked replies: the JSON and YAML here fit in the first chunk; drop the size lines.
      if (/transfer-encoding: chunked/i.test(head))
        body = body
          .replace(/^[0-9a-f]+\r\n/i, '')
          .replace(/\r\n0\r\n\r\n$/, '')
          .replace(/\r\n$/, '');
      resolve({ status, body });
    });
    const lines = Object.entries({ ...headers, Connection: 'close' }).map(
      ([name, value]) => `${name}: ${value}`,
    );
    socket.write(`GET ${target} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`);
  });
}

const admin = basic('admin@local');
const kubeconfigServer = (reply: RawReply) => /server: (\S+)/.exec(reply.body)?.[1];

describe.each(testDatabases('one'))('the Host header on $engine', (target) => {
  let db: Database;
  let server: TestServer;
  let port: string;

  beforeAll(async () => {
    db = await target.openSeeded({ checks: 2 });
    server = await startTestServer({ db });
    port = new URL(server.url).port;
  });
  afterAll(async () => {
    await server?.close();
    await target.release();
  });

  const kubeconfig = (host: string, path = '/api/kubeconfig') =>
    raw(server, path, { Host: host, ...admin });
  const loginFlow = (host: string, path = '/api/.ory/self-service/login/browser') =>
    raw(server, path, { Host: host, Accept: 'application/json' });

  it('#16 refuses a Host that is not the listening address, with 421, and hands it back nowhere', async () => {
    for (const host of [
      'evil.example',
      `evil.example:${port}`,
      `127.0.0.1.evil.example:${port}`,
      `[2001:db8::1]:${port}`,
      `10.0.0.1:${port}`,
    ]) {
      const kube = await kubeconfig(host);
      expect({ host, status: kube.status }).toEqual({ host, status: 421 });
      expect(kube.body).toContain(`reach it at http://127.0.0.1:${port}`);
      const flow = await loginFlow(host);
      expect({ host, status: flow.status }).toEqual({ host, status: 421 });
      expect(flow.body).not.toMatch(/"action"/);
    }
  });

  it('#16 refuses an absolute-form request line naming another host or scheme', async () => {
    for (const absolute of [
      'http://evil.example/api/kubeconfig',
      `http://evil.example:${port}/api/kubeconfig`,
      `https://127.0.0.1:${port}/api/kubeconfig`,
    ]) {
      const reply = await kubeconfig(`127.0.0.1:${port}`, absolute);
      expect({ absolute, status: reply.status }).toEqual({ absolute, status: 421 });
      expect(reply.body).not.toContain('evil.example/api');
    }
    const flow = await loginFlow(
      `127.0.0.1:${port}`,
      'http://evil.example/api/.ory/self-service/login/browser',
    );
    expect(flow.status).toBe(421);
    // Our own address in absolute form is fine.
    const own = await kubeconfig('evil.example', `http://127.0.0.1:${port}/api/kubeconfig`);
    expect(kubeconfigServer(own)).toBe(`http://127.0.0.1:${port}/api`);
  });

  it('#16 answers a Host with userinfo or junk with a 4xx, never reflecting it', async () => {
    for (const host of [
      `127.0.0.1:${port}@evil.example`,
      'evil.example/x',
      `LOCALHOST:${port}`,
      `localhost.:${port}`,
      `127.0.0.1.:${port}`,
      `2130706433:${port}`,
      `[::ffff:127.0.0.1]:${port}`,
      `evil.example:${port}, 127.0.0.1:${port}`,
    ]) {
      const reply = await kubeconfig(host);
      expect({ host, status: reply.status, body: reply.body }).toEqual({
        host,
        status: expect.toSatisfy((status: number) => status >= 400 && status < 500),
        body: expect.not.stringMatching(/server: /),
      });
    }
    // An empty Host is read as the address we listen on.
    expect(kubeconfigServer(await kubeconfig(''))).toMatch(/^http:\/\/127\.0\.0\.1(:\d+)?\/api$/);
  });

  it('#16 keeps working as 127.0.0.1, localhost, [::1] and the machine name, building URLs from that', async () => {
    for (const host of [
      `127.0.0.1:${port}`,
      `localhost:${port}`,
      `[::1]:${port}`,
      `${hostname()}:${port}`,
    ]) {
      const origin = new URL(`http://${host}`).origin;
      const kube = await kubeconfig(host);
      expect({ host, status: kube.status, server: kubeconfigServer(kube) }).toEqual({
        host,
        status: 200,
        server: `${origin}/api`,
      });
      const flow = await loginFlow(host);
      expect(flow.status).toBe(200);
      const action = (JSON.parse(flow.body) as { ui: { action: string } }).ui.action;
      expect(action.startsWith(`${origin}/api/.ory/self-service/login?flow=`)).toBe(true);
    }
  });

  it("#16 takes a loopback name on another port (pnpm dev's proxy keeps the page's localhost:5173)", async () => {
    const kube = await kubeconfig('localhost:5173');
    expect(kubeconfigServer(kube)).toBe('http://localhost:5173/api');
  });

  it('#16 answers a refused Host on /api/db in the PostgREST shape', async () => {
    const reply = await raw(server, '/api/db/checks?select=id', { Host: 'evil.example', ...admin });
    expect(reply.status).toBe(421);
    expect(JSON.parse(reply.body)).toMatchObject({
      code: '421',
      message: expect.stringMatching(/does not answer to http:\/\/evil\.example/),
      details: null,
      hint: null,
    });
  });

  it('#16 never builds a URL from X-Forwarded-Host, behind --trust-proxy too', async () => {
    const trusting = await startTestServer({ db, trustProxy: true });
    try {
      const own = new URL(trusting.url).host;
      const forwarded = { Host: own, 'X-Forwarded-Host': 'evil.example', ...admin };
      const kube = await raw(trusting, '/api/kubeconfig', forwarded);
      expect(kubeconfigServer(kube)).toBe(`http://${own}/api`);
      const flow = await raw(trusting, '/api/.ory/self-service/login/browser', {
        ...forwarded,
        Accept: 'application/json',
      });
      expect(flow.status).toBe(200);
      expect(flow.body).not.toContain('evil.example');
      // A forged Host is refused there as well: the proxy must send ours, or --public-url be set.
      expect(
        (await raw(trusting, '/api/kubeconfig', { ...forwarded, Host: 'evil.example' })).status,
      ).toBe(421);
    } finally {
      await trusting.close();
    }
  });

  it('#16 with --public-url takes any Host and hands out only the public URL', async () => {
    const behindProxy = await startTestServer({ db, publicUrl: 'https://ops.example.com' });
    try {
      const kube = await raw(behindProxy, '/api/kubeconfig', { Host: 'evil.example', ...admin });
      expect(kube.status).toBe(200);
      expect(kubeconfigServer(kube)).toBe('https://ops.example.com/api');
      const flow = await raw(behindProxy, '/api/.ory/self-service/login/browser', {
        Host: 'evil.example',
        Accept: 'application/json',
      });
      expect(flow.status).toBe(200);
      expect(flow.body).not.toContain('evil.example');
      expect(flow.body).toContain('https://ops.example.com/api/.ory/self-service/login?flow=');
    } finally {
      await behindProxy.close();
    }
  });
});
