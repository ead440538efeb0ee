import type { Context } from 'hono';
import {
  allowedReturnTo,
  apiBase,
  csrfValid,
  currentSession,
  errors,
  isExpired,
  newFlow,
  readBody,
  sendError,
  setSessionCookie,
  str,
  uiUrl,
  wantsJson,
  type Services,
} from './context.ts';
import { checkCode, issueCode } from './codes.ts';
import { deliver } from './outbox.ts';
import { flowJson } from './present.ts';
import { createSettingsFlowFor } from './settings.ts';
import type { FlowRecord } from './store.ts';
import { csrfNode, inputNode, submitNode, text, type UiNode, type UiText } from './ui.ts';

async function render(
  services: Services,
  c: Context,
  flow: FlowRecord,
  messages: UiText[] = [],
  emailMessages: UiText[] = [],
): Promise<void> {
  const nodes: UiNode[] =
    flow.state === 'sent_email'
      ? [
          csrfNode(flow.csrfToken),
          inputNode('code', 'code', 'text', {
            required: true,
            autocomplete: 'one-time-code',
            label: text.recoveryCode,
          }),
          inputNode('code', 'method', 'hidden', { value: 'code' }),
          submitNode('code', 'method', 'code', text.continue),
          submitNode('code', 'email', flow.email ?? '', text.resendCode),
        ]
      : [
          csrfNode(flow.csrfToken),
          inputNode('code', 'email', 'email', {
            required: true,
            autocomplete: 'email',
            label: text.email,
            messages: emailMessages,
          }),
          submitNode('code', 'method', 'code', text.continue),
        ];
  flow.ui = {
    action: `${apiBase(c)}/self-service/recovery?flow=${flow.id}`,
    method: 'POST',
    nodes,
    ...(messages.length ? { messages } : {}),
  };
  await services.store.saveFlow(flow);
}

export async function createRecoveryFlow(services: Services, c: Context): Promise<Response> {
  const returnTo = c.req.query('return_to');
  if (returnTo && !allowedReturnTo(services, c, returnTo))
    return sendError(c, errors.returnToForbidden(returnTo));
  if (await currentSession(services, c)) return sendError(c, errors.alreadySignedIn());
  const flow = newFlow(services, c, 'recovery', { returnTo });
  await render(services, c, flow);
  if (!wantsJson(c)) return c.redirect(uiUrl(services, c, '/recovery', { flow: flow.id }), 303);
  return c.json(flowJson(flow));
}

export async function getRecoveryFlow(services: Services, c: Context): Promise<Response> {
  const flow = await services.store.flow(c.req.query('id') ?? '', 'recovery');
  if (!flow) return sendError(c, errors.notFound());
  if (isExpired(services, flow)) return expired(services, c, flow);
  return c.json(flowJson(flow));
}

async function expired(services: Services, c: Context, flow: FlowRecord): Promise<Response> {
  const replacement = newFlow(services, c, 'recovery', { returnTo: flow.returnTo });
  await render(services, c, replacement);
  return sendError(c, errors.expired(flow, services.options.now(), replacement.id));
}

export async function updateRecoveryFlow(services: Services, c: Context): Promise<Response> {
  const flow = await services.store.flow(c.req.query('flow') ?? '', 'recovery');
  if (!flow) return sendError(c, errors.notFound());
  if (isExpired(services, flow)) return expired(services, c, flow);
  const body = await readBody(c);
  if (!csrfValid(c, flow, body.csrf_token)) return sendError(c, errors.csrf());
  const code = str(body.code).trim();
  const email = str(body.email).trim();
  if (flow.state === 'sent_email' && code) {
    const identity = flow.email ? await services.store.identityByEmail(flow.email) : undefined;
    if (!(await checkCode(services, flow, code)) || !identity) {
      await render(services, c, flow, [text.invalidRecoveryCode]);
      return c.json(flowJson(flow), 400);
    }
    // Reading the code proves the address, so it counts as verified too.
    await services.store.markEmailVerified(identity.id);
    flow.state = 'passed_challenge';
    flow.expiresAt = new Date(0).toISOString();
    await services.store.saveFlow(flow);
    const { token } = await services.store.createSession(
      identity.id,
      'aal1',
      'code_recovery',
      services.options.sessionLifespanMs,
      services.options.now(),
    );
    setSessionCookie(services, c, token);
    const settings = await createSettingsFlowFor(services, c, identity, flow.returnTo, [
      text.recoveryAfterCode,
    ]);
    return sendError(
      c,
      errors.locationChange(uiUrl(services, c, '/profile-settings', { flow: settings.id })),
    );
  }
  if (!email) {
    await render(services, c, flow, [], [text.missing('email')]);
    return c.json(flowJson(flow), 400);
  }
  // Same answer for unknown addresses: nothing is sent, but the limits count them alike.
  const identity = await services.store.identityByEmail(email);
  const issued = await issueCode(services, flow, email, Boolean(identity));
  if (issued.limited) {
    await render(services, c, flow, [text.tooManyCodes]);
    return c.json(flowJson(flow), 400);
  }
  flow.email = email;
  flow.state = 'sent_email';
  if (identity && issued.code) {
    await deliver(
      services,
      identity.email,
      'Recover access to your account',
      `Hi, please recover access to your account by entering the following code:\n\n${issued.code}`,
      issued.code,
    );
  }
  await render(services, c, flow, [text.recoveryCodeSent]);
  return c.json(flowJson(flow));
}
