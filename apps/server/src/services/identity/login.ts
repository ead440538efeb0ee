import type { Context } from 'hono';
import {
  allowedReturnTo,
  apiBase,
  clientAddress,
  csrfValid,
  currentSession,
  errors,
  isExpired,
  needsSecondFactor,
  newFlow,
  readBody,
  sendError,
  sessionFromToken,
  setSessionCookie,
  str,
  uiUrl,
  wantsJson,
  type ActiveSession,
  type Services,
} from './context.ts';
import { hashPassword, sha256, totpStep, verifyPassword, type ScryptCost } from './crypto.ts';
import { flowJson, sessionJson } from './present.ts';
import type { FlowRecord, IdentityRecord, PasswordConfig, TotpConfig } from './store.ts';
import { clearFailures, reserveAttempt, throttleKeys } from './throttle.ts';
import {
  csrfNode,
  inputNode,
  submitNode,
  text,
  withFieldMessages,
  type UiNode,
  type UiText,
} from './ui.ts';

interface Render {
  identity?: IdentityRecord;
  identifier?: string;
  messages?: UiText[];
  fieldMessages?: Record<string, UiText[]>;
}

async function renderLogin(
  services: Services,
  c: Context,
  flow: FlowRecord,
  render: Render = {},
): Promise<void> {
  const nodes: UiNode[] = [csrfNode(flow.csrfToken)];
  const messages: UiText[] = [];
  if (flow.requestedAal === 'aal2' && flow.identityId) {
    const types = await services.store.credentialTypes(flow.identityId);
    if (types.includes('totp')) {
      nodes.push(
        inputNode('totp', 'totp_code', 'text', {
          value: '',
          required: true,
          autocomplete: 'one-time-code',
          label: text.authenticationCode,
        }),
        submitNode('totp', 'method', 'totp', text.useAuthenticator),
      );
    }
    if (types.includes('lookup_secret')) {
      nodes.push(
        inputNode('lookup_secret', 'lookup_secret', 'text', {
          value: '',
          required: true,
          autocomplete: 'off',
          label: text.backupCode,
        }),
        submitNode('lookup_secret', 'method', 'lookup_secret', text.useBackupCode),
      );
    }
    messages.push(text.secondFactor);
  } else if (flow.refresh && render.identity) {
    nodes.push(
      inputNode('default', 'identifier', 'hidden', {
        value: render.identity.email,
        required: true,
      }),
      inputNode('password', 'password', 'password', {
        required: true,
        autocomplete: 'current-password',
        label: text.password,
      }),
      submitNode('password', 'method', 'password', text.signIn),
    );
    messages.push(text.confirmAction);
  } else {
    nodes.push(
      inputNode('default', 'identifier', 'text', {
        value: render.identifier ?? '',
        required: true,
        autocomplete: 'username',
        label: text.identifier,
      }),
      inputNode('password', 'password', 'password', {
        required: true,
        autocomplete: 'current-password',
        label: text.password,
      }),
      submitNode('password', 'method', 'password', text.signIn),
    );
  }
  messages.push(...(render.messages ?? []));
  flow.ui = {
    action: `${apiBase(c)}/self-service/login?flow=${flow.id}`,
    method: 'POST',
    nodes: withFieldMessages(nodes, render.fieldMessages ?? {}),
    ...(messages.length ? { messages } : {}),
  };
  await services.store.saveFlow(flow);
}

export async function createLoginFlow(services: Services, c: Context): Promise<Response> {
  const refresh = c.req.query('refresh') === 'true';
  const returnTo = c.req.query('return_to');
  if (returnTo && !allowedReturnTo(services, c, returnTo))
    return sendError(c, errors.returnToForbidden(returnTo));
  const active = await currentSession(services, c);
  let aal: 'aal1' | 'aal2' = c.req.query('aal') === 'aal2' ? 'aal2' : 'aal1';
  if (active && !refresh) {
    // A session still owing its second factor can only continue with an aal2 flow.
    if (await needsSecondFactor(services, active)) aal = 'aal2';
    else return sendError(c, errors.alreadySignedIn());
  }
  if (aal === 'aal2' && !active) return sendError(c, errors.sessionInactive());
  const flow = newFlow(services, c, 'login', {
    refresh: refresh && Boolean(active),
    requestedAal: aal,
    returnTo,
    identityId: active?.identity.id,
  });
  await renderLogin(services, c, flow, { identity: active?.identity });
  if (!wantsJson(c)) return c.redirect(uiUrl(services, c, '/login', { flow: flow.id }), 303);
  return c.json(flowJson(flow));
}

