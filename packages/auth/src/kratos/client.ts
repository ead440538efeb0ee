import {
  Configuration,
  FrontendApi,
  ResponseError,
  type FlowError,
  type LoginFlow,
  type RecoveryFlow,
  type RegistrationFlow,
  type Session,
  type SettingsFlow,
  type SuccessfulNativeLogin,
  type SuccessfulNativeRegistration,
  type VerificationFlow,
} from '@ory/client-fetch';
import type { FlowFailure, FlowKind } from './decisions.ts';

export type Result<T> = { ok: true; data: T } | { ok: false; failure: FlowFailure };

export interface FlowTypes {
  login: LoginFlow;
  registration: RegistrationFlow;
  recovery: RecoveryFlow;
  verification: VerificationFlow;
  settings: SettingsFlow;
}

export interface UpdateReplies {
  login: SuccessfulNativeLogin;
  registration: SuccessfulNativeRegistration;
  recovery: RecoveryFlow;
  verification: VerificationFlow;
  settings: SettingsFlow;
}

export interface CreateFlowOptions {
  returnTo?: string;
  /** Login only. */
  refresh?: boolean;
  aal?: string;
  /** Registration only. */
  afterVerificationReturnTo?: string;
}

/** The Kratos self-service calls (§7), each returning a result instead of throwing. */
export interface KratosFlows {
  readonly frontend: FrontendApi;
  create<K extends FlowKind>(kind: K, options?: CreateFlowOptions): Promise<Result<FlowTypes[K]>>;
  get<K extends FlowKind>(kind: K, id: string): Promise<Result<FlowTypes[K]>>;
  update<K extends FlowKind>(
    kind: K,
    id: string,
    body: Record<string, unknown>,
  ): Promise<Result<UpdateReplies[K]>>;
  flowError(id: string): Promise<Result<FlowError>>;
  session(): Promise<Result<Session>>;
}

export interface KratosFlowsOptions {
  /** The Kratos public API, e.g. `/api/.ory` (same origin, so the session cookie goes along). */
  basePath: string;
  fetch?: typeof globalThis.fetch;
}

async function toFailure(error: unknown): Promise<FlowFailure> {
  if (error instanceof ResponseError) {
    const text = await error.response.text().catch(() => '');
    let body: unknown = undefined;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    return { status: error.response.status, body };
  }
  throw error;
}

async function attempt<T>(call: () => Promise<T>): Promise<Result<T>> {
  try {
    return { ok: true, data: await call() };
  } catch (error) {
    return { ok: false, failure: await toFailure(error) };
  }
}

export function createFrontendApi(options: KratosFlowsOptions): FrontendApi {
  const basePath =
    options.basePath.startsWith('/') && typeof location !== 'undefined'
      ? location.origin + options.basePath
      : options.basePath;
  return new FrontendApi(
    new Configuration({
      basePath: basePath.replace(/\/+$/, ''),
      credentials: 'include',
      // Kratos answers AJAX calls with JSON instead of redirecting the browser.
      headers: { Accept: 'application/json' },
      ...(options.fetch ? { fetchApi: options.fetch } : {}),
    }),
  );
}

export function createKratosFlows(options: KratosFlowsOptions): KratosFlows {
  const frontend = createFrontendApi(options);
  const create = (kind: FlowKind, o: CreateFlowOptions): Promise<unknown> => {
    switch (kind) {
      case 'login':
        return frontend.createBrowserLoginFlow({
          refresh: o.refresh,
          aal: o.aal,
          returnTo: o.returnTo,
        });
      case 'registration':
        return frontend.createBrowserRegistrationFlow({
          returnTo: o.returnTo,
          afterVerificationReturnTo: o.afterVerificationReturnTo,
        });
      case 'recovery':
        return frontend.createBrowserRecoveryFlow({ returnTo: o.returnTo });
      case 'verification':
        return frontend.createBrowserVerificationFlow({ returnTo: o.returnTo });
      case 'settings':
        return frontend.createBrowserSettingsFlow({ returnTo: o.returnTo });
    }
  };
  const get = (kind: FlowKind, id: string): Promise<unknown> => {
    switch (kind) {
      case 'login':
        return frontend.getLoginFlow({ id });
      case 'registration':
        return frontend.getRegistrationFlow({ id });
      case 'recovery':
        return frontend.getRecoveryFlow({ id });
      case 'verification':
        return frontend.getVerificationFlow({ id });
      case 'settings':
        return frontend.getSettingsFlow({ id });
    }
  };
  // The bodies are the form's name/value pairs; the SDK's per-method body types are unions of them.
  const update = (kind: FlowKind, flow: string, body: never): Promise<unknown> => {
    switch (kind) {
      case 'login':
        return frontend.updateLoginFlow({ flow, updateLoginFlowBody: body });
      case 'registration':
        return frontend.updateRegistrationFlow({ flow, updateRegistrationFlowBody: body });
      case 'recovery':
        return frontend.updateRecoveryFlow({ flow, updateRecoveryFlowBody: body });
      case 'verification':
        return frontend.updateVerificationFlow({ flow, updateVerificationFlowBody: body });
      case 'settings':
        return frontend.updateSettingsFlow({ flow, updateSettingsFlowBody: body });
    }
  };
  return {
    frontend,
    create: (kind, o = {}) => attempt(() => create(kind, o)) as never,
    get: (kind, id) => attempt(() => get(kind, id)) as never,
    update: (kind, id, body) => attempt(() => update(kind, id, body as never)) as never,
    flowError: (id) => attempt(() => frontend.getFlowError({ id })),
    session: () => attempt(() => frontend.toSession()),
  };
}
