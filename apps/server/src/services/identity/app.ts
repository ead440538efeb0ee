import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { refuseUnknownHost } from '../../http/host.ts';
import {
  allowedReturnTo,
  apiBase,
  clearSessionCookie,
  createServices,
  currentSession,
  errors,
  needsSecondFactor,
  sendError,
  sessionCookieName,
  sessionFromToken,
  socketAddress,
  uiUrl,
  usePublicOrigin,
  wantsJson,
  type IdentityOptions,
  type Services,
} from './context.ts';
import { createBasicSignIn, type BasicSignIn, type IdentityUser } from './basic.ts';
import { acceptInvitation } from './invites.ts';
import { createLoginFlow, getLoginFlow, updateLoginFlow } from './login.ts';
import { sessionJson } from './present.ts';
import { createRecoveryFlow, getRecoveryFlow, updateRecoveryFlow } from './recovery.ts';
import {
  createRegistrationFlow,
  getRegistrationFlow,
  updateRegistrationFlow,
} from './registration.ts';
import { bootstrapIdentities, type BootstrapResult } from './seed.ts';
import { createSettingsFlow, getSettingsFlow, updateSettingsFlow } from './settings.ts';
import { displayName } from './store.ts';
import {
  createVerificationFlow,
  getVerificationFlow,
  updateVerificationFlow,
} from './verification.ts';

/** The signed-in person as the rest of the server sees them. */
export interface SessionUser extends IdentityUser {
  sessionId: string;
}

export interface IdentityService {
  /** Kratos's public API; mount at `/api/.ory` and `/api/kratos`. */
  app: Hono;
  /**
   * `GET /outbox` (mount at `/api/dev`): delivered codes, in demo mode only, to whom `outboxAccess`
   * grants it (admins), or to anyone with `devOutbox` (a loopback bind).
   */
  devApp: Hono;
  /**
   * Creates the first identities (demo people, or the configured admin). The tables come from the
   * identity module's migrations (./migrations), applied by the server's runner before this.
   */
  init(): Promise<BootstrapResult>;
  /** Resolves the `ory_kratos_session` cookie to a fully signed-in user, or null. */
  sessionUser(request: Request): Promise<SessionUser | null>;
  /**
   * HTTP Basic against the same password credentials and throttle as the login flow; never for an
   * account with a second factor. `peerAddress` is the socket's, for the per-address throttle.
   */
  basicUser(request: Request, peerAddress?: string): Promise<BasicSignIn>;
}

