import type { Context } from 'hono';
import {
  allowedReturnTo,
  apiBase,
  csrfValid,
  errors,
  isExpired,
  newFlow,
  readBody,
  sendError,
  str,
  uiUrl,
  wantsJson,
  type Services,
} from './context.ts';
import { checkCode, issueCode } from './codes.ts';
import { deliver } from './outbox.ts';
import { flowJson } from './present.ts';
import type { FlowRecord } from './store.ts';
import {
  anchorNode,
  csrfNode,
  inputNode,
  submitNode,
  text,
  type UiNode,
  type UiText,
} from './ui.ts';

async function render(
  services: Services,
  c: Context,
  flow: FlowRecord,
  messages: UiText[] = [],
): Promise<void> {
  let nodes: UiNode[];
  if (flow.state === 'passed_challenge') {
    nodes = [
      csrfNode(flow.csrfToken),
      anchorNode('code', 'continue', flow.returnTo ?? uiUrl(services, c, '/'), text.continue),
    ];
  } else if (flow.state === 'sent_email') {
    nodes = [
      csrfNode(flow.csrfToken),
      inputNode('code', 'code', 'text', {
        required: true,
        autocomplete: 'one-time-code',
        label: text.verificationCode,
      }),
      inputNode('code', 'method', 'hidden', { value: 'code' }),
      submitNode('code', 'method', 'code', text.continue),
      submitNode('code', 'email', flow.email ?? '', text.resendCode),
    ];
  } else {
    nodes = [
      csrfNode(flow.csrfToken),
      inputNode('code', 'email', 'email', {
        required: true,
        autocomplete: 'email',
        label: text.email,
      }),
      submitNode('code', 'method', 'code', text.continue),
    ];
  }
  flow.ui = {
    action: `${apiBase(c)}/self-service/verification?flow=${flow.id}`,
    method: 'POST',
    nodes,
    ...(messages.length ? { messages } : {}),
  };
  await services.store.saveFlow(flow);
}

/** False when a resend limit refused the code. */
async function sendVerificationCode(
  services: Services,
  flow: FlowRecord,
  email: string,
): Promise<boolean> {
  // Unknown addresses get the same screen, the same limits and no mail, so the form reveals nothing.
  const identity = await services.store.identityByEmail(email);
  const issued = await issueCode(services, flow, email, Boolean(identity));
  if (issued.limited) return false;
  flow.email = email;
  flow.state = 'sent_email';
  if (identity && issued.code) {
    await deliver(
      services,
      identity.email,
      'Please verify your email address',
      `Hi, please verify your account by entering the following code:\n\n${issued.code}`,
      issued.code,
    );
  }
  return true;
}

/** Starts a verification for a just-registered address (Kratos's show_verification_ui). */
export async function startVerification(
  services: Services,
  c: Context,
  email: string,
  returnTo?: string,
): Promise<FlowRecord> {
  const flow = newFlow(services, c, 'verification', { returnTo });
  const sent = await sendVerificationCode(services, flow, email);
  await render(services, c, flow, [sent ? text.verificationCodeSent : text.tooManyCodes]);
  return flow;
}

export async function createVerificationFlow(services: Services, c: Context): Promise<Response> {
  const returnTo = c.req.query('return_to');
  if (returnTo && !allowedReturnTo(services, c, returnTo))
    return sendError(c, errors.returnToForbidden(returnTo));
  const flow = newFlow(services, c, 'verification', { returnTo });
  await render(services, c, flow);
  if (!wantsJson(c)) return c.redirect(uiUrl(services, c, '/verification', { flow: flow.id }), 303);
  return c.json(flowJson(flow));
}

export async function getVerificationFlow(services: Services, c: Context): Promise<Response> {
  const flow = await services.store.flow(c.req.query('id') ?? '', 'verification');
  if (!flow) return sendError(c, errors.notFound());
  if (isExpired(services, flow)) return expired(services, c, flow);
  return c.json(flowJson(flow));
}

async function expired(services: Services, c: Context, flow: FlowRecord): Promise<Response> {
  const replacement = newFlow(services, c, 'verification', { returnTo: flow.returnTo });
  await render(services, c, replacement);
  return sendError(c, errors.expired(flow, services.options.now(), replacement.id));
}

export async function updateVerificationFlow(services: Services, c: Context): Promise<Response> {
  const flow = await services.store.flow(c.req.query('flow') ?? '', 'verification');
  if (!flow) return sendError(c, errors.notFound());
  if (isExpired(services, flow)) return expired(services, c, flow);
  const body = await readBody(c);
  if (!csrfValid(c, flow, body.csrf_token)) return sendError(c, errors.csrf());
  const code = str(body.code).trim();
  const email = str(body.email).trim();
  if (flow.state === 'sent_email' && code) {
    if (!(await checkCode(services, flow, code))) {
      await render(services, c, flow, [text.invalidVerificationCode]);
      return c.json(flowJson(flow), 400);
    }
    const identity = flow.email ? await services.store.identityByEmail(flow.email) : undefined;
    if (identity) await services.store.markEmailVerified(identity.id);
    flow.state = 'passed_challenge';
    await render(services, c, flow, [text.verified]);
    return c.json(flowJson(flow));
  }
  if (!email) {
    await render(services, c, flow);
    if (flow.ui)
      flow.ui.nodes = flow.ui.nodes.map((node) =>
        node.attributes.name === 'email' && node.attributes.type !== 'submit'
          ? { ...node, messages: [text.missing('email')] }
          : node,
      );
    await services.store.saveFlow(flow);
    return c.json(flowJson(flow), 400);
  }
  if (!(await sendVerificationCode(services, flow, email))) {
    await render(services, c, flow, [text.tooManyCodes]);
    return c.json(flowJson(flow), 400);
  }
  await render(services, c, flow, [text.verificationCodeSent]);
  return c.json(flowJson(flow));
}
