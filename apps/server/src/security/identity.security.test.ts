import type { FrontendApi, LoginFlow, SettingsFlow, UiNodeTextAttributes } from '@ory/client-fetch';
import { authenticator } from 'otplib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import {
  CookieJar,
  csrf,
  failure,
  latestCode,
  startIdentityServer,
  type IdentityServer,
} from '../services/identity/identity.test.helper.ts';
import { testDatabases, type TestDatabaseTarget } from '../testing/databases.ts';

// Issue 17, identity service: throttles and one-time codes counted atomically (#3), registering an
// address a person already holds (#4), and tests that catch a broken CSRF check or session lifetime (#16).

interface UiBody {
  status: number;
  body: {
    error?: { id?: string };
    ui?: {
      messages?: { id: number }[];
      nodes: { attributes: Record<string, unknown>; messages: { id: number }[] }[];
    };
  };
}

const invalidCredentials = 4000006;
const invalidTotp = 4000008;
const throttled = 4000100;
const invalidLookup = 4000016;
const invalidRecoveryCode = 4060006;
const duplicateIdentifier = 4000007;

function flowMessages(reply: UiBody): number[] {
  return (reply.body.ui?.messages ?? []).map((message) => message.id);
}

function fieldMessages(reply: UiBody, name: string): number[] {
  return (reply.body.ui?.nodes ?? [])
    .filter((node) => node.attributes.name === name)
    .flatMap((node) => node.messages.map((message) => message.id));
}

/** Every message id of a reply, on the flow and on its fields. */
function allMessages(reply: UiBody): number[] {
  return [
    ...flowMessages(reply),
    ...(reply.body.ui?.nodes ?? []).flatMap((node) => node.messages.map((message) => message.id)),
  ];
}

/** Resolves every call, turning SDK failures into their status and body. */
function settle(call: Promise<unknown>): Promise<UiBody> {
  return call.then(
    (body) => ({ status: 200, body: body as UiBody['body'] }),
    (error: unknown) => failure(Promise.reject(error)) as Promise<UiBody>,
  );
}

function count(values: number[][], id: number): number {
  return values.filter((ids) => ids.includes(id)).length;
}

/** The token with its first character changed: always wrong (a fixed 'x' is right 1 time in 64 for base64url). */
function tampered(token: string): string {
  return (token.startsWith('x') ? 'y' : 'x') + token.slice(1);
}

async function signIn(sdk: FrontendApi, identifier: string, password: string) {
  const flow = await sdk.createBrowserLoginFlow();
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
      traits: { email, name: { first: 'Test', last: 'Person' } },
    },
  });
}

function secretOf(settings: SettingsFlow): string {
  const node = settings.ui.nodes.find(
    (candidate) => (candidate.attributes as { id?: string }).id === 'totp_secret_key',
  );
  return String(
    ((node?.attributes as UiNodeTextAttributes).text.context as { secret: string }).secret,
  );
}

/** A code of the next 30 s step: never the step the enrolment used, and still inside the ±1 window. */
function nextTotp(secret: string): string {
  return authenticator.clone({ epoch: Date.now() + 30_000 }).generate(secret);
}