function readCookie(header: string | null, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

export function createIdentityService(options: IdentityOptions): IdentityService {
  const services: Services = createServices(options);
  const app = createIdentityApp(services);
  const devApp = new Hono();
  devApp.get('/outbox', async (c) => {
    const { demo, devOutbox, outboxAccess } = services.options;
    if (!demo) return c.json({ error: 'The outbox is only served in demo mode' }, 404);
    // Recovery codes sign people in: reading them is an administrator's power, never the public's.
    const access = devOutbox
      ? 'granted'
      : outboxAccess
        ? await outboxAccess(c.req.raw, socketAddress(c))
        : 'unauthenticated';
    if (access === 'unauthenticated')
      return c.json({ error: 'unauthorized', message: 'the outbox needs an administrator' }, 401);
    if (access === 'forbidden')
      return c.json({ error: 'forbidden', message: 'the outbox needs an administrator' }, 403);
    c.header('Cache-Control', 'private, no-store');
    return c.json(await services.store.outbox());
  });
  const basicSignIn = createBasicSignIn(services);
  return {
    app,
    devApp,
    async init() {
      return bootstrapIdentities(services, services.options.env);
    },
    async sessionUser(request) {
      const token =
        readCookie(request.headers.get('cookie'), sessionCookieName) ??
        request.headers.get('x-session-token') ??
        undefined;
      if (!token) return null;
      const active = await sessionFromToken(services, token);
      if (!active || (await needsSecondFactor(services, active))) return null;
      return {
        id: active.identity.id,
        name: displayName(active.identity.traits),
        email: active.identity.email,
        sessionId: active.session.id,
      };
    },
    basicUser: basicSignIn,
  };
}

function createIdentityApp(services: Services): Hono {
  const app = new Hono();
  // Flow actions and return_to come from the request's URL without --public-url: only our own.
  app.use('*', refuseUnknownHost({ publicUrl: services.options.publicUrl }));
  // Flow pages and the API share an origin; no caching of anything that carries a session or CSRF.
  app.use('*', async (c, next) => {
    usePublicOrigin(c, services.options.publicUrl);
    await next();
    c.header('Cache-Control', 'private, no-cache, no-store, must-revalidate');
  });

  app.get('/self-service/login/browser', (c) => createLoginFlow(services, c));
  app.get('/self-service/login/flows', (c) => getLoginFlow(services, c));
  app.post('/self-service/login', (c) => updateLoginFlow(services, c));

  app.get('/self-service/registration/browser', (c) => createRegistrationFlow(services, c));
  app.get('/self-service/registration/flows', (c) => getRegistrationFlow(services, c));
  app.post('/self-service/registration', (c) => updateRegistrationFlow(services, c));

  app.get('/self-service/recovery/browser', (c) => createRecoveryFlow(services, c));
  app.get('/self-service/recovery/flows', (c) => getRecoveryFlow(services, c));
  app.post('/self-service/recovery', (c) => updateRecoveryFlow(services, c));

  // An invitation link (POST /api/auth/invite_user): signs its person in once, to set a password.
  app.get('/self-service/invite', (c) => acceptInvitation(services, c));

  app.get('/self-service/verification/browser', (c) => createVerificationFlow(services, c));
  app.get('/self-service/verification/flows', (c) => getVerificationFlow(services, c));
  app.post('/self-service/verification', (c) => updateVerificationFlow(services, c));

  app.get('/self-service/settings/browser', (c) => createSettingsFlow(services, c));
  app.get('/self-service/settings/flows', (c) => getSettingsFlow(services, c));
  app.post('/self-service/settings', (c) => updateSettingsFlow(services, c));

  // Every error is answered inline as JSON; no error is ever parked for a redirect, so ids are unknown.
  app.get('/self-service/errors', (c) => sendError(c, errors.notFound()));

  app.get('/sessions/whoami', async (c) => {
    const active = await currentSession(services, c);
    if (!active) return sendError(c, errors.sessionInactive());
    if (await needsSecondFactor(services, active)) {
      return sendError(c, errors.aal2Required(uiUrl(services, c, '/login', { aal: 'aal2' })));
    }
    return c.json(sessionJson(active.session, active.identity, apiBase(c)));
  });

  app.get('/self-service/logout/browser', async (c) => {
    const active = await currentSession(services, c);
    if (!active) return sendError(c, errors.sessionInactive());
    const returnTo = c.req.query('return_to');
    const token = await services.store.newLogoutToken(active.session.id);
    const query = new URLSearchParams({ token, ...(returnTo ? { return_to: returnTo } : {}) });
    return c.json({
      logout_url: `${apiBase(c)}/self-service/logout?${query.toString()}`,
      logout_token: token,
    });
  });

  app.get('/self-service/logout', async (c) => {
    const token = c.req.query('token');
    const returnTo = c.req.query('return_to');
    if (!token || !(await services.store.revokeByLogoutToken(token))) {
      return sendError(
        c,
        errors.badRequest('Unable to log out because the logout token is missing or invalid.'),
      );
    }
    if (getCookie(c, sessionCookieName)) clearSessionCookie(services, c);
    if (wantsJson(c)) return c.body(null, 204);
    const safe =
      returnTo && allowedReturnTo(services, c, returnTo) ? returnTo : uiUrl(services, c, '/login');
    return c.redirect(safe, 303);
  });

  return app;
}