export async function getLoginFlow(services: Services, c: Context): Promise<Response> {
  const flow = await services.store.flow(c.req.query('id') ?? '', 'login');
  if (!flow) return sendError(c, errors.notFound());
  if (isExpired(services, flow)) return expiredLogin(services, c, flow);
  return c.json(flowJson(flow));
}

async function expiredLogin(services: Services, c: Context, flow: FlowRecord): Promise<Response> {
  const replacement = newFlow(services, c, 'login', {
    returnTo: flow.returnTo,
    refresh: flow.refresh,
    requestedAal: flow.requestedAal,
    identityId: flow.identityId,
  });
  const active = await currentSession(services, c);
  await renderLogin(services, c, replacement, { identity: active?.identity });
  return sendError(c, errors.expired(flow, services.options.now(), replacement.id));
}

// Compared against when the identifier is unknown, so both answers take the same time: one per
// scrypt cost, as servers of one process (tests) may hash at different costs.
const dummyHashes = new Map<string, Promise<string>>();
function dummyHash(cost: ScryptCost | undefined): Promise<string> {
  const key = cost ? `${cost.N}:${cost.r}:${cost.p}` : 'default';
  let hash = dummyHashes.get(key);
  if (!hash) dummyHashes.set(key, (hash = hashPassword('not-a-password', cost)));
  return hash;
}

export async function updateLoginFlow(services: Services, c: Context): Promise<Response> {
  const flow = await services.store.flow(c.req.query('flow') ?? '', 'login');
  if (!flow) return sendError(c, errors.notFound());
  if (isExpired(services, flow)) return expiredLogin(services, c, flow);
  const body = await readBody(c);
  if (!csrfValid(c, flow, body.csrf_token)) return sendError(c, errors.csrf());
  const active = await currentSession(services, c);
  const method = str(body.method);
  if (flow.requestedAal === 'aal2' || flow.refresh) {
    // The flow belongs to the session it was made for; a different one restarts it.
    if (!active) return sendError(c, errors.sessionInactive());
    if (active.identity.id !== flow.identityId) return sendError(c, errors.identityMismatch());
  } else if (active && !(await needsSecondFactor(services, active))) {
    return sendError(c, errors.alreadySignedIn());
  }
  if (method === 'password' && flow.requestedAal !== 'aal2')
    return passwordLogin(services, c, flow, body, active);
  if (method === 'totp' && flow.requestedAal === 'aal2' && active)
    return totpLogin(services, c, flow, body, active);
  if (method === 'lookup_secret' && flow.requestedAal === 'aal2' && active)
    return lookupLogin(services, c, flow, body, active);
  await renderLogin(services, c, flow, {
    identity: active?.identity,
    messages: [
      {
        id: 4010002,
        text: 'Could not find a strategy to log you in with. Did you fill out the form correctly?',
        type: 'error',
      },
    ],
  });
  return c.json(flowJson(flow), 400);
}

async function passwordLogin(
  services: Services,
  c: Context,
  flow: FlowRecord,
  body: Record<string, unknown>,
  active: ActiveSession | undefined,
): Promise<Response> {
  const identifier = flow.refresh && active ? active.identity.email : str(body.identifier).trim();
  const password = str(body.password);
  const fieldMessages: Record<string, UiText[]> = {};
  if (!identifier) fieldMessages.identifier = [text.missing('identifier')];
  if (!password) fieldMessages.password = [text.missing('password')];
  if (Object.keys(fieldMessages).length) {
    await renderLogin(services, c, flow, { identity: active?.identity, identifier, fieldMessages });
    return c.json(flowJson(flow), 400);
  }
  // The attempt counts as a failure before the password is checked; only a success takes it back.
  const keys = throttleKeys(identifier, clientAddress(services, c));
  if (!(await reserveAttempt(services, keys))) {
    await renderLogin(services, c, flow, {
      identity: active?.identity,
      identifier,
      messages: [text.throttled],
    });
    return c.json(flowJson(flow), 400);
  }
  const identity = await services.store.identityByEmail(identifier);
  const credential =
    identity && (await services.store.credential<PasswordConfig>(identity.id, 'password'));
  const valid = await verifyPassword(
    password,
    credential?.hashed_password ?? (await dummyHash(services.options.scryptCost)),
  );
  if (!identity || !credential || !valid || identity.state !== 'active') {
    await renderLogin(services, c, flow, {
      identity: active?.identity,
      identifier,
      messages: [text.invalidCredentials],
    });
    return c.json(flowJson(flow), 400);
  }
  await clearFailures(services, keys);
  if (flow.refresh && active) {
    await services.store.completeMethod(
      active.session.id,
      'password',
      'aal1',
      services.options.now(),
    );
    return finishLogin(services, c, flow, active.token);
  }
  const { token } = await services.store.createSession(
    identity.id,
    'aal1',
    'password',
    services.options.sessionLifespanMs,
    services.options.now(),
  );
  setSessionCookie(services, c, token);
  return finishLogin(services, c, flow, token);
}