describe.each(testDatabases('one'))(
  'identity hardening (issue 17) on $engine',
  (target: TestDatabaseTarget) => {
    let db: Database;
    let server: IdentityServer;

    beforeAll(async () => {
      db = await target.open();
      server = await startIdentityServer(db, { demo: true });
    });

    afterAll(async () => {
      await server?.close();
      await target.release();
    });

    // Every request comes from 127.0.0.1, so one test's failures would lock the next one's address.
    beforeEach(async () => {
      await db.query('DELETE FROM identity_throttle');
    });

    /** A person with TOTP and backup codes, and browsers signed in with the password only (aal1). */
    async function secondFactorPerson(email: string) {
      const sdk = server.sdk(new CookieJar());
      await register(sdk, email, 'second-factor-password');
      let settings = await sdk.createBrowserSettingsFlow();
      const secret = secretOf(settings);
      settings = await sdk.updateSettingsFlow({
        flow: settings.id,
        updateSettingsFlowBody: {
          method: 'totp',
          totp_code: authenticator.generate(secret),
          csrf_token: csrf(settings),
        },
      });
      settings = await sdk.updateSettingsFlow({
        flow: settings.id,
        updateSettingsFlowBody: {
          method: 'lookup_secret',
          lookup_secret_regenerate: true,
          csrf_token: csrf(settings),
        },
      });
      const list = settings.ui.nodes.find(
        (node) => (node.attributes as { id?: string }).id === 'lookup_secret_codes',
      );
      const codes = (
        (list?.attributes as UiNodeTextAttributes).text.context as {
          secrets: { context: { secret: string } }[];
        }
      ).secrets.map((s) => s.context.secret);
      await sdk.updateSettingsFlow({
        flow: settings.id,
        updateSettingsFlowBody: {
          method: 'lookup_secret',
          lookup_secret_confirm: true,
          csrf_token: csrf(settings),
        },
      });
      const browsers = async (howMany: number) => {
        const signedIn: { sdk: FrontendApi; flow: LoginFlow }[] = [];
        for (let index = 0; index < howMany; index++) {
          const browser = server.sdk(new CookieJar());
          await signIn(browser, email, 'second-factor-password');
          signedIn.push({
            sdk: browser,
            flow: await browser.createBrowserLoginFlow({ aal: 'aal2' }),
          });
        }
        await db.query('DELETE FROM identity_throttle');
        return signedIn;
      };
      return { secret, codes, browsers };
    }

    async function aal(sdk: FrontendApi): Promise<string | undefined> {
      const reply = await settle(sdk.toSession());
      return reply.status === 200
        ? (reply.body as { authenticator_assurance_level?: string }).authenticator_assurance_level
        : undefined;
    }

    it('#3 checks five of twenty parallel wrong passwords for one account and refuses the rest unchecked', async () => {
      const browsers = await Promise.all(
        Array.from({ length: 20 }, async () => {
          const sdk = server.sdk(new CookieJar());
          return { sdk, flow: await sdk.createBrowserLoginFlow() };
        }),
      );
      const replies = await Promise.all(
        browsers.map(({ sdk, flow }) =>
          settle(
            sdk.updateLoginFlow({
              flow: flow.id,
              updateLoginFlowBody: {
                method: 'password',
                identifier: 'guest@local',
                password: 'wrong-password',
                csrf_token: csrf(flow),
              },
            }),
          ),
        ),
      );
      expect(replies.every((reply) => reply.status === 400)).toBe(true);
      const messages = replies.map(flowMessages);
      expect(count(messages, invalidCredentials)).toBe(5);
      expect(count(messages, throttled)).toBe(15);
      // The account stays locked for the right password too.
      const locked = await settle(
        signIn(server.sdk(new CookieJar()), 'guest@local', 'opsdeck-demo'),
      );
      expect(flowMessages(locked)).toEqual([throttled]);
    });

    it('#3 checks five of twenty parallel TOTP codes and refuses the rest unchecked', async () => {
      const person = await secondFactorPerson('totp-burst@example.org');
      const [browser] = await person.browsers(1);
      const { sdk, flow } = browser!;
      const valid = nextTotp(person.secret);
      const wrong = Array.from({ length: 20 }, (_, index) =>
        String((Number(valid) + 1 + index) % 1_000_000).padStart(6, '0'),
      );
      const replies = await Promise.all(
        wrong.map((code) =>
          settle(
            sdk.updateLoginFlow({
              flow: flow.id,
              updateLoginFlowBody: { method: 'totp', totp_code: code, csrf_token: csrf(flow) },
            }),
          ),
        ),
      );
      const messages = replies.map(allMessages);
      expect(count(messages, invalidTotp)).toBe(5);
      expect(count(messages, throttled)).toBe(15);
      const after = await settle(
        sdk.updateLoginFlow({
          flow: flow.id,
          updateLoginFlowBody: { method: 'totp', totp_code: valid, csrf_token: csrf(flow) },
        }),
      );
      expect(allMessages(after)).toContain(throttled);
      expect(await aal(sdk)).toBeUndefined();
    });

    it('#3 accepts a TOTP code once: parallel sessions and a later replay are refused', async () => {
      const person = await secondFactorPerson('totp-replay@example.org');
      const browsers = await person.browsers(7);
      const code = nextTotp(person.secret);
      const parallel = browsers.slice(0, 6);
      const replies = await Promise.all(
        parallel.map(({ sdk, flow }) =>
          settle(
            sdk.updateLoginFlow({
              flow: flow.id,
              updateLoginFlowBody: { method: 'totp', totp_code: code, csrf_token: csrf(flow) },
            }),
          ),
        ),
      );
      expect(replies.filter((reply) => reply.status === 200)).toHaveLength(1);
      const levels = await Promise.all(parallel.map(({ sdk }) => aal(sdk)));
      expect(levels.filter((level) => level === 'aal2')).toHaveLength(1);
      await db.query('DELETE FROM identity_throttle');
      const { sdk, flow } = browsers[6]!;
      const replay = await settle(
        sdk.updateLoginFlow({
          flow: flow.id,
          updateLoginFlowBody: { method: 'totp', totp_code: code, csrf_token: csrf(flow) },
        }),
      );
      expect(replay.status).toBe(400);
      expect(fieldMessages(replay, 'totp_code')).toEqual([invalidTotp]);
      expect(await aal(sdk)).toBeUndefined();
    });

    it('#3 a backup code upgrades exactly one of six concurrent sessions', async () => {
      const person = await secondFactorPerson('lookup-race@example.org');
      const browsers = await person.browsers(6);
      const replies = await Promise.all(
        browsers.map(({ sdk, flow }) =>
          settle(
            sdk.updateLoginFlow({
              flow: flow.id,
              updateLoginFlowBody: {
                method: 'lookup_secret',
                lookup_secret: person.codes[0]!,
                csrf_token: csrf(flow),
              },
            }),
          ),
        ),
      );
      expect(replies.filter((reply) => reply.status === 200)).toHaveLength(1);
      expect(
        replies
          .filter((reply) => reply.status === 400)
          .every((reply) =>
            fieldMessages(reply, 'lookup_secret').some(
              (id) => id === invalidLookup || id === throttled,
            ),
          ),
      ).toBe(true);
      const levels = await Promise.all(browsers.map(({ sdk }) => aal(sdk)));
      expect(levels.filter((level) => level === 'aal2')).toHaveLength(1);
      // The other codes still work.
      await db.query('DELETE FROM identity_throttle');
      const loser = browsers[levels.findIndex((level) => level !== 'aal2')]!;
      await loser.sdk.updateLoginFlow({
        flow: loser.flow.id,
        updateLoginFlowBody: {
          method: 'lookup_secret',
          lookup_secret: person.codes[1]!,
          csrf_token: csrf(loser.flow),
        },
      });
      expect(await aal(loser.sdk)).toBe('aal2');
    });

    it('#3 counts recovery code attempts atomically: twenty parallel wrong codes burn the code, and a right code signs in once', async () => {
      await register(
        server.sdk(new CookieJar()),
        'recovery-burst@example.org',
        'recovery-password',
      );
      const sdk = server.sdk(new CookieJar());
      const flow = await sdk.createBrowserRecoveryFlow();
      const sent = await sdk.updateRecoveryFlow({
        flow: flow.id,
        updateRecoveryFlowBody: {
          method: 'code',
          email: 'recovery-burst@example.org',
          csrf_token: csrf(flow),
        },
      });
      const code = latestCode(server.logs, 'recovery-burst@example.org');
      const wrong = Array.from({ length: 20 }, (_, index) =>
        String((Number(code) + 1 + index) % 1_000_000).padStart(6, '0'),
      );
      const replies = await Promise.all(
        wrong.map((guess) =>
          settle(
            sdk.updateRecoveryFlow({
              flow: flow.id,
              updateRecoveryFlowBody: { method: 'code', code: guess, csrf_token: csrf(sent) },
            }),
          ),
        ),
      );
      expect(replies.every((reply) => reply.status === 400)).toBe(true);
      // Five wrong tries burn the code, however they arrive.
      const late = await settle(
        sdk.updateRecoveryFlow({
          flow: flow.id,
          updateRecoveryFlowBody: { method: 'code', code, csrf_token: csrf(sent) },
        }),
      );
      expect(late.status).toBe(400);
      expect(flowMessages(late)).toEqual([invalidRecoveryCode]);

      // A fresh code sent to five browsers' worth of parallel submissions signs in once.
      const again = await sdk.createBrowserRecoveryFlow();
      const resent = await sdk.updateRecoveryFlow({
        flow: again.id,
        updateRecoveryFlowBody: {
          method: 'code',
          email: 'recovery-burst@example.org',
          csrf_token: csrf(again),
        },
      });
      const fresh = latestCode(server.logs, 'recovery-burst@example.org');
      const winners = await Promise.all(
        Array.from({ length: 5 }, () =>
          settle(
            sdk.updateRecoveryFlow({
              flow: again.id,
              updateRecoveryFlowBody: { method: 'code', code: fresh, csrf_token: csrf(resent) },
            }),
          ),
        ),
      );
      expect(winners.filter((reply) => reply.status === 422)).toHaveLength(1);
      // The rest find the code taken (400) or, arriving after the winner, the flow spent (410).
      expect(winners.filter((reply) => reply.status === 400 || reply.status === 410)).toHaveLength(
        4,
      );
    });

    it('#3 counts verification code attempts atomically', async () => {
      await register(server.sdk(new CookieJar()), 'verify-burst@example.org', 'verify-password');
      const sdk = server.sdk(new CookieJar());
      const own = await sdk.createBrowserVerificationFlow();
      const sent = await sdk.updateVerificationFlow({
        flow: own.id,
        updateVerificationFlowBody: {
          method: 'code',
          email: 'verify-burst@example.org',
          csrf_token: csrf(own),
        },
      });
      expect(sent.state).toBe('sent_email');
      const code = latestCode(server.logs, 'verify-burst@example.org');
      const wrong = Array.from({ length: 20 }, (_, index) =>
        String((Number(code) + 1 + index) % 1_000_000).padStart(6, '0'),
      );
      await Promise.all(
        wrong.map((guess) =>
          settle(
            sdk.updateVerificationFlow({
              flow: own.id,
              updateVerificationFlowBody: { method: 'code', code: guess, csrf_token: csrf(sent) },
            }),
          ),
        ),
      );
      const late = await settle(
        sdk.updateVerificationFlow({
          flow: own.id,
          updateVerificationFlowBody: { method: 'code', code, csrf_token: csrf(sent) },
        }),
      );
      expect(late.status).toBe(400);
      const identity = await db.query<{ email_verified: boolean }>(
        "SELECT email_verified FROM identity_identities WHERE email = 'verify-burst@example.org'",
      );
      expect(identity.rows[0]?.email_verified).toBe(false);
    });

    it('#3 limits code resends per flow and per address, the same for unknown addresses', async () => {
      const sent = (email: string) =>
        server.logs.filter((line) => line.includes(`to=${email} `)).length;
      await register(server.sdk(new CookieJar()), 'resend@example.org', 'resend-password');
      const before = sent('resend@example.org');
      const sdk = server.sdk(new CookieJar());

      const send = (browser: FrontendApi, flowId: string, email: string, token: string) =>
        settle(
          browser.updateRecoveryFlow({
            flow: flowId,
            updateRecoveryFlowBody: { method: 'code', email, csrf_token: token },
          }),
        );

      // One flow: the first send and two resends go out, the next resend is refused with a message.
      const flow = await sdk.createBrowserRecoveryFlow();
      const perFlow: UiBody[] = [];
      for (let attempt = 0; attempt < 5; attempt++)
        perFlow.push(await send(sdk, flow.id, 'resend@example.org', csrf(flow)));
      expect(perFlow.map((reply) => reply.status)).toEqual([200, 200, 200, 400, 400]);
      expect(flowMessages(perFlow[3]!)).toEqual([4000101]);
      expect(sent('resend@example.org') - before).toBe(3);
      // The last code delivered still works after a refused resend.
      const code = latestCode(server.logs, 'resend@example.org');
      const recovered = await settle(
        sdk.updateRecoveryFlow({
          flow: flow.id,
          updateRecoveryFlowBody: { method: 'code', code, csrf_token: csrf(flow) },
        }),
      );
      expect(recovered.status).toBe(422);

      // Per address, across new flows of both kinds: five in the window (registration sent one, the
      // refused resends above count for nothing).
      const other = server.sdk(new CookieJar());
      const verification = await other.createBrowserVerificationFlow();
      const replies = [
        await settle(
          other.updateVerificationFlow({
            flow: verification.id,
            updateVerificationFlowBody: {
              method: 'code',
              email: 'resend@example.org',
              csrf_token: csrf(verification),
            },
          }),
        ),
      ];
      const recovery = await other.createBrowserRecoveryFlow();
      replies.push(
        await settle(
          other.updateRecoveryFlow({
            flow: recovery.id,
            updateRecoveryFlowBody: {
              method: 'code',
              email: 'resend@example.org',
              csrf_token: csrf(recovery),
            },
          }),
        ),
      );
      expect(replies.map((reply) => reply.status)).toEqual([200, 400]);
      expect(flowMessages(replies[1]!)).toEqual([4000101]);
      expect(sent('resend@example.org') - before).toBe(4);

      // An unknown address gets the same answers, so the limit reveals nothing.
      const ghost = server.sdk(new CookieJar());
      const ghostReplies: number[] = [];
      for (let index = 0; index < 6; index++) {
        const ghostFlow = await ghost.createBrowserRecoveryFlow();
        ghostReplies.push(
          (
            await settle(
              ghost.updateRecoveryFlow({
                flow: ghostFlow.id,
                updateRecoveryFlowBody: {
                  method: 'code',
                  email: 'ghost-resend@example.org',
                  csrf_token: csrf(ghostFlow),
                },
              }),
            )
          ).status,
        );
      }
      expect(ghostReplies).toEqual([200, 200, 200, 200, 200, 400]);

      // After the window the address may be sent codes again.
      server.clock.offsetMs += 16 * 60_000;
      const later = await other.createBrowserRecoveryFlow();
      expect((await send(other, later.id, 'resend@example.org', csrf(later))).status).toBe(200);
      expect(sent('resend@example.org') - before).toBe(5);
    });

    it('#4 refuses to register an address a person already holds, on the email field, leaving nothing behind', async () => {
      await db.query(
        "INSERT INTO people (id, name, email) VALUES ('22222222-2222-4222-8222-222222222222', 'Held Person', 'held@example.org')",
      );
      await db.query(
        "INSERT INTO people (id, name, email) VALUES ('33333333-3333-4333-8333-333333333333', 'Mixed Case', 'Mixed.Case@Example.org')",
      );
      for (const email of ['held@example.org', 'HELD@example.org', 'mixed.case@example.org']) {
        const reply = await settle(
          register(server.sdk(new CookieJar()), email, 'takeover-password'),
        );
        expect(reply.status).toBe(400);
        expect(fieldMessages(reply, 'traits.email')).toEqual([duplicateIdentifier]);
        await expect(
          failure(signIn(server.sdk(new CookieJar()), email, 'takeover-password')),
        ).resolves.toMatchObject({ status: 400 });
      }
      const identities = await db.query(
        "SELECT id FROM identity_identities WHERE email IN ('held@example.org', 'mixed.case@example.org')",
      );
      expect(identities.rows).toEqual([]);
      const passwordless = await db.query(
        "SELECT i.email FROM identity_identities i LEFT JOIN identity_credentials c ON c.identity_id = i.id AND c.type = 'password' WHERE c.identity_id IS NULL",
      );
      expect(passwordless.rows).toEqual([]);
      const people = await db.query<{ name: string }>(
        "SELECT name FROM people WHERE lower(email) IN ('held@example.org', 'mixed.case@example.org') ORDER BY name",
      );
      expect(people.rows.map((row) => row.name)).toEqual(['Held Person', 'Mixed Case']);

      // Two browsers racing for one new address: one account, one clear refusal, no 500.
      const race = await Promise.all(
        [0, 1].map(() =>
          settle(register(server.sdk(new CookieJar()), 'race@example.org', 'race-password')),
        ),
      );
      expect(race.map((reply) => reply.status).sort()).toEqual([200, 400]);
      expect(
        fieldMessages(
          race.find((reply) => reply.status === 400)!,
          'traits.email',
        ),
      ).toEqual([duplicateIdentifier]);
    });

    it('#4 refuses a profile email a person already holds and changes nothing', async () => {
      await db.query(
        "INSERT INTO people (id, name, email) VALUES ('44444444-4444-4444-8444-444444444444', 'Other Person', 'other-person@example.org')",
      );
      const jar = new CookieJar();
      const sdk = server.sdk(jar);
      const registered = await register(sdk, 'mover@example.org', 'mover-password');
      const flow = await sdk.createBrowserSettingsFlow();
      const reply = await settle(
        sdk.updateSettingsFlow({
          flow: flow.id,
          updateSettingsFlowBody: {
            method: 'profile',
            csrf_token: csrf(flow),
            traits: { email: 'Other-Person@example.org', name: { first: 'Mo', last: 'Ver' } },
          },
        }),
      );
      expect(reply.status).toBe(400);
      expect(fieldMessages(reply, 'traits.email')).toEqual([duplicateIdentifier]);
      const identity = await db.query<{ email: string }>(
        'SELECT email FROM identity_identities WHERE id = $1',
        [registered.identity.id],
      );
      expect(identity.rows[0]?.email).toBe('mover@example.org');
      const person = await db.query<{ email: string; name: string }>(
        'SELECT email, name FROM people WHERE id = $1',
        [registered.identity.id],
      );
      expect(person.rows[0]).toEqual({ email: 'mover@example.org', name: 'Test Person' });
      expect((await sdk.toSession()).identity?.traits).toMatchObject({
        email: 'mover@example.org',
      });
      // Taking an address another identity holds is refused the same way.
      const again = await sdk.createBrowserSettingsFlow();
      const taken = await settle(
        sdk.updateSettingsFlow({
          flow: again.id,
          updateSettingsFlowBody: {
            method: 'profile',
            csrf_token: csrf(again),
            traits: { email: 'guest@local', name: { first: 'Mo' } },
          },
        }),
      );
      expect(taken.status).toBe(400);
      expect(fieldMessages(taken, 'traits.email')).toEqual([duplicateIdentifier]);
    });

    it('#16 refuses a wrong CSRF token even with the browser’s own CSRF cookie, in every flow', async () => {
      const jar = new CookieJar();
      const sdk = server.sdk(jar);
      const login = await sdk.createBrowserLoginFlow();
      const otherLogin = await sdk.createBrowserLoginFlow();
      expect(jar.cookies.has('opsdeck_csrf')).toBe(true);
      // A made-up token, and a real token of this browser's other flow.
      for (const token of ['not-the-token', csrf(otherLogin)]) {
        const reply = await settle(
          sdk.updateLoginFlow({
            flow: login.id,
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
      const registration = await sdk.createBrowserRegistrationFlow();
      const registered = await settle(
        sdk.updateRegistrationFlow({
          flow: registration.id,
          updateRegistrationFlowBody: {
            method: 'password',
            password: 'csrf-password',
            csrf_token: csrf(otherLogin),
            traits: { email: 'csrf@example.org' },
          },
        }),
      );
      expect(registered.status).toBe(403);
      const recovery = await sdk.createBrowserRecoveryFlow();
      expect(
        (
          await settle(
            sdk.updateRecoveryFlow({
              flow: recovery.id,
              updateRecoveryFlowBody: {
                method: 'code',
                email: 'admin@local',
                csrf_token: tampered(csrf(recovery)),
              },
            }),
          )
        ).status,
      ).toBe(403);
      const verification = await sdk.createBrowserVerificationFlow();
      expect(
        (
          await settle(
            sdk.updateVerificationFlow({
              flow: verification.id,
              updateVerificationFlowBody: {
                method: 'code',
                email: 'admin@local',
                csrf_token: csrf(login),
              },
            }),
          )
        ).status,
      ).toBe(403);
      await signIn(sdk, 'admin@local', 'opsdeck-demo');
      const settings = await sdk.createBrowserSettingsFlow();
      const profile = await settle(
        sdk.updateSettingsFlow({
          flow: settings.id,
          updateSettingsFlowBody: {
            method: 'password',
            password: 'hijacked-password',
            csrf_token: csrf(login),
          },
        }),
      );
      expect(profile.status).toBe(403);
      expect(profile.body.error?.id).toBe('security_csrf_violation');
      // Nothing was changed by the refused submissions.
      await expect(
        signIn(server.sdk(new CookieJar()), 'admin@local', 'opsdeck-demo'),
      ).resolves.toHaveProperty('session');
      expect(
        (await db.query("SELECT 1 FROM identity_identities WHERE email = 'csrf@example.org'")).rows,
      ).toEqual([]);
    });

    it('#16 ends a session at its 24 h lifetime even while it keeps being used', async () => {
      const jar = new CookieJar();
      const sdk = server.sdk(jar);
      await signIn(sdk, 'viewer@local', 'opsdeck-demo');
      // Used every 7 h, the session never idles out (8 h) …
      for (let hours = 7; hours <= 21; hours += 7) {
        server.clock.offsetMs += 7 * 3600_000;
        expect((await sdk.toSession()).identity?.traits).toMatchObject({ email: 'viewer@local' });
      }
      // … but 25 h after sign-in it is over, for the SDK and for the rest of the server.
      server.clock.offsetMs += 4 * 3600_000;
      expect((await failure(sdk.toSession())).body.error?.id).toBe('session_inactive');
      expect((await jar.fetch(server.origin + '/api/auth/whoami')).status).toBe(401);
    });
  },
);
