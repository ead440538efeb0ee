import type { Context } from 'hono';
import { authenticator } from 'otplib';
import {
  allowedReturnTo,
  apiBase,
  csrfValid,
  currentSession,
  errors,
  isExpired,
  needsSecondFactor,
  newFlow,
  readBody,
  sendError,
  str,
  uiUrl,
  wantsJson,
  type ActiveSession,
  type Services,
} from './context.ts';
import { hashPassword, randomToken, sha256, totpStep } from './crypto.ts';
import { flowJson } from './present.ts';
import { readTraits, traitNodes, validatePassword, validateTraits } from './registration.ts';
import type { FlowRecord, IdentityRecord, LookupSecretConfig, TotpConfig } from './store.ts';
import {
  csrfNode,
  inputNode,
  submitNode,
  text,
  textNode,
  withFieldMessages,
  type UiNode,
  type UiText,
} from './ui.ts';

const issuer = 'Opsdeck';

// Forms send 'true'; the SDK's JSON sends a boolean.
const flag = (value: unknown) => value === true || value === 'true';

async function render(
  services: Services,
  c: Context,
  flow: FlowRecord,
  identity: IdentityRecord,
  options: {
    messages?: UiText[];
    fieldMessages?: Record<string, UiText[]>;
    traits?: IdentityRecord['traits'];
    revealCodes?: boolean;
  } = {},
): Promise<void> {
  const types = await services.store.credentialTypes(identity.id);
  const nodes: UiNode[] = [
    csrfNode(flow.csrfToken),
    ...traitNodes('profile', options.traits ?? identity.traits),
    submitNode('profile', 'method', 'profile', text.save),
    inputNode('password', 'password', 'password', {
      required: true,
      autocomplete: 'new-password',
      label: text.password,
    }),
    submitNode('password', 'method', 'password', text.save),
  ];
  if (types.includes('totp')) {
    nodes.push(submitNode('totp', 'totp_unlink', 'true', text.unlinkTotp));
  } else {
    flow.pendingTotpSecret ??= authenticator.generateSecret();
    const uri = authenticator.keyuri(identity.email, issuer, flow.pendingTotpSecret);
    nodes.push(
      textNode(
        'totp',
        'totp_secret_key',
        text.totpSecret(flow.pendingTotpSecret),
        text.totpSecretLabel,
      ),
      // No QR image (that would need an image encoder); the otpauth URI works as a link on phones.
      textNode(
        'totp',
        'totp_url',
        { id: 1050005, text: uri, type: 'info', context: { url: uri } },
        text.totpUri,
      ),
      inputNode('totp', 'totp_code', 'text', {
        required: true,
        autocomplete: 'one-time-code',
        label: text.verifyCode,
      }),
      submitNode('totp', 'method', 'totp', text.save),
    );
  }
  const lookup = types.includes('lookup_secret')
    ? await services.store.credential<LookupSecretConfig>(identity.id, 'lookup_secret')
    : undefined;
  if (flow.pendingLookupCodes) {
    nodes.push(
      textNode(
        'lookup_secret',
        'lookup_secret_codes',
        text.lookupSecretList(flow.pendingLookupCodes.map((code) => text.lookupSecret(code))),
        text.codesIntro,
      ),
      submitNode('lookup_secret', 'lookup_secret_confirm', 'true', text.confirmCodes),
    );
  } else if (lookup) {
    if (options.revealCodes) {
      // Only hashes are stored, so revealing lists which codes remain and which were used.
      const secrets = lookup.codes.map((entry, index) =>
        entry.used_at
          ? text.usedLookupSecret(entry.used_at)
          : text.lookupSecret(`code #${index + 1} (unused)`),
      );
      nodes.push(
        textNode(
          'lookup_secret',
          'lookup_secret_codes',
          text.lookupSecretList(secrets),
          text.codesIntro,
        ),
      );
    } else {
      nodes.push(submitNode('lookup_secret', 'lookup_secret_reveal', 'true', text.revealCodes));
    }
    nodes.push(
      submitNode('lookup_secret', 'lookup_secret_regenerate', 'true', text.regenerateCodes),
      submitNode('lookup_secret', 'lookup_secret_disable', 'true', text.disableMethod),
    );
  } else {
    nodes.push(
      submitNode('lookup_secret', 'lookup_secret_regenerate', 'true', text.regenerateCodes),
    );
  }
  const messages = options.messages ?? [];
  flow.ui = {
    action: `${apiBase(c)}/self-service/settings?flow=${flow.id}`,
    method: 'POST',
    nodes: withFieldMessages(nodes, options.fieldMessages ?? {}),
    ...(messages.length ? { messages } : {}),
  };
  await services.store.saveFlow(flow);
}

