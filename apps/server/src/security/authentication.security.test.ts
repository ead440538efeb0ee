import { request as httpRequest } from 'node:http';
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { PostgresDatabase } from '../db/database.ts';
import { CookieJar, csrf } from '../services/identity/identity.test.helper.ts';
import { defaultScryptCost } from '../services/identity/crypto.ts';
import { startServer, type RunningServer } from '../server.ts';
import { postgresTemplate, testDatabases, testDatabaseUrl } from '../testing/databases.ts';
import { basic, startTestServer, type TestServer } from '../testing/server.ts';

// Issue 17, authentication: the dev outbox is not public (#1); HTTP Basic is a front end to the
// identity service's credentials and throttle (#2); behind a proxy, cookies, throttles and handed-out
// URLs follow configuration, not what the client claims (#5).

interface Flow {
  id: string;
  request_url: string;
  ui: { action: string; nodes: { attributes: unknown }[]; messages?: { id: number }[] };
}

const throttledMessage = 4000100;

async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

/** A password sign-in through the login flow, as the console does it. */
async function signIn(
  base: string,
  jar: CookieJar,
  identifier: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  const flow = await json<Flow>(
    await jar.fetch(`${base}/api/.ory/self-service/login/browser`, { headers }),
  );
  return jar.fetch(`${base}/api/.ory/self-service/login?flow=${flow.id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ method: 'password', identifier, password, csrf_token: csrf(flow) }),
  });
}

async function whoami(
  base: string,
  headers: Record<string, string>,
  jar?: CookieJar,
): Promise<{ status: number; roles?: string[]; email?: string }> {
  const response = await (jar ? jar.fetch : fetch)(`${base}/api/auth/whoami`, { headers });
  if (response.status !== 200) return { status: response.status };
  const body = await json<{ payload: { roles: string[]; user: { email: string } } }>(response);
  return { status: 200, roles: body.payload.roles, email: body.payload.user.email };
}

/**
 * What an anonymous attacker does to the demo: start a recovery for admin@local, read the code from
 * the outbox, submit it, and ask who they are. Answers how far it got.
 */
async function recoveryTakeover(base: string, victim: string) {
  const jar = new CookieJar();
  const flow = await json<Flow>(await jar.fetch(`${base}/api/.ory/self-service/recovery/browser`));
  const post = (body: Record<string, string>) =>
    jar.fetch(`${base}/api/.ory/self-service/recovery?flow=${flow.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ csrf_token: csrf(flow), ...body }),
    });
  expect((await post({ method: 'code', email: victim })).status).toBe(200);
  const outbox = await fetch(`${base}/api/dev/outbox`);
  const outboxText = await outbox.text();
  const entries =
    outbox.status === 200
      ? (JSON.parse(outboxText) as { recipient: string; code: string | null }[])
      : [];
  const code = entries.find((entry) => entry.recipient === victim && entry.code)?.code;
  if (code) await post({ method: 'code', code });
  return { outboxStatus: outbox.status, outboxText, who: await whoami(base, {}, jar) };
}

