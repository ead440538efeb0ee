// The session contract both identity providers implement (Refine's AuthProvider style): callers get
// results to act on, never exceptions used for control flow.

export type CheckResult = { authenticated: true } | { authenticated: false; redirectTo: string };

/** The signed-in person as the console shows them. */
export interface SessionIdentity {
  id: string;
  name: string;
  email?: string;
  avatar?: string;
}

/**
 * How API clients authenticate. Cookie mode: the browser sends the session cookie to `/api`.
 * Direct mode: every request carries a bearer token and goes to the organization's backend.
 */
export type ApiCredentials =
  | { mode: 'cookie' }
  | { mode: 'direct'; backendUrl: string; getToken: () => Promise<string | null> };

export interface LogoutResult {
  redirectTo: string;
}

export interface SessionProvider {
  check(): Promise<CheckResult>;
  identity(): Promise<SessionIdentity | null>;
  credentials(): Promise<ApiCredentials>;
  logout(): Promise<LogoutResult>;
}

/** The part of `createApiClient`'s options that credentials decide (`backendUrl`, `getToken`). */
export function apiClientAuthOptions(credentials: ApiCredentials): {
  backendUrl?: string;
  getToken?: () => Promise<string | null>;
} {
  return credentials.mode === 'direct'
    ? { backendUrl: credentials.backendUrl, getToken: credentials.getToken }
    : {};
}

export const authPaths = {
  login: '/login',
  registration: '/registration',
  recovery: '/recovery',
  verification: '/verification',
  settings: '/profile-settings',
  error: '/error',
  authStateChecker: '/auth-state-checker',
  organizations: '/organizations',
  organizationsSwitched: '/organizations/orgs-switched',
} as const;

export interface LoginPathOptions {
  returnTo?: string;
  aal2?: boolean;
  refresh?: boolean;
}

/** `/login?return_to=…`, or `/login?aal=aal2&return_to=…` when a second factor is owed (§8). */
export function loginPath(options: LoginPathOptions = {}): string {
  const params = new URLSearchParams();
  if (options.aal2) params.set('aal', 'aal2');
  if (options.refresh) params.set('refresh', 'true');
  if (options.returnTo) params.set('return_to', options.returnTo);
  const query = params.toString();
  return authPaths.login + (query ? '?' + query : '');
}

/** The current path and query, the return target after sign-in or sign-out (§7). */
export function currentReturnTo(
  location: { pathname: string; search: string } | undefined = globalThis.location,
): string {
  return location ? location.pathname + location.search : '/';
}