export async function createSettingsFlowFor(
  services: Services,
  c: Context,
  identity: IdentityRecord,
  returnTo?: string,
  messages: UiText[] = [],
): Promise<FlowRecord> {
  const flow = newFlow(services, c, 'settings', {
    identityId: identity.id,
    returnTo,
    state: 'show_form',
  });
  await render(services, c, flow, identity, { messages });
  return flow;
}

async function requireSession(
  services: Services,
  c: Context,
  returnTo: string,
): Promise<ActiveSession | Response> {
  const active = await currentSession(services, c);
  if (!active) return sendError(c, errors.sessionInactive());
  if (await needsSecondFactor(services, active)) {
    return sendError(
      c,
      errors.aal2Required(uiUrl(services, c, '/login', { aal: 'aal2', return_to: returnTo })),
    );
  }
  return active;
}

export async function createSettingsFlow(services: Services, c: Context): Promise<Response> {
  const returnTo = c.req.query('return_to');
  if (returnTo && !allowedReturnTo(services, c, returnTo))
    return sendError(c, errors.returnToForbidden(returnTo));
  const active = await requireSession(services, c, uiUrl(services, c, '/profile-settings'));
  if (active instanceof Response) return active;
  const flow = await createSettingsFlowFor(services, c, active.identity, returnTo);
  if (!wantsJson(c))
    return c.redirect(uiUrl(services, c, '/profile-settings', { flow: flow.id }), 303);
  return c.json(flowJson(flow, active.identity, apiBase(c)));
}

export async function getSettingsFlow(services: Services, c: Context): Promise<Response> {
  const flow = await services.store.flow(c.req.query('id') ?? '', 'settings');
  if (!flow) return sendError(c, errors.notFound());
  const active = await requireSession(
    services,
    c,
    uiUrl(services, c, '/profile-settings', { flow: flow.id }),
  );
  if (active instanceof Response) return active;
  if (active.identity.id !== flow.identityId) return sendError(c, errors.identityMismatch());
  if (isExpired(services, flow)) return expired(services, c, flow, active);
  return c.json(flowJson(flow, active.identity, apiBase(c)));
}

async function expired(
  services: Services,
  c: Context,
  flow: FlowRecord,
  active: ActiveSession,
): Promise<Response> {
  const replacement = await createSettingsFlowFor(services, c, active.identity, flow.returnTo);
  return sendError(c, errors.expired(flow, services.options.now(), replacement.id));
}