async function finishLogin(
  services: Services,
  c: Context,
  flow: FlowRecord,
  token: string,
): Promise<Response> {
  const active = await sessionFromToken(services, token);
  if (!active) return sendError(c, errors.sessionInactive());
  // The flow is spent: a replay must not sign in again.
  flow.expiresAt = new Date(0).toISOString();
  flow.state = 'passed_challenge';
  await services.store.saveFlow(flow);
  const returnTo = flow.returnTo ?? '/';
  const continueWith: Record<string, unknown>[] = [];
  if (await needsSecondFactor(services, active)) {
    continueWith.push({
      action: 'redirect_browser_to',
      redirect_browser_to: uiUrl(services, c, '/login', { aal: 'aal2', return_to: returnTo }),
    });
  }
  if (!wantsJson(c))
    return c.redirect(
      continueWith.length ? String(continueWith[0]?.redirect_browser_to) : returnTo,
      303,
    );
  return c.json({
    session: sessionJson(active.session, active.identity, apiBase(c)),
    ...(continueWith.length ? { continue_with: continueWith } : {}),
  });
}

async function totpLogin(
  services: Services,
  c: Context,
  flow: FlowRecord,
  body: Record<string, unknown>,
  active: ActiveSession,
): Promise<Response> {
  const code = str(body.totp_code).replace(/\s+/g, '');
  const keys = throttleKeys(active.identity.email + '#totp', clientAddress(services, c));
  const config = await services.store.credential<TotpConfig>(active.identity.id, 'totp');
  if (!code) {
    await renderLogin(services, c, flow, {
      identity: active.identity,
      fieldMessages: { totp_code: [text.missing('totp_code')] },
    });
    return c.json(flowJson(flow), 400);
  }
  const allowed = await reserveAttempt(services, keys);
  const step = allowed && config ? totpStep(code, config.secret) : undefined;
  // A code already used (here or in a parallel request) is as wrong as a mistyped one.
  if (
    !allowed ||
    step === undefined ||
    !(await services.store.useTotpStep(active.identity.id, step))
  ) {
    await renderLogin(services, c, flow, {
      identity: active.identity,
      ...(allowed
        ? { fieldMessages: { totp_code: [text.invalidTotp] } }
        : { messages: [text.throttled] }),
    });
    return c.json(flowJson(flow), 400);
  }
  await clearFailures(services, keys);
  await services.store.completeMethod(active.session.id, 'totp', 'aal2', services.options.now());
  return finishLogin(services, c, flow, active.token);
}

async function lookupLogin(
  services: Services,
  c: Context,
  flow: FlowRecord,
  body: Record<string, unknown>,
  active: ActiveSession,
): Promise<Response> {
  const code = str(body.lookup_secret).trim();
  const keys = throttleKeys(active.identity.email + '#lookup', clientAddress(services, c));
  const allowed = code ? await reserveAttempt(services, keys) : false;
  // Marking the code used is the check: of parallel requests carrying it, one finds it unused.
  if (
    !allowed ||
    !(await services.store.useLookupCode(active.identity.id, sha256(code), services.options.now()))
  ) {
    const message = !code
      ? text.missing('lookup_secret')
      : allowed
        ? text.invalidLookupSecret
        : text.throttled;
    await renderLogin(services, c, flow, {
      identity: active.identity,
      fieldMessages: { lookup_secret: [message] },
    });
    return c.json(flowJson(flow), 400);
  }
  await clearFailures(services, keys);
  await services.store.completeMethod(
    active.session.id,
    'lookup_secret',
    'aal2',
    services.options.now(),
  );
  return finishLogin(services, c, flow, active.token);
}
