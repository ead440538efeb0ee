import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import {
  allowedReturnTo,
  apiBase,
  csrfValid,
  currentSession,
  errors,
  field,
  isExpired,
  newFlow,
  readBody,
  sendError,
  sessionFromToken,
  setSessionCookie,
  str,
  uiUrl,
  wantsJson,
  type Services,
} from './context.ts';
import { withActor } from '../../db/actor.ts';
import { hashPassword } from './crypto.ts';
import { flowJson, identityJson, sessionJson } from './present.ts';
import type { FlowRecord, IdentityTraits } from './store.ts';
import {
  csrfNode,
  inputNode,
  submitNode,
  text,
  withFieldMessages,
  type UiNode,
  type UiText,
} from './ui.ts';
import { startVerification } from './verification.ts';

export const minPasswordLength = 8;
const emailPattern = /^[^\s@]+@[^\s@]+$/;

/** The identity schema's traits as form fields: the same list drives registration and profile settings. */
export function traitNodes(
  group: 'default' | 'profile',
  traits: Partial<IdentityTraits> = {},
): UiNode[] {
  return [
    inputNode(group, 'traits.email', 'email', {
      value: traits.email ?? '',
      required: true,
      autocomplete: 'email',
      label: text.identifier,
    }),
    inputNode(group, 'traits.name.first', 'text', {
      value: traits.name?.first ?? '',
      autocomplete: 'given-name',
      label: text.trait('traits.name.first', 'First Name'),
    }),
    inputNode(group, 'traits.name.last', 'text', {
      value: traits.name?.last ?? '',
      autocomplete: 'family-name',
      label: text.trait('traits.name.last', 'Last Name'),
    }),
  ];
}

export function readTraits(body: Record<string, unknown>): IdentityTraits {
  return {
    email: field(body, 'traits.email').trim(),
    name: {
      first: field(body, 'traits.name.first').trim(),
      last: field(body, 'traits.name.last').trim(),
    },
  };
}

export function validateTraits(traits: IdentityTraits): Record<string, UiText[]> {
  if (!traits.email) return { 'traits.email': [text.missing('email')] };
  if (!emailPattern.test(traits.email))
    return { 'traits.email': [text.invalidFormat(traits.email, 'email')] };
  return {};
}

export function validatePassword(password: string, email: string): UiText[] {
  if (!password) return [text.missing('password')];
  if (password.length < minPasswordLength) return [text.passwordTooShort(password.length)];
  if (email && password.toLowerCase() === email.toLowerCase())
    return [text.passwordSameAsIdentifier];
  return [];
}

async function render(
  services: Services,
  c: Context,
  flow: FlowRecord,
  traits: Partial<IdentityTraits>,
  fieldMessages: Record<string, UiText[]> = {},
  messages: UiText[] = [],
) {
  const nodes = [
    csrfNode(flow.csrfToken),
    ...traitNodes('default', traits),
    inputNode('password', 'password', 'password', {
      required: true,
      autocomplete: 'new-password',
      label: text.password,
    }),
    submitNode('password', 'method', 'password', text.signUp),
  ];
  flow.ui = {
    action: `${apiBase(c)}/self-service/registration?flow=${flow.id}`,
    method: 'POST',
    nodes: withFieldMessages(nodes, fieldMessages),
    ...(messages.length ? { messages } : {}),
  };
  await services.store.saveFlow(flow);
}

export async function createRegistrationFlow(services: Services, c: Context): Promise<Response> {
  const returnTo = c.req.query('return_to');
  const afterVerificationReturnTo = c.req.query('after_verification_return_to');
  for (const target of [returnTo, afterVerificationReturnTo]) {
    if (target && !allowedReturnTo(services, c, target))
      return sendError(c, errors.returnToForbidden(target));
  }
  if (await currentSession(services, c)) return sendError(c, errors.alreadySignedIn());
  const flow = newFlow(services, c, 'registration', { returnTo, afterVerificationReturnTo });
  await render(services, c, flow, {});
  if (!wantsJson(c)) return c.redirect(uiUrl(services, c, '/registration', { flow: flow.id }), 303);
  return c.json(flowJson(flow));
}

export async function getRegistrationFlow(services: Services, c: Context): Promise<Response> {
  const flow = await services.store.flow(c.req.query('id') ?? '', 'registration');
  if (!flow) return sendError(c, errors.notFound());
  if (isExpired(services, flow)) return expired(services, c, flow);
  return c.json(flowJson(flow));
}

async function expired(services: Services, c: Context, flow: FlowRecord): Promise<Response> {
  const replacement = newFlow(services, c, 'registration', {
    returnTo: flow.returnTo,
    afterVerificationReturnTo: flow.afterVerificationReturnTo,
  });
  await render(services, c, replacement, {});
  return sendError(c, errors.expired(flow, services.options.now(), replacement.id));
}

export async function updateRegistrationFlow(services: Services, c: Context): Promise<Response> {
  const flow = await services.store.flow(c.req.query('flow') ?? '', 'registration');
  if (!flow) return sendError(c, errors.notFound());
  if (isExpired(services, flow)) return expired(services, c, flow);
  const body = await readBody(c);
  if (!csrfValid(c, flow, body.csrf_token)) return sendError(c, errors.csrf());
  if (await currentSession(services, c)) return sendError(c, errors.alreadySignedIn());
  const traits = readTraits(body);
  const password = str(body.password);
  if (str(body.method) !== 'password') {
    await render(services, c, flow, traits, {}, [
      {
        id: 4010002,
        text: 'Could not find a strategy to sign you up with. Did you fill out the form correctly?',
        type: 'error',
      },
    ]);
    return c.json(flowJson(flow), 400);
  }
  const fieldMessages = validateTraits(traits);
  const passwordMessages = validatePassword(password, traits.email);
  if (passwordMessages.length) fieldMessages.password = passwordMessages;
  if (Object.keys(fieldMessages).length) {
    await render(services, c, flow, traits, fieldMessages);
    return c.json(flowJson(flow), 400);
  }
  const hashed = await hashPassword(password, services.options.scryptCost);
  // Identity, password and person (signed in) are written together or not at all, by one
  // statement the audit records once per table as the new person's own.
  const id = randomUUID();
  const identity = await withActor(id, () =>
    services.store.createIdentity(traits, id, hashed, true),
  );
  if (!identity) {
    await render(services, c, flow, traits, { 'traits.email': [text.duplicateIdentifier] });
    return c.json(flowJson(flow), 400);
  }
  const { token } = await services.store.createSession(
    identity.id,
    'aal1',
    'password',
    services.options.sessionLifespanMs,
    services.options.now(),
    false,
  );
  setSessionCookie(services, c, token);
  flow.expiresAt = new Date(0).toISOString();
  flow.state = 'passed_challenge';
  await services.store.saveFlow(flow);
  const verification = await startVerification(
    services,
    c,
    identity.email,
    flow.afterVerificationReturnTo,
  );
  const active = await sessionFromToken(services, token);
  const continueWith = [
    {
      action: 'show_verification_ui',
      flow: {
        id: verification.id,
        verifiable_address: identity.email,
        url: uiUrl(services, c, '/verification', { flow: verification.id }),
      },
    },
  ];
  if (!wantsJson(c)) return c.redirect(flow.returnTo ?? '/', 303);
  return c.json({
    identity: identityJson(identity, apiBase(c)),
    ...(active ? { session: sessionJson(active.session, active.identity, apiBase(c)) } : {}),
    continue_with: continueWith,
  });
}
