import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../http/app.ts';
import { loadAccess } from '../../auth/resolve.ts';
import { testDatabases, type TestDatabaseTarget } from '../../testing/databases.ts';
import type { Database } from '../../db/database.ts';
import { CookieJar, csrf } from './identity.test.helper.ts';
import { createIdentityService, type IdentityService } from './index.ts';
import { Configuration, FrontendApi } from '@ory/client-fetch';

// The identity service plugged into core's app the way the lead wires it: its API mounted before
// the auth middleware, its session resolver first among the resolvers.
describe.each(testDatabases('one'))(
  'identity wired into the core app on $engine',
  (target: TestDatabaseTarget) => {
    let db: Database;
    let server: ServerType;
    let origin: string;
    let identity: IdentityService;

    beforeAll(async () => {
      db = await target.openSeeded({ checks: 5 });
      identity = createIdentityService({
        db,
        demo: true,
        scryptCost: { N: 1024, r: 8, p: 1 },
        log: () => undefined,
        env: {},
      });
      await identity.init();
      const app = new Hono();
      app.route('/api/.ory', identity.app);
      app.route('/api/dev', identity.devApp);
      app.route(
        '/',
        createApp({
          db,
          resolvers: [
            async (request) => {
              const user = await identity.sessionUser(request);
              return user
                ? {
                    id: user.id,
                    name: user.name,
                    email: user.email,
                    ...(await loadAccess(db, user.id)),
                  }
                : undefined;
            },
          ],
        }),
      );
      server = await new Promise((resolve) => {
        const started = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () =>
          resolve(started),
        );
      });
      origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    }, 120_000);

    afterAll(async () => {
      await new Promise((resolve) => server?.close(resolve));
      await target.release();
    });

    it('signs a seeded demo person in and answers whoami with their roles from the session cookie', async () => {
      const jar = new CookieJar();
      const sdk = new FrontendApi(
        new Configuration({ basePath: origin + '/api/.ory', fetchApi: jar.fetch }),
      );
      const flow = await sdk.createBrowserLoginFlow();
      await sdk.updateLoginFlow({
        flow: flow.id,
        updateLoginFlowBody: {
          method: 'password',
          identifier: 'viewer@local',
          password: 'opsdeck-demo',
          csrf_token: csrf(flow),
        },
      });
      const whoami = await jar.fetch(origin + '/api/auth/whoami');
      expect(whoami.status).toBe(200);
      expect(((await whoami.json()) as { payload: { roles: string[] } }).payload.roles).toEqual([
        'viewer',
      ]);
      expect((await fetch(origin + '/api/auth/whoami')).status).toBe(401);
    });
  },
);
