import type { FrontendApi, LoginFlow, SettingsFlow, UiNodeTextAttributes } from '@ory/client-fetch';
import { authenticator } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CookieJar,
  csrf,
  failure,
  latestCode,
  pgliteDatabase,
  postgresDatabase,
  startIdentityServer,
  type IdentityServer,
  type TestDatabase,
} from './identity.test.helper.ts';

const postgresUrl = process.env.TEST_DATABASE_URL;
const databases: [string, () => Promise<TestDatabase>][] = [['PGlite', pgliteDatabase]];
if (postgresUrl) databases.push(['Postgres', () => postgresDatabase(postgresUrl)]);

async function signIn(sdk: FrontendApi, identifier: string, password: string, returnTo?: string) {
  const flow = await sdk.createBrowserLoginFlow({ returnTo });
  return sdk.updateLoginFlow({
    flow: flow.id,
    updateLoginFlowBody: { method: 'password', identifier, password, csrf_token: csrf(flow) },
  });
}

async function register(sdk: FrontendApi, email: string, password: string) {
  const flow = await sdk.createBrowserRegistrationFlow({});
  return sdk.updateRegistrationFlow({
    flow: flow.id,
    updateRegistrationFlowBody: {
      method: 'password',
      password,
      csrf_token: csrf(flow),
      traits: { email, name: { first: 'Ada', last: 'Lovelace' } },
    },
  });
}

function nodeMessages(
  flow: { ui: { nodes: { attributes: unknown; messages: { id: number }[] }[] } },
  name: string,
): number[] {
  return flow.ui.nodes
    .filter((node) => (node.attributes as { name?: string }).name === name)
    .flatMap((node) => node.messages.map((message) => message.id));
}

function textNode(flow: SettingsFlow, id: string): UiNodeTextAttributes {
  const node = flow.ui.nodes.find(
    (candidate) => (candidate.attributes as { id?: string }).id === id,
  );
  if (!node) throw new Error('no text node ' + id);
  return node.attributes as UiNodeTextAttributes;
}

