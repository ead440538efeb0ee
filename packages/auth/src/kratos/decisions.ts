import { authPaths, loginPath } from '../session.ts';

// What to do for every reply a self-service flow can get (§4, §8), as pure functions: the React
// pages only carry out the decision.

export type FlowKind = 'login' | 'registration' | 'recovery' | 'verification' | 'settings';
export type FlowPhase = 'create' | 'get' | 'update';

export const flowStartPaths: Record<FlowKind, string> = {
  login: authPaths.login,
  registration: authPaths.registration,
  recovery: authPaths.recovery,
  verification: authPaths.verification,
  settings: authPaths.settings,
};

export const flowMessages = {
  returnToForbidden: 'The return_to address is not allowed.',
  expired: 'Your interaction expired, please fill out the form again.',
  csrf: 'A security violation was detected, please fill out the form again.',
} as const;

/** A failed call as the adapter sees it: HTTP status and the parsed JSON body, if any. */
export interface FlowFailure {
  status: number;
  body: unknown;
}

interface ErrorBody {
  error?: { id?: string; code?: number; message?: string; reason?: string };
  redirect_browser_to?: string;
  ui?: unknown;
}

export type FlowDecision<F = unknown> =
  /** Go somewhere else (an app path or a full address the server gave). */
  | { type: 'redirect'; to: string }
  /** Drop the flow and start again at the flow's start page, optionally telling the user why. */
  | { type: 'restart'; message?: string }
  /** A 400 with the flow: re-render it, server messages included. */
  | { type: 'render'; flow: F }
  /** A reply with no flow to show: show its message (e.g. the feature is disabled). */
  | { type: 'message'; message: string }
  /** Anything unexpected: the caller throws it to the error boundary. */
  | { type: 'fail'; failure: FlowFailure };

export interface DecisionContext {
  kind: FlowKind;
  phase: FlowPhase;
  /** Where the user wanted to go (the flow's or the page's return_to). */
  returnTo?: string;
}

function errorBody(body: unknown): ErrorBody {
  return body && typeof body === 'object' ? (body as ErrorBody) : {};
}

export function decideFlowFailure<F = unknown>(
  failure: FlowFailure,
  context: DecisionContext,
): FlowDecision<F> {
  const body = errorBody(failure.body);
  const id = body.error?.id;
  const redirect = body.redirect_browser_to;
  switch (id) {
    case 'session_aal2_required':
      return {
        type: 'redirect',
        to: redirect ?? loginPath({ aal2: true, returnTo: context.returnTo }),
      };
    case 'session_refresh_required':
      if (context.kind === 'login')
        return { type: 'redirect', to: loginPath({ refresh: true, returnTo: context.returnTo }) };
      return {
        type: 'redirect',
        to: redirect ?? loginPath({ refresh: true, returnTo: context.returnTo }),
      };
    case 'browser_location_change_required':
      return redirect ? { type: 'redirect', to: redirect } : { type: 'fail', failure };
    case 'session_already_available':
      return { type: 'redirect', to: '/' };
    case 'self_service_flow_return_to_forbidden':
      return { type: 'restart', message: flowMessages.returnToForbidden };
    case 'self_service_flow_expired':
      return { type: 'restart', message: flowMessages.expired };
    case 'security_csrf_violation':
      return { type: 'restart', message: flowMessages.csrf };
    case 'security_identity_mismatch':
      return { type: 'restart' };
    case 'session_inactive':
      return { type: 'redirect', to: loginPath({ returnTo: context.returnTo }) };
  }
  if (failure.status === 410) return { type: 'restart', message: flowMessages.expired };
  if (context.kind === 'verification') {
    if (failure.status === 403) return { type: 'restart' };
    if (failure.status === 400 && context.phase === 'create') return { type: 'redirect', to: '/' };
  }
  if (failure.status === 400 && body.ui) return { type: 'render', flow: failure.body as F };
  if (failure.status === 400 && (body.error?.reason || body.error?.message)) {
    return { type: 'message', message: body.error.reason ?? body.error.message ?? '' };
  }
  if (failure.status === 404 && context.phase === 'get') return { type: 'restart' };
  return { type: 'fail', failure };
}

/** The session check (§4): 401 → sign in again; 403/422 → second factor; anything else is thrown. */
export function decideSessionFailure(
  status: number,
  returnTo: string,
): { authenticated: false; redirectTo: string } | undefined {
  if (status === 401) return { authenticated: false, redirectTo: loginPath({ returnTo }) };
  if (status === 403 || status === 422)
    return { authenticated: false, redirectTo: loginPath({ aal2: true, returnTo }) };
  return undefined;
}

/** The flow error page (§4): 404, 403 and 410 go home. */
export function decideErrorPageFailure(
  status: number,
): { type: 'redirect'; to: string } | undefined {
  return status === 404 || status === 403 || status === 410
    ? { type: 'redirect', to: '/' }
    : undefined;
}

interface ContinueWith {
  action?: string;
  redirect_browser_to?: string;
}

/** Where a successful login or registration goes: a server redirect first, then return_to, then /. */
export function successTarget(
  reply: { continue_with?: ContinueWith[] } | undefined,
  returnTo: string | undefined,
  kind: 'login' | 'registration',
): string {
  if (kind === 'login') {
    const redirect = reply?.continue_with?.find(
      (item) => item.action === 'redirect_browser_to',
    )?.redirect_browser_to;
    if (redirect) return redirect;
  }
  return returnTo || '/';
}

export type LoginMode = 'refresh' | 'aal2' | 'sign-in';

export function loginMode(flow: { refresh?: boolean; requested_aal?: string }): LoginMode {
  if (flow.refresh) return 'refresh';
  if (flow.requested_aal === 'aal2') return 'aal2';
  return 'sign-in';
}

export const loginTitles: Record<LoginMode, string> = {
  refresh: 'Confirm Action',
  aal2: 'Two-Factor Authentication',
  'sign-in': 'Sign In to your account',
};

/** §4: a login URL carrying username and password submits itself once. */
export function credentialsFromSearch(
  search: URLSearchParams,
): { identifier: string; password: string } | undefined {
  const identifier = search.get('username') ?? search.get('identifier');
  const password = search.get('password');
  return identifier && password ? { identifier, password } : undefined;
}

/** Settings messages disappear after this long (§4). */
export const settingsMessageLifetimeMs = 10_000;

/** A submit gate: while one submission is in flight, further ones are dropped, not queued. */
export function createSubmitGate() {
  let inFlight = false;
  return {
    get busy() {
      return inFlight;
    },
    async run<T>(task: () => Promise<T>): Promise<T | undefined> {
      if (inFlight) return undefined;
      inFlight = true;
      try {
        return await task();
      } finally {
        inFlight = false;
      }
    },
  };
}

/** The page address a flow restarts at, keeping where the user wanted to go. */
export function restartPath(kind: FlowKind, search: URLSearchParams): string {
  const next = new URLSearchParams();
  for (const key of ['return_to', 'aal', 'refresh']) {
    const value = search.get(key);
    if (value && (kind === 'login' || key === 'return_to')) next.set(key, value);
  }
  const query = next.toString();
  return flowStartPaths[kind] + (query ? '?' + query : '');
}
