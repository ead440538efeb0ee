import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createIdentityAuth, identityActor } from '../auth/identity.ts';
import { createApp, type AppOptions } from '../http/app.ts';
import type { IdentityOptions, IdentityService } from '../services/identity/index.ts';

export interface TestServer {
  url: string;
  /** The identity service behind sign-in (absent with `auth: 'disabled'`). */
  identity?: IdentityService;
  /** What the identity service logged (outbox lines included). */
  logs: string[];
  close(): Promise<void>;
}

export interface TestServerOptions extends AppOptions {
  /** Overrides for the identity service (demo people with password `opsdeck-demo` by default). */
  identity?: Partial<Omit<IdentityOptions, 'db' | 'outboxAccess'>>;
}

/**
 * The app on a real HTTP port of 127.0.0.1, as the console would reach it. Unless auth is disabled,
 * wired to the identity service as the CLI wires it: its flows and outbox mounted, its session cookie
 * and HTTP Basic as the only resolvers, and the seeded demo people given identities with the demo
 * password (a cheap scrypt cost; the real one is exercised by the CLI tests).
 */
export async function startTestServer(options: TestServerOptions): Promise<TestServer> {
  const { identity: identityOptions, ...appOptions } = options;
  const logs: string[] = [];
  const app = new Hono();
  let identity: IdentityService | undefined;
  if (appOptions.auth !== 'disabled') {
    const wired = createIdentityAuth(appOptions.db, {
      demo: true,
      scryptCost: { N: 1024, r: 8, p: 1 },
      log: (line) => logs.push(line),
      env: {},
      ...(appOptions.publicUrl ? { publicUrl: appOptions.publicUrl } : {}),
      ...(appOptions.trustProxy ? { trustProxy: true } : {}),
      ...identityOptions,
    });
    identity = wired.identity;
    await identity.init();
    const actor = identityActor(identity);
    for (const base of ['/api/.ory', '/api/kratos', '/api/dev']) app.use(`${base}/*`, actor);
    app.route('/api/.ory', identity.app);
    app.route('/api/kratos', identity.app);
    app.route('/api/dev', identity.devApp);
    app.route(
      '/',
      createApp({
        ...appOptions,
        resolvers: [...(appOptions.resolvers ?? []), ...wired.resolvers],
      }),
    );
  } else {
    app.route('/', createApp(appOptions));
  }
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
      // Node drops an idle keep-alive socket after 5 s; a test's fetch reusing it at that moment
      // (a loaded CI machine stalls that long) sees a reset. close() still ends idle sockets.
      (server as Server).keepAliveTimeout = 10 * 60_000;
      resolve({
        url: `http://127.0.0.1:${info.port}`,
        ...(identity ? { identity } : {}),
        logs,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            // Idle keep-alive sockets live for minutes here (above): end them all now, as well as
            // one whose reply was still going when close() was called.
            (server as Server).closeAllConnections();
          }),
      });
    });
  });
}

export function basic(email: string, password = 'opsdeck-demo'): Record<string, string> {
  return { Authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}` };
}