describe.each(databases)(
  'Kratos-compatible identity on %s, driven by @ory/client-fetch',
  (_name, open) => {
    let database: TestDatabase;
    let server: IdentityServer;

    beforeAll(async () => {
      database = await open();
      // Core's people table, so identities are mirrored into it.
      await database.db.query(
        'CREATE TABLE people (id uuid PRIMARY KEY, name text, email text, last_login timestamptz)',
      );
      await database.db.query(
        "INSERT INTO people (id, name, email) VALUES ('11111111-1111-4111-8111-111111111111', 'Demo Admin', 'admin@local')",
      );
      server = await startIdentityServer(database.db, { demo: true });
    }, 60_000);

    afterAll(async () => {
      await server?.close();
      await database?.close();
    });

    it('lets the demo people sign in with the demo password, with a locked-down session cookie', async () => {
      const jar = new CookieJar();
      const sdk = server.sdk(jar);
      const result = await signIn(sdk, 'admin@local', 'opsdeck-demo');
      expect(result.session.identity?.id).toBe('11111111-1111-4111-8111-111111111111');
      const cookie = jar.raw.get('ory_kratos_session') ?? '';
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      expect(cookie).not.toMatch(/Secure/i);
      const session = await sdk.toSession();
      expect(session.identity?.traits).toMatchObject({
        email: 'admin@local',
        name: { first: 'Demo', last: 'Admin' },
      });
      const whoami = await jar.fetch(server.origin + '/api/auth/whoami');
      expect(await whoami.json()).toMatchObject({
        payload: { user: { email: 'admin@local', name: 'Demo Admin' } },
      });
      for (const role of ['editor', 'viewer', 'guest', 'commander', 'responder']) {
        await expect(
          signIn(server.sdk(new CookieJar()), `${role}@local`, 'opsdeck-demo'),
        ).resolves.toHaveProperty('session');
      }
      expect(server.logs.some((line) => line.includes('opsdeck-demo'))).toBe(true);
      const person = await database.db.query<{ last_login: unknown }>(
        "SELECT last_login FROM people WHERE email = 'admin@local'",
      );
      expect(person.rows[0]?.last_login).not.toBeNull();
    });

    it('gives an unknown user and a wrong password the same answer', async () => {
      const sdk = server.sdk(new CookieJar());
      const wrong = await failure(signIn(sdk, 'viewer@local', 'not-the-password'));
      const unknown = await failure(signIn(sdk, 'nobody@local', 'not-the-password'));
      expect(wrong.status).toBe(400);
      expect(unknown.status).toBe(400);
      expect(wrong.body.ui?.messages).toEqual(unknown.body.ui?.messages);
      expect(wrong.body.ui?.messages?.map((m) => m.id)).toEqual([4000006]);
    });

    it('asks for the missing fields with Kratos message ids', async () => {
      const sdk = server.sdk(new CookieJar());
      const flow = await sdk.createBrowserLoginFlow();
      const reply = await failure(
        sdk.updateLoginFlow({
          flow: flow.id,
          updateLoginFlowBody: {
            method: 'password',
            identifier: '',
            password: '',
            csrf_token: csrf(flow),
          },
        }),
      );
      expect(reply.status).toBe(400);
      expect(nodeMessages(reply.body as never, 'identifier')).toEqual([4000002]);
      expect(nodeMessages(reply.body as never, 'password')).toEqual([4000002]);
      // The flow keeps the messages for a page that reloads it.
      const again = await sdk.getLoginFlow({ id: flow.id });
      expect(nodeMessages(again as never, 'identifier')).toEqual([4000002]);
    });

    it('throttles repeated failures for an address even with the right password afterwards', async () => {
      const sdk = server.sdk(new CookieJar());
      for (let attempt = 0; attempt < 5; attempt++)
        await failure(signIn(sdk, 'guest@local', 'wrong-password'));
      const locked = await failure(signIn(sdk, 'guest@local', 'opsdeck-demo'));
      expect(locked.body.ui?.messages?.map((m) => m.id)).toEqual([4000100]);
      server.clock.offsetMs += 16 * 60_000;
      await expect(signIn(sdk, 'guest@local', 'opsdeck-demo')).resolves.toHaveProperty('session');
    });

    it('rejects a wrong CSRF token even with the browser’s own CSRF cookie', async () => {
      const sdk = server.sdk(new CookieJar());
      const flow = await sdk.createBrowserLoginFlow();
      const other = await sdk.createBrowserLoginFlow();
      for (const token of ['forged-token', csrf(other)]) {
        const reply = await failure(
          sdk.updateLoginFlow({
            flow: flow.id,
            updateLoginFlowBody: {
              method: 'password',
              identifier: 'admin@local',
              password: 'opsdeck-demo',
              csrf_token: token,
            },
          }),
        );
        expect(reply.status).toBe(403);
        expect(reply.body.error?.id).toBe('security_csrf_violation');
      }
    });

    it('rejects a submission without the flow CSRF cookie', async () => {
      const sdk = server.sdk(new CookieJar());
      const flow = await sdk.createBrowserLoginFlow();
      const stranger = server.sdk(new CookieJar());
      const reply = await failure(
        stranger.updateLoginFlow({
          flow: flow.id,
          updateLoginFlowBody: {
            method: 'password',
            identifier: 'admin@local',
            password: 'opsdeck-demo',
            csrf_token: csrf(flow),
          },
        }),
      );
      expect(reply.status).toBe(403);
      expect(reply.body.error?.id).toBe('security_csrf_violation');
    });

    it('answers 410 with a fresh flow id once a flow expires', async () => {
      const sdk = server.sdk(new CookieJar());
      const flow = await sdk.createBrowserLoginFlow({ returnTo: '/health' });
      server.clock.offsetMs += 2 * 3600_000;
      const read = await failure(sdk.getLoginFlow({ id: flow.id }));
      expect(read.status).toBe(410);
      expect(read.body.error?.id).toBe('self_service_flow_expired');
      const replacement = await sdk.getLoginFlow({ id: String(read.body.use_flow_id) });
      expect(replacement.return_to).toBe('/health');
      const update = await failure(
        sdk.updateLoginFlow({
          flow: flow.id,
          updateLoginFlowBody: {
            method: 'password',
            identifier: 'admin@local',
            password: 'opsdeck-demo',
            csrf_token: csrf(flow),
          },
        }),
      );
      expect(update.status).toBe(410);
    });

    it('refuses a return_to on another origin and a second login while signed in', async () => {
      const sdk = server.sdk(new CookieJar());
      const forbidden = await failure(
        sdk.createBrowserLoginFlow({ returnTo: 'https://elsewhere.invalid/steal' }),
      );
      expect(forbidden.body.error?.id).toBe('self_service_flow_return_to_forbidden');
      await signIn(sdk, 'editor@local', 'opsdeck-demo');
      const again = await failure(sdk.createBrowserLoginFlow());
      expect(again.body.error?.id).toBe('session_already_available');
    });

    it('registers with traits, verifies the address by code and mirrors the person', async () => {
      const jar = new CookieJar();
      const sdk = server.sdk(jar);
      const short = await failure(register(sdk, 'ada@example.org', 'abc'));
      expect(nodeMessages(short.body as never, 'password')).toEqual([4000032]);
      const badEmail = await failure(register(sdk, 'not-an-email', 'long-enough-password'));
      expect(nodeMessages(badEmail.body as never, 'traits.email')).toEqual([4000001]);

      const registered = await register(sdk, 'ada@example.org', 'long-enough-password');
      expect(registered.identity.traits).toEqual({
        email: 'ada@example.org',
        name: { first: 'Ada', last: 'Lovelace' },
      });
      expect(registered.session?.identity?.id).toBe(registered.identity.id);
      const person = await database.db.query<{ name: string }>(
        'SELECT name FROM people WHERE id = $1',
        [registered.identity.id],
      );
      expect(person.rows[0]?.name).toBe('Ada Lovelace');

      const duplicate = await failure(
        register(server.sdk(new CookieJar()), 'ADA@example.org', 'long-enough-password'),
      );
      expect(nodeMessages(duplicate.body as never, 'traits.email')).toEqual([4000007]);

      const next = registered.continue_with?.[0] as
        { action: string; flow: { id: string } } | undefined;
      expect(next?.action).toBe('show_verification_ui');
      const verification = await sdk.getVerificationFlow({ id: next!.flow.id });
      expect(verification.state).toBe('sent_email');
      const wrong = await failure(
        sdk.updateVerificationFlow({
          flow: verification.id,
          updateVerificationFlowBody: {
            method: 'code',
            code: '000000x',
            csrf_token: csrf(verification),
          },
        }),
      );
      expect(wrong.body.ui?.messages?.map((m) => m.id)).toEqual([4070006]);
      const done = await sdk.updateVerificationFlow({
        flow: verification.id,
        updateVerificationFlowBody: {
          method: 'code',
          code: latestCode(server.logs, 'ada@example.org'),
          csrf_token: csrf(verification),
        },
      });
      expect(done.state).toBe('passed_challenge');
      const session = await sdk.toSession();
      expect(session.identity?.verifiable_addresses?.[0]?.verified).toBe(true);

      // The outbox holds sign-in codes: never served to an anonymous caller (admins: src/security).
      expect((await fetch(server.origin + '/api/dev/outbox')).status).toBe(401);
      const outbox = await database.db.query(
        'SELECT recipient, subject FROM identity_outbox ORDER BY id DESC LIMIT 1',
      );
      expect(outbox.rows[0]).toMatchObject({
        recipient: 'ada@example.org',
        subject: 'Please verify your email address',
      });
    });

    it('recovers an account by code and lets the person set a new password', async () => {
      const jar = new CookieJar();
      const sdk = server.sdk(jar);
      await register(server.sdk(new CookieJar()), 'grace@example.org', 'first-password');
      const flow = await sdk.createBrowserRecoveryFlow();
      const sent = await sdk.updateRecoveryFlow({
        flow: flow.id,
        updateRecoveryFlowBody: {
          method: 'code',
          email: 'grace@example.org',
          csrf_token: csrf(flow),
        },
      });
      expect(sent.state).toBe('sent_email');
      // Unknown addresses see the same screen.
      const other = await sdk.createBrowserRecoveryFlow();
      const unknown = await sdk.updateRecoveryFlow({
        flow: other.id,
        updateRecoveryFlowBody: {
          method: 'code',
          email: 'ghost@example.org',
          csrf_token: csrf(other),
        },
      });
      expect(unknown.ui.messages).toEqual(sent.ui.messages);

      const wrong = await failure(
        sdk.updateRecoveryFlow({
          flow: flow.id,
          updateRecoveryFlowBody: { method: 'code', code: '12345x', csrf_token: csrf(sent) },
        }),
      );
      expect(wrong.body.ui?.messages?.map((m) => m.id)).toEqual([4060006]);
      const done = await failure(
        sdk.updateRecoveryFlow({
          flow: flow.id,
          updateRecoveryFlowBody: {
            method: 'code',
            code: latestCode(server.logs, 'grace@example.org'),
            csrf_token: csrf(sent),
          },
        }),
      );
      expect(done.status).toBe(422);
      expect(done.body.error?.id).toBe('browser_location_change_required');
      const target = new URL(String(done.body.redirect_browser_to));
      expect(target.pathname).toBe('/profile-settings');

      const settings = await sdk.getSettingsFlow({ id: target.searchParams.get('flow')! });
      const saved = await sdk.updateSettingsFlow({
        flow: settings.id,
        updateSettingsFlowBody: {
          method: 'password',
          password: 'second-password',
          csrf_token: csrf(settings),
        },
      });
      expect(saved.ui.messages?.map((m) => m.id)).toEqual([1050001]);
      await expect(
        signIn(server.sdk(new CookieJar()), 'grace@example.org', 'second-password'),
      ).resolves.toHaveProperty('session');
      await failure(signIn(server.sdk(new CookieJar()), 'grace@example.org', 'first-password'));
    });

    it('updates the profile, then needs a fresh sign-in for changes after the privileged window', async () => {
      const jar = new CookieJar();
      const sdk = server.sdk(jar);
      await register(sdk, 'linus@example.org', 'linus-password');
      const flow = await sdk.createBrowserSettingsFlow();
      expect(flow.ui.nodes.map((node) => node.group)).toEqual(
        expect.arrayContaining(['profile', 'password', 'totp', 'lookup_secret']),
      );
      const saved = await sdk.updateSettingsFlow({
        flow: flow.id,
        updateSettingsFlowBody: {
          method: 'profile',
          csrf_token: csrf(flow),
          traits: { email: 'linus@example.org', name: { first: 'Linus', last: 'T' } },
        },
      });
      expect(saved.identity.traits).toMatchObject({ name: { first: 'Linus', last: 'T' } });
      const person = await database.db.query<{ name: string }>(
        "SELECT name FROM people WHERE email = 'linus@example.org'",
      );
      expect(person.rows[0]?.name).toBe('Linus T');

      server.clock.offsetMs += 20 * 60_000;
      const stale = await failure(
        sdk.updateSettingsFlow({
          flow: flow.id,
          updateSettingsFlowBody: {
            method: 'password',
            password: 'another-password',
            csrf_token: csrf(flow),
          },
        }),
      );
      expect(stale.status).toBe(403);
      expect(stale.body.error?.id).toBe('session_refresh_required');
      expect(String(stale.body.redirect_browser_to)).toContain('refresh=true');

      const refresh: LoginFlow = await sdk.createBrowserLoginFlow({ refresh: true });
      expect(refresh.refresh).toBe(true);
      expect(refresh.ui.messages?.map((m) => m.id)).toEqual([1010003]);
      await sdk.updateLoginFlow({
        flow: refresh.id,
        updateLoginFlowBody: {
          method: 'password',
          identifier: 'ignored',
          password: 'linus-password',
          csrf_token: csrf(refresh),
        },
      });
      const fresh = await sdk.createBrowserSettingsFlow();
      await sdk.updateSettingsFlow({
        flow: fresh.id,
        updateSettingsFlowBody: {
          method: 'password',
          password: 'another-password',
          csrf_token: csrf(fresh),
        },
      });
    });

    it('adds TOTP and backup codes in settings and asks for them at the next sign-in', async () => {
      const jar = new CookieJar();
      const sdk = server.sdk(jar);
      await register(sdk, 'margaret@example.org', 'apollo-11-code');
      let settings = await sdk.createBrowserSettingsFlow();
      const secret = String(
        (textNode(settings, 'totp_secret_key').text.context as { secret: string }).secret,
      );
      const wrongTotp = await failure(
        sdk.updateSettingsFlow({
          flow: settings.id,
          updateSettingsFlowBody: {
            method: 'totp',
            totp_code: '000000',
            csrf_token: csrf(settings),
          },
        }),
      );
      expect(nodeMessages(wrongTotp.body as never, 'totp_code')).toEqual([4000008]);
      settings = await sdk.updateSettingsFlow({
        flow: settings.id,
        updateSettingsFlowBody: {
          method: 'totp',
          totp_code: authenticator.generate(secret),
          csrf_token: csrf(settings),
        },
      });
      expect(
        settings.ui.nodes.some(
          (node) => (node.attributes as { name?: string }).name === 'totp_unlink',
        ),
      ).toBe(true);

      settings = await sdk.updateSettingsFlow({
        flow: settings.id,
        updateSettingsFlowBody: {
          method: 'lookup_secret',
          lookup_secret_regenerate: true,
          csrf_token: csrf(settings),
        },
      });
      const codes = (
        textNode(settings, 'lookup_secret_codes').text.context as {
          secrets: { context: { secret: string } }[];
        }
      ).secrets.map((s) => s.context.secret);
      expect(codes).toHaveLength(12);
      await sdk.updateSettingsFlow({
        flow: settings.id,
        updateSettingsFlowBody: {
          method: 'lookup_secret',
          lookup_secret_confirm: true,
          csrf_token: csrf(settings),
        },
      });

      // A new browser: the password alone leaves the session owing its second factor.
      const otherJar = new CookieJar();
      const other = server.sdk(otherJar);
      const first = await signIn(other, 'margaret@example.org', 'apollo-11-code', '/health');
      expect(first.session.authenticator_assurance_level).toBe('aal1');
      const pending = await failure(other.toSession());
      expect(pending.status).toBe(403);
      expect(pending.body.error?.id).toBe('session_aal2_required');
      expect(await other.createBrowserLoginFlow().then((f) => f.requested_aal)).toBe('aal2');
      const whoami = await otherJar.fetch(server.origin + '/api/auth/whoami');
      expect(whoami.status).toBe(401);

      const second = await other.createBrowserLoginFlow({ aal: 'aal2', returnTo: '/health' });
      expect(second.ui.nodes.map((node) => (node.attributes as { name?: string }).name)).toEqual(
        expect.arrayContaining(['totp_code', 'lookup_secret']),
      );
      const wrong = await failure(
        other.updateLoginFlow({
          flow: second.id,
          updateLoginFlowBody: { method: 'totp', totp_code: '000000', csrf_token: csrf(second) },
        }),
      );
      expect(nodeMessages(wrong.body as never, 'totp_code')).toEqual([4000008]);
      // The enrolment used this step's code, so sign in with the next step's (accepted for clock drift).
      const nextCode = authenticator.clone({ epoch: Date.now() + 30_000 }).generate(secret);
      const done = await other.updateLoginFlow({
        flow: second.id,
        updateLoginFlowBody: { method: 'totp', totp_code: nextCode, csrf_token: csrf(second) },
      });
      expect(done.session.authenticator_assurance_level).toBe('aal2');
      expect((await other.toSession()).authenticator_assurance_level).toBe('aal2');

      // Backup codes work once each.
      const third = server.sdk(new CookieJar());
      await signIn(third, 'margaret@example.org', 'apollo-11-code');
      const lookupFlow = await third.createBrowserLoginFlow({ aal: 'aal2' });
      await third.updateLoginFlow({
        flow: lookupFlow.id,
        updateLoginFlowBody: {
          method: 'lookup_secret',
          lookup_secret: codes[0]!,
          csrf_token: csrf(lookupFlow),
        },
      });
      const fourth = server.sdk(new CookieJar());
      await signIn(fourth, 'margaret@example.org', 'apollo-11-code');
      const reuse = await fourth.createBrowserLoginFlow({ aal: 'aal2' });
      const reused = await failure(
        fourth.updateLoginFlow({
          flow: reuse.id,
          updateLoginFlowBody: {
            method: 'lookup_secret',
            lookup_secret: codes[0]!,
            csrf_token: csrf(reuse),
          },
        }),
      );
      expect(nodeMessages(reused.body as never, 'lookup_secret')).toEqual([4000016]);
    });

    it('logs out through a logout flow and forgets the session', async () => {
      const jar = new CookieJar();
      const sdk = server.sdk(jar);
      await signIn(sdk, 'commander@local', 'opsdeck-demo');
      const cookie = jar.cookies.get('ory_kratos_session');
      const logout = await sdk.createBrowserLogoutFlow({ returnTo: '/login' });
      expect(logout.logout_url).toContain('/api/.ory/self-service/logout?token=');
      await sdk.updateLogoutFlow({ token: logout.logout_token, returnTo: '/login' });
      expect(jar.cookies.has('ory_kratos_session')).toBe(false);
      expect((await failure(sdk.toSession())).body.error?.id).toBe('session_inactive');
      // The old cookie is dead on the server too, not just forgotten by the browser.
      const replay = await fetch(server.origin + '/api/auth/whoami', {
        headers: { cookie: `ory_kratos_session=${cookie}` },
      });
      expect(replay.status).toBe(401);
      expect((await failure(sdk.createBrowserLogoutFlow())).status).toBe(401);
    });

    it('ends idle sessions and sessions past their lifetime', async () => {
      const idle = server.sdk(new CookieJar());
      await signIn(idle, 'responder@local', 'opsdeck-demo');
      server.clock.offsetMs += 9 * 3600_000;
      expect((await failure(idle.toSession())).status).toBe(401);

      // Seen every 7 h it never idles out (8 h), yet it ends 24 h after sign-in.
      const busy = server.sdk(new CookieJar());
      await signIn(busy, 'responder@local', 'opsdeck-demo');
      for (let hours = 7; hours <= 21; hours += 7) {
        server.clock.offsetMs += 7 * 3600_000;
        await expect(busy.toSession()).resolves.toHaveProperty('active', true);
      }
      server.clock.offsetMs += 4 * 3600_000;
      expect((await failure(busy.toSession())).body.error?.id).toBe('session_inactive');
    });

    it('serves the same API under /api/kratos', async () => {
      const jar = new CookieJar();
      await signIn(server.sdk(jar), 'viewer@local', 'opsdeck-demo');
      const response = await jar.fetch(server.origin + '/api/kratos/sessions/whoami');
      expect(response.status).toBe(200);
    });
  },
);