export async function updateSettingsFlow(services: Services, c: Context): Promise<Response> {
  const flow = await services.store.flow(c.req.query('flow') ?? '', 'settings');
  if (!flow) return sendError(c, errors.notFound());
  const active = await requireSession(
    services,
    c,
    uiUrl(services, c, '/profile-settings', { flow: flow.id }),
  );
  if (active instanceof Response) return active;
  if (active.identity.id !== flow.identityId) return sendError(c, errors.identityMismatch());
  if (isExpired(services, flow)) return expired(services, c, flow, active);
  const body = await readBody(c);
  if (!csrfValid(c, flow, body.csrf_token)) return sendError(c, errors.csrf());
  // Changing credentials or profile needs a recent sign-in, as in Kratos.
  const age = services.options.now().getTime() - active.session.authenticatedAt.getTime();
  if (age > services.options.privilegedSessionMs) {
    return sendError(
      c,
      errors.refreshRequired(
        uiUrl(services, c, '/login', {
          refresh: 'true',
          return_to: uiUrl(services, c, '/profile-settings', { flow: flow.id }),
        }),
      ),
    );
  }
  const identity = active.identity;
  const saved = async (next: IdentityRecord = identity) => {
    flow.state = 'success';
    await render(services, c, flow, next, { messages: [text.saved] });
    return c.json(flowJson(flow, next, apiBase(c)));
  };
  const invalid = async (options: Parameters<typeof render>[4]) => {
    await render(services, c, flow, identity, options);
    return c.json(flowJson(flow, identity, apiBase(c)), 400);
  };
  const method = str(body.method);

  if (method === 'profile') {
    const traits = readTraits(body);
    const fieldMessages = validateTraits(traits);
    if (Object.keys(fieldMessages).length) return invalid({ traits, fieldMessages });
    const updated = await services.store.updateTraits(identity.id, traits);
    if (!updated)
      return invalid({ traits, fieldMessages: { 'traits.email': [text.duplicateIdentifier] } });
    return saved(updated);
  }
  if (method === 'password') {
    const password = str(body.password);
    const problems = validatePassword(password, identity.email);
    if (problems.length) return invalid({ fieldMessages: { password: problems } });
    await services.store.setCredential(identity.id, 'password', {
      hashed_password: await hashPassword(password, services.options.scryptCost),
    });
    // A new password signs out every other browser.
    await services.store.revokeOtherSessions(identity.id, active.session.id);
    return saved();
  }
  if (flag(body.totp_unlink)) {
    await services.store.deleteCredential(identity.id, 'totp');
    if (!(await services.store.credentialTypes(identity.id)).includes('lookup_secret'))
      await services.store.downgradeSessions(identity.id);
    delete flow.pendingTotpSecret;
    return saved();
  }
  if (method === 'totp') {
    const code = str(body.totp_code).replace(/\s+/g, '');
    if (!code) return invalid({ fieldMessages: { totp_code: [text.missing('totp_code')] } });
    const step = flow.pendingTotpSecret ? totpStep(code, flow.pendingTotpSecret) : undefined;
    if (!flow.pendingTotpSecret || step === undefined)
      return invalid({ fieldMessages: { totp_code: [text.invalidTotp] } });
    // The code that proved the app is used: it cannot sign in again within its window.
    const config: TotpConfig = { secret: flow.pendingTotpSecret, last_step: step };
    await services.store.setCredential(identity.id, 'totp', config);
    delete flow.pendingTotpSecret;
    // Proving the authenticator counts as the second factor for this session.
    await services.store.completeMethod(active.session.id, 'totp', 'aal2', services.options.now());
    return saved();
  }
  if (flag(body.lookup_secret_regenerate)) {
    flow.pendingLookupCodes = Array.from({ length: 12 }, () =>
      randomToken(6)
        .replace(/[^a-zA-Z0-9]/g, 'x')
        .slice(0, 8)
        .toLowerCase(),
    );
    flow.state = 'show_form';
    await render(services, c, flow, identity);
    return c.json(flowJson(flow, identity, apiBase(c)));
  }
  if (flag(body.lookup_secret_confirm) && flow.pendingLookupCodes) {
    const config: LookupSecretConfig = {
      codes: flow.pendingLookupCodes.map((code) => ({ code_hash: sha256(code) })),
    };
    await services.store.setCredential(identity.id, 'lookup_secret', config);
    delete flow.pendingLookupCodes;
    await services.store.completeMethod(
      active.session.id,
      'lookup_secret',
      'aal2',
      services.options.now(),
    );
    return saved();
  }
  if (flag(body.lookup_secret_reveal)) {
    await render(services, c, flow, identity, { revealCodes: true });
    return c.json(flowJson(flow, identity, apiBase(c)));
  }
  if (flag(body.lookup_secret_disable)) {
    await services.store.deleteCredential(identity.id, 'lookup_secret');
    if (!(await services.store.credentialTypes(identity.id)).includes('totp'))
      await services.store.downgradeSessions(identity.id);
    return saved();
  }
  return invalid({
    messages: [
      {
        id: 4010002,
        text: 'Could not find a strategy to update your settings. Did you fill out the form correctly?',
        type: 'error',
      },
    ],
  });
}