describe.each(testDatabases('one'))('authentication on $engine', (target) => {
  let db: Database;
  let server: TestServer;
  const personId = async (email: string) =>
    (await db.query<{ id: string }>('SELECT id FROM people WHERE email = $1', [email])).rows[0]!.id;

  beforeAll(async () => {
    db = await target.openSeeded({ checks: 5 });
    server = await startTestServer({ db });
  });
  afterEach(async () => {
    // Every test signs in from 127.0.0.1: one test's failures must not lock the next one out.
    await db.query('DELETE FROM identity_throttle');
  });
  afterAll(async () => {
    await server?.close();
    await target.release();
  });

  it('#1 serves the outbox to admins only: 401 anonymous, 403 to others, 200 to an admin by Basic or session', async () => {
    await recoveryTakeover(server.url, 'commander@local');
    const anonymous = await fetch(`${server.url}/api/dev/outbox`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toHaveProperty('error');
    expect(
      (await fetch(`${server.url}/api/dev/outbox`, { headers: basic('viewer@local') })).status,
    ).toBe(403);
    expect(
      (
        await fetch(`${server.url}/api/dev/outbox`, {
          headers: basic('admin@local', 'wrong-password'),
        })
      ).status,
    ).toBe(401);
    const editor = new CookieJar();
    expect((await signIn(server.url, editor, 'editor@local', 'opsdeck-demo')).status).toBe(200);
    expect((await editor.fetch(`${server.url}/api/dev/outbox`)).status).toBe(403);

    const byBasic = await fetch(`${server.url}/api/dev/outbox`, { headers: basic('admin@local') });
    expect(byBasic.status).toBe(200);
    const entries = await json<{ recipient: string; code: string | null }[]>(byBasic);
    expect(
      entries.some(
        (entry) => entry.recipient === 'commander@local' && /^\d{6}$/.test(entry.code ?? ''),
      ),
    ).toBe(true);
    const admin = new CookieJar();
    expect((await signIn(server.url, admin, 'admin@local', 'opsdeck-demo')).status).toBe(200);
    expect((await admin.fetch(`${server.url}/api/dev/outbox`)).status).toBe(200);
  });

  it('#1 an anonymous caller cannot recover admin@local: no code leaks, no admin session', async () => {
    const attempt = await recoveryTakeover(server.url, 'admin@local');
    const code = [...server.logs]
      .reverse()
      .find((line) => line.includes('to=admin@local'))
      ?.match(/code=(\d+)/)?.[1];
    expect(code).toBeTruthy();
    expect(attempt.outboxStatus).toBe(401);
    expect(attempt.outboxText).not.toContain(code);
    expect(attempt.who).toEqual({ status: 401 });
  });

  it('#2 Basic refuses a password-only request for an account with a second factor (TOTP or lookup codes)', async () => {
    expect((await whoami(server.url, basic('commander@local'))).status).toBe(200);
    const commander = await personId('commander@local');
    const responder = await personId('responder@local');
    await db.query(
      `INSERT INTO identity_credentials (identity_id, type, config) VALUES ($1, 'totp', '{"secret":"JBSWY3DPEHPK3PXP"}')`,
      [commander],
    );
    await db.query(
      `INSERT INTO identity_credentials (identity_id, type, config) VALUES ($1, 'lookup_secret', '{"codes":[]}')`,
      [responder],
    );
    try {
      expect(await whoami(server.url, basic('commander@local'))).toEqual({ status: 401 });
      expect(await whoami(server.url, basic('responder@local'))).toEqual({ status: 401 });
      expect(
        (await fetch(`${server.url}/api/db/checks?limit=1`, { headers: basic('commander@local') }))
          .status,
      ).toBe(401);
    } finally {
      await db.query("DELETE FROM identity_credentials WHERE type IN ('totp', 'lookup_secret')");
    }
  });

  it('#2 Basic follows a password change at once: the old password stops working, the new one works', async () => {
    expect((await whoami(server.url, basic('guest@local'))).status).toBe(200);
    const jar = new CookieJar();
    expect((await signIn(server.url, jar, 'guest@local', 'opsdeck-demo')).status).toBe(200);
    const flow = await json<Flow>(
      await jar.fetch(`${server.url}/api/.ory/self-service/settings/browser`),
    );
    const changed = await jar.fetch(
      `${server.url}/api/.ory/self-service/settings?flow=${flow.id}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          method: 'password',
          password: 'a-brand-new-password',
          csrf_token: csrf(flow),
        }),
      },
    );
    expect(changed.status).toBe(200);
    // The same header verified a moment ago: no cache may keep it alive past the change.
    expect(await whoami(server.url, basic('guest@local'))).toEqual({ status: 401 });
    expect(await whoami(server.url, basic('guest@local', 'a-brand-new-password'))).toMatchObject({
      status: 200,
      email: 'guest@local',
    });
  });

  it('#2 Basic shares the login throttle: guesses lock the account for Basic and the login flow alike', async () => {
    for (let guess = 0; guess < 5; guess += 1) {
      expect((await whoami(server.url, basic('editor@local', `guess-${guess}`))).status).toBe(401);
    }
    // The right password no longer helps, by Basic or in the login flow.
    expect(await whoami(server.url, basic('editor@local'))).toEqual({ status: 401 });
    const flowReply = await signIn(server.url, new CookieJar(), 'editor@local', 'opsdeck-demo');
    expect(flowReply.status).toBe(400);
    expect((await json<Flow>(flowReply)).ui.messages?.map((message) => message.id)).toContain(
      throttledMessage,
    );
  });

  it('#2 an account the login flow has locked is refused by Basic too', async () => {
    for (let guess = 0; guess < 5; guess += 1) {
      expect(
        (await signIn(server.url, new CookieJar(), 'viewer@local', `guess-${guess}`)).status,
      ).toBe(400);
    }
    expect(await whoami(server.url, basic('viewer@local'))).toEqual({ status: 401 });
    await db.query('DELETE FROM identity_throttle');
    expect((await whoami(server.url, basic('viewer@local'))).status).toBe(200);
  });

  it('#2 Basic finds the person by identity, not by a people.email an editor can rewrite', async () => {
    // An admin's own row is the admin's alone (#7), so the editor moves the commander's address.
    const commander = await personId('commander@local');
    const patch = (as: string, email: string) =>
      fetch(`${server.url}/api/db/people?id=eq.${commander}`, {
        method: 'PATCH',
        headers: { ...basic(as), 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      });
    expect((await patch('editor@local', 'moved-away@example.com')).status).toBeLessThan(300);
    try {
      expect(await whoami(server.url, basic('commander@local'))).toMatchObject({
        status: 200,
        roles: ['commander'],
      });
      expect((await whoami(server.url, basic('moved-away@example.com'))).status).toBe(401);
    } finally {
      await db.query('UPDATE people SET email = $2 WHERE id = $1', [commander, 'commander@local']);
    }
  });

  it('#2 never asks a browser for a Basic password; scripts are still told', async () => {
    // Raw requests: fetch itself would send Sec-Fetch-Mode: cors whatever the test asks for.
    const challenge = async (headers: Record<string, string>) => {
      const response = await rawRequest(`${server.url}/api/auth/whoami`, { headers });
      expect(response.status).toBe(401);
      return response.headers['www-authenticate'];
    };
    expect(
      await challenge({
        'Sec-Fetch-Mode': 'navigate',
        'Sec-Fetch-Dest': 'document',
        Accept: 'text/html,application/xhtml+xml',
      }),
    ).toBeUndefined();
    // An older browser without Sec-Fetch-* still asks for HTML when it navigates.
    expect(
      await challenge({ Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' }),
    ).toBeUndefined();
    expect(
      await challenge({ Origin: 'https://elsewhere.example', 'Sec-Fetch-Mode': 'cors' }),
    ).toBeUndefined();
    expect(await challenge({ Accept: '*/*', 'User-Agent': 'curl/8.5.0' })).toContain('Basic');
  });

  describe('at the real scrypt cost', () => {
    let costly: TestServer;
    beforeAll(async () => {
      costly = await startTestServer({
        db,
        trustProxy: true,
        identity: { scryptCost: defaultScryptCost, throttle: { maxFailures: 1000 } },
      });
    });
    afterAll(async () => {
      await costly?.close();
      // Back to the cheap hashes the other tests sign in against.
      await server.identity?.init();
    });

    it('#2 an unknown user is refused as slowly as a wrong password, so timing does not tell who exists', async () => {
      const time = async (headers: Record<string, string>) => {
        const started = performance.now();
        expect((await fetch(`${costly.url}/api/auth/whoami`, { headers })).status).toBe(401);
        return performance.now() - started;
      };
      const unknown: number[] = [];
      const wrong: number[] = [];
      for (let round = 0; round < 7; round += 1) {
        unknown.push(await time(basic(`nobody-${round}@local`, 'opsdeck-demo')));
        wrong.push(await time(basic('admin@local', `wrong-${round}`)));
      }
      const median = (values: number[]) =>
        [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
      expect(median(unknown) / median(wrong)).toBeGreaterThan(0.5);
    });

    it('#2 a storm of Basic guesses does not starve a sign-in through the login flow', async () => {
      const started = performance.now();
      const storm = Promise.all(
        Array.from({ length: 24 }, (_, index) =>
          fetch(`${costly.url}/api/auth/whoami`, {
            headers: {
              ...basic(
                `${['viewer', 'editor', 'commander', 'responder'][index % 4]}@local`,
                `guess-${index}`,
              ),
              'X-Forwarded-For': `198.51.100.${index + 1}`,
            },
          }).then((response) => response.status),
        ),
      ).then((statuses) => ({ statuses, at: performance.now() - started }));
      const signedIn = signIn(costly.url, new CookieJar(), 'admin@local', 'opsdeck-demo').then(
        (response) => ({ status: response.status, at: performance.now() - started }),
      );
      const [guesses, login] = await Promise.all([storm, signedIn]);
      expect(login.status).toBe(200);
      expect(guesses.statuses.every((status) => status === 401 || status === 503)).toBe(true);
      // Basic hashing holds two of libuv's threads at most: the sign-in's hash does not queue behind 24.
      expect(login.at).toBeLessThan(guesses.at / 2);
    });
  });
});

/**
 * Databases for the CLI's own start-up path: in-memory PGlite, and a new Postgres database when there
 * is one. Both start migrated (the in-memory PGlite is a copy of the run's migrated cluster, the
 * Postgres database a copy of its migrated template): these tests are about the outbox, the proxy and
 * the public URL; a first start from nothing is what cli.test.ts and durability prove.
 */
function cliTargets(): { engine: string; args(): Promise<string[]>; release(): Promise<void> }[] {
  const url = testDatabaseUrl();
  const targets = [
    { engine: 'pglite', args: async () => ['--memory'], release: async () => undefined },
  ];
  if (!url) return targets;
  const name = `opsdeck_auth_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const db = await PostgresDatabase.open({ url, max: 1 });
    try {
      await db.exec(statement);
    } finally {
      await db.close();
    }
  };
  return [
    ...targets,
    {
      engine: 'postgres',
      async args() {
        const template = postgresTemplate();
        await admin(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
        const target = new URL(url);
        target.pathname = `/${name}`;
        return ['--database-url', target.toString()];
      },
      release: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    },
  ];
}

/** An HTTP request that says what it likes in Host (fetch will not forge it). */
function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
) {
  return new Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: string;
  }>((resolve, reject) => {
    const request = httpRequest(
      url,
      { method: options.method ?? 'GET', headers: options.headers },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
        );
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

const setCookies = (headers: Record<string, string | string[] | undefined>) =>
  ([] as string[]).concat(headers['set-cookie'] ?? []);
const cookieHeader = (lines: string[]) => lines.map((line) => line.split(';')[0]).join('; ');

describe.each(cliTargets())('the CLI server on $engine', (target) => {
  const running: RunningServer[] = [];
  const start = async (...args: string[]) => {
    const config = parseConfig(
      [...(await target.args()), '--port', '0', '--checks', '3', ...args],
      {},
    );
    const server = await startServer(config, () => undefined);
    running.push(server);
    return server;
  };
  afterEach(async () => {
    await Promise.all(running.splice(0).map((server) => server.close()));
    await target.release();
  });

  // Two demo servers started one after the other: minutes on a loaded machine.
  it('#1 without --dev-outbox the outbox needs an admin; with it (loopback demo) anyone on this machine reads it', async () => {
    const plain = await start();
    expect((await fetch(`${plain.url}/api/dev/outbox`)).status).toBe(401);
    expect(
      (await fetch(`${plain.url}/api/dev/outbox`, { headers: basic('viewer@local') })).status,
    ).toBe(403);
    expect(
      (await fetch(`${plain.url}/api/dev/outbox`, { headers: basic('admin@local') })).status,
    ).toBe(200);
    await Promise.all(running.splice(0).map((server) => server.close()));
    await target.release();

    const dev = await start('--dev-outbox');
    const open = await fetch(`${dev.url}/api/dev/outbox`);
    expect(open.status).toBe(200);
    expect(Array.isArray(await open.json())).toBe(true);
  }, 180_000);

  it('#5 --trust-proxy: X-Forwarded-Proto https makes the cookies Secure; the proxy-added X-Forwarded-For is the throttled client', async () => {
    const server = await start('--trust-proxy');
    // Without --public-url on a loopback bind, URLs still follow the request.
    const local = await json<Flow>(
      await new CookieJar().fetch(`${server.url}/api/.ory/self-service/login/browser`),
    );
    expect(local.ui.action.startsWith(`${server.url}/api/.ory/self-service/login?flow=`)).toBe(
      true,
    );
    const plain = new CookieJar();
    expect((await signIn(server.url, plain, 'admin@local', 'opsdeck-demo')).status).toBe(200);
    expect(plain.raw.get('ory_kratos_session')).not.toMatch(/;\s*Secure/i);

    const proxied = new CookieJar();
    const tls = { 'X-Forwarded-Proto': 'https', 'X-Forwarded-For': '203.0.113.50' };
    expect((await signIn(server.url, proxied, 'admin@local', 'opsdeck-demo', tls)).status).toBe(
      200,
    );
    expect(proxied.raw.get('opsdeck_csrf')).toMatch(/;\s*Secure/i);
    expect(proxied.raw.get('ory_kratos_session')).toMatch(/;\s*Secure/i);

    // One client (as our proxy saw it) fails five times with made-up names; whatever it writes
    // in front of the proxy's entry, it stays that client. Another client is not affected.
    for (let guess = 0; guess < 5; guess += 1) {
      const spoofed = { 'X-Forwarded-For': `192.0.2.${guess}, 198.51.100.9` };
      expect(
        (await signIn(server.url, new CookieJar(), `nobody-${guess}@local`, 'x', spoofed)).status,
      ).toBe(400);
    }
    const again = await signIn(server.url, new CookieJar(), 'editor@local', 'opsdeck-demo', {
      'X-Forwarded-For': '192.0.2.77, 198.51.100.9',
    });
    expect(again.status).toBe(400);
    expect((await json<Flow>(again)).ui.messages?.map((message) => message.id)).toContain(
      throttledMessage,
    );
    expect(
      (await whoami(server.url, { ...basic('editor@local'), 'X-Forwarded-For': '198.51.100.9' }))
        .status,
    ).toBe(401);
    expect(
      (
        await signIn(server.url, new CookieJar(), 'editor@local', 'opsdeck-demo', {
          'X-Forwarded-For': '198.51.100.10',
        })
      ).status,
    ).toBe(200);
    expect(
      (await whoami(server.url, { ...basic('editor@local'), 'X-Forwarded-For': '198.51.100.10' }))
        .status,
    ).toBe(200);
  });

  it('#5 --public-url https: Secure cookies, and a forged Host changes no URL handed out and no return_to decision', async () => {
    const server = await start('--public-url', 'https://ops.example.test');
    const forged = { Host: 'evil.example', Accept: 'application/json' };
    const login = await rawRequest(`${server.url}/api/.ory/self-service/login/browser`, {
      headers: forged,
    });
    expect(login.status).toBe(200);
    const flow = JSON.parse(login.body) as Flow;
    expect(flow.ui.action).toBe(
      `https://ops.example.test/api/.ory/self-service/login?flow=${flow.id}`,
    );
    expect(flow.request_url).toBe('https://ops.example.test/api/.ory/self-service/login/browser');
    expect(setCookies(login.headers).find((line) => line.startsWith('opsdeck_csrf='))).toMatch(
      /;\s*Secure/i,
    );

    const redirect = await rawRequest(`${server.url}/api/.ory/self-service/recovery/browser`, {
      headers: { Host: 'evil.example' },
    });
    expect(redirect.headers.location).toMatch(/^https:\/\/ops\.example\.test\/recovery\?flow=/);

    const toForgedHost = await rawRequest(
      `${server.url}/api/.ory/self-service/login/browser?return_to=${encodeURIComponent('http://evil.example/steal')}`,
      { headers: forged },
    );
    expect(toForgedHost.status).toBe(400);
    const toPublic = await rawRequest(
      `${server.url}/api/.ory/self-service/login/browser?return_to=${encodeURIComponent('https://ops.example.test/health')}`,
      { headers: forged },
    );
    expect(toPublic.status).toBe(200);

    // Sign in with the forged Host throughout: the session and the links it yields name the public URL.
    const submitted = await rawRequest(
      `${server.url}/api/.ory/self-service/login?flow=${flow.id}`,
      {
        method: 'POST',
        headers: {
          ...forged,
          'Content-Type': 'application/json',
          Cookie: cookieHeader(setCookies(login.headers)),
        },
        body: JSON.stringify({
          method: 'password',
          identifier: 'admin@local',
          password: 'opsdeck-demo',
          csrf_token: csrf(flow),
        }),
      },
    );
    expect(submitted.status).toBe(200);
    const session = setCookies(submitted.headers).find((line) =>
      line.startsWith('ory_kratos_session='),
    );
    expect(session).toMatch(/;\s*Secure/i);
    const logout = await rawRequest(`${server.url}/api/.ory/self-service/logout/browser`, {
      headers: { ...forged, Cookie: cookieHeader([session!]) },
    });
    expect((JSON.parse(logout.body) as { logout_url: string }).logout_url).toMatch(
      /^https:\/\/ops\.example\.test\/api\/\.ory\/self-service\/logout\?token=/,
    );
    const evilLogout = await rawRequest(
      `${server.url}/api/.ory/self-service/logout?token=${(JSON.parse(logout.body) as { logout_token: string }).logout_token}&return_to=${encodeURIComponent('http://evil.example/')}`,
      { headers: { Host: 'evil.example', Cookie: cookieHeader([session!]) } },
    );
    expect(evilLogout.headers.location).toBe('https://ops.example.test/login');

    const kubeconfig = await rawRequest(`${server.url}/api/kubeconfig`, {
      headers: { Host: 'evil.example', ...basic('admin@local') },
    });
    expect(kubeconfig.status).toBe(200);
    expect(kubeconfig.body).toContain('server: https://ops.example.test/api');
  });
});