describe('identity outside demo mode', () => {
  let database: TestDatabase;
  afterAll(async () => database?.close());

  it('creates only the configured first admin, with no default password, and hides the outbox', async () => {
    database = await pgliteDatabase();
    const bare = await startIdentityServer(database.db, { demo: false, env: {} });
    await failure(signIn(bare.sdk(new CookieJar()), 'admin@local', 'opsdeck-demo'));
    expect(bare.logs.some((line) => line.includes('OPSDECK_ADMIN_EMAIL is not set'))).toBe(true);
    expect((await fetch(bare.origin + '/api/dev/outbox')).status).toBe(404);
    await bare.close();

    const configured = await startIdentityServer(database.db, {
      demo: false,
      env: {
        OPSDECK_ADMIN_EMAIL: 'root@example.org',
        OPSDECK_ADMIN_PASSWORD: 'correct horse battery',
      },
    });
    await expect(
      signIn(configured.sdk(new CookieJar()), 'root@example.org', 'correct horse battery'),
    ).resolves.toHaveProperty('session');
    await configured.close();
  });
});

describe('identity on a database from before the flow code columns', () => {
  let database: TestDatabase;
  afterAll(async () => database?.close());

  it('adds the columns at start, twice over, and keeps an old lock', async () => {
    database = await pgliteDatabase();
    // The tables as the first release created them.
    await database.db.query(
      'CREATE TABLE identity_flows (id uuid PRIMARY KEY, kind text NOT NULL, record jsonb NOT NULL, expires_at timestamptz NOT NULL, created_at timestamptz NOT NULL DEFAULT now())',
    );
    await database.db.query(
      'CREATE TABLE identity_throttle (key text PRIMARY KEY, failures integer NOT NULL, window_start timestamptz NOT NULL, locked_until timestamptz)',
    );
    // That release stored a lock with its count reset to zero.
    await database.db.query(
      "INSERT INTO identity_throttle VALUES ('id:viewer@local', 0, now(), now() + interval '10 minutes')",
    );
    await (await startIdentityServer(database.db, { demo: true })).close();
    const server = await startIdentityServer(database.db, { demo: true });

    const locked = await failure(
      signIn(server.sdk(new CookieJar()), 'viewer@local', 'opsdeck-demo'),
    );
    expect(locked.body.ui?.messages?.map((m) => m.id)).toEqual([4000100]);

    const sdk = server.sdk(new CookieJar());
    const flow = await sdk.createBrowserRecoveryFlow();
    const sent = await sdk.updateRecoveryFlow({
      flow: flow.id,
      updateRecoveryFlowBody: { method: 'code', email: 'editor@local', csrf_token: csrf(flow) },
    });
    const done = await failure(
      sdk.updateRecoveryFlow({
        flow: flow.id,
        updateRecoveryFlowBody: {
          method: 'code',
          code: latestCode(server.logs, 'editor@local'),
          csrf_token: csrf(sent),
        },
      }),
    );
    expect(done.status).toBe(422);
    await server.close();
  });
});
