import type { Context } from 'hono';
import { getCookie, setCookie, deleteCookie } from 'hono/cookie';
import { randomToken, randomUUID, safeEqual, sha256, type ScryptCost } from './crypto.ts';
import type { SqlExecutor } from './sql.ts';
import {
  IdentityStore,
  type FlowKind,
  type FlowRecord,
  type IdentityRecord,
  type SessionRecord,
} from './store.ts';

export const sessionCookieName = 'ory_kratos_session';
const csrfCookieName = 'opsdeck_csrf';

export interface ThrottleOptions {
  /** Failed attempts per identifier or per client address inside `windowMs` before a lock. */
  maxFailures: number;
  windowMs: number;
  lockMs: number;
}

export interface IdentityOptions {
  db: SqlExecutor;
  /** Demo mode seeds `{role}@local` identities. */
  demo?: boolean;
  /** Serve the outbox to anyone on a loopback bind (the CLI allows it only there); else admins only. */
  devOutbox?: boolean;
  /**
   * Our own origin as people reach it (behind a proxy, the proxy's). Every URL handed out, every
   * return_to decision and `Secure` (when https) follow it, never the Host header. Unset: the request's
   * own URL (a loopback bind).
   */
  publicUrl?: string;
  /** Where the sign-in pages live (login, registration, ...); default: `publicUrl`, else the request's origin. */
  uiBaseUrl?: string;
  /** Extra origins a `return_to` may point at; same-origin and relative paths are always allowed. */
  allowedReturnToOrigins?: string[];
  scryptCost?: ScryptCost;
  /** Absolute session lifetime (default 24 h) and idle timeout (default 8 h). */
  sessionLifespanMs?: number;
  sessionIdleMs?: number;
  /** How long a self-service flow can be completed (default 1 h). */
  flowLifespanMs?: number;
  /** How recent a sign-in must be to change settings (default 15 min). */
  privilegedSessionMs?: number;
  throttle?: Partial<ThrottleOptions>;
  /** Who besides the dev flag may read the outbox (the server: admins, found as every /api request is); unset: nobody. */
  outboxAccess?: OutboxAccessCheck;
  /** Where outbox and start-up lines go; default console.info. */
  log?: (line: string) => void;
  /** Clock, so expiry is testable without waiting. */
  now?: () => Date;
  /** Trust X-Forwarded-Proto / X-Forwarded-For from a reverse proxy. */
  trustProxy?: boolean;
  /** Where OPSDECK_DEMO_PASSWORD / OPSDECK_ADMIN_EMAIL / OPSDECK_ADMIN_PASSWORD are read; default process.env. */
  env?: Record<string, string | undefined>;
}

/** Whether the caller of `GET /outbox` is an administrator, someone else, or nobody signed in. */
export type OutboxAccess = 'granted' | 'forbidden' | 'unauthenticated';
export type OutboxAccessCheck = (
  request: Request,
  peerAddress: string | undefined,
) => Promise<OutboxAccess>;

export interface ResolvedOptions extends Required<
  Omit<IdentityOptions, 'publicUrl' | 'uiBaseUrl' | 'scryptCost' | 'throttle' | 'outboxAccess'>
> {
  publicUrl?: string;
  uiBaseUrl?: string;
  outboxAccess?: OutboxAccessCheck;
  scryptCost?: ScryptCost;
  throttle: ThrottleOptions;
}

export function resolveOptions(options: IdentityOptions): ResolvedOptions {
  const publicUrl = options.publicUrl ? new URL(options.publicUrl).origin : undefined;
  return {
    db: options.db,
    demo: options.demo ?? false,
    devOutbox: options.devOutbox ?? false,
    publicUrl,
    uiBaseUrl: options.uiBaseUrl ?? publicUrl,
    outboxAccess: options.outboxAccess,
    allowedReturnToOrigins: options.allowedReturnToOrigins ?? [],
    scryptCost: options.scryptCost,
    sessionLifespanMs: options.sessionLifespanMs ?? 24 * 3600_000,
    sessionIdleMs: options.sessionIdleMs ?? 8 * 3600_000,
    flowLifespanMs: options.flowLifespanMs ?? 3600_000,
    privilegedSessionMs: options.privilegedSessionMs ?? 15 * 60_000,
    throttle: { maxFailures: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000, ...options.throttle },
    log: options.log ?? ((line) => console.info(line)),
    now: options.now ?? (() => new Date()),
    trustProxy: options.trustProxy ?? false,
    env: options.env ?? process.env,
  };
}

export interface Services {
  options: ResolvedOptions;
  store: IdentityStore;
}

export function createServices(options: IdentityOptions): Services {
  const resolved = resolveOptions(options);
  return { options: resolved, store: new IdentityStore(resolved.db) };
}

// ---- Kratos-shaped error bodies

export interface KratosError {
  status: 400 | 401 | 403 | 404 | 410 | 422;
  body: { error: Record<string, unknown>; redirect_browser_to?: string; use_flow_id?: string };
}

const statusText: Record<KratosError['status'], string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  410: 'Gone',
  422: 'Unprocessable Entity',
};

export function kratosError(
  status: KratosError['status'],
  id: string | undefined,
  message: string,
  reason: string,
  extra: {
    redirect_browser_to?: string;
    use_flow_id?: string;
    details?: Record<string, unknown>;
  } = {},
): KratosError {
  const error: Record<string, unknown> = {
    code: status,
    status: statusText[status],
    reason,
    message,
  };
  if (id) error.id = id;
  if (extra.details) error.details = extra.details;
  const body: KratosError['body'] = { error };
  if (extra.redirect_browser_to) body.redirect_browser_to = extra.redirect_browser_to;
  if (extra.use_flow_id) body.use_flow_id = extra.use_flow_id;
  return { status, body };
}

export const errors = {
  sessionInactive: () =>
    kratosError(
      401,
      'session_inactive',
      'The request could not be authorized',
      'No valid session credentials found in the request.',
    ),
  aal2Required: (redirect: string) =>
    kratosError(
      403,
      'session_aal2_required',
      'Session does not fulfill the requested Authenticator Assurance Level',
      'An active session was found but it does not fulfill the requested Authenticator Assurance Level. Please verify yourself using the second authentication factor.',
      { redirect_browser_to: redirect },
    ),
  refreshRequired: (redirect: string) =>
    kratosError(
      403,
      'session_refresh_required',
      'The login session is too old and thus not allowed to update these fields. Please re-authenticate.',
      'The login session is too old and thus not allowed to update these fields. Please re-authenticate.',
      { redirect_browser_to: redirect },
    ),
  csrf: () =>
    kratosError(
      403,
      'security_csrf_violation',
      'the request was rejected to protect you from Cross-Site-Request-Forgery',
      'Please retry the flow and optionally clear your cookies. The request was rejected to protect you from Cross-Site-Request-Forgery (CSRF) which could cause account takeover, leaking personal information, and other serious security issues.',
    ),
  identityMismatch: () =>
    kratosError(
      403,
      'security_identity_mismatch',
      'the request was rejected to protect you from identity mismatch',
      'The flow was interrupted because the session changed.',
    ),
  alreadySignedIn: () =>
    kratosError(
      400,
      'session_already_available',
      'A valid session was detected and thus login is not possible. Did you forget to set `?refresh=true`?',
      'A valid session was detected and thus login is not possible.',
    ),
  returnToForbidden: (returnTo: string) =>
    kratosError(
      400,
      'self_service_flow_return_to_forbidden',
      'The request was malformed or contained invalid parameters',
      `Requested return_to URL "${returnTo}" is not allowed.`,
    ),
  expired: (flow: FlowRecord, now: Date, newFlowId: string) =>
    kratosError(
      410,
      'self_service_flow_expired',
      'Your interaction expired, please fill out the form again.',
      `The self-service flow expired ${((now.getTime() - Date.parse(flow.expiresAt)) / 60_000).toFixed(2)} minutes ago, initialize a new one.`,
      {
        use_flow_id: newFlowId,
        details: { since: now.getTime() - Date.parse(flow.expiresAt), expired_at: flow.expiresAt },
      },
    ),
  locationChange: (redirect: string) =>
    kratosError(
      422,
      'browser_location_change_required',
      'In order to complete this flow please redirect the browser to: ' + redirect,
      'In order to complete this flow please redirect the browser to: ' + redirect,
      { redirect_browser_to: redirect },
    ),
  notFound: () =>
    kratosError(
      404,
      undefined,
      'The requested resource could not be found',
      'The requested resource could not be found',
    ),
  badRequest: (reason: string) =>
    kratosError(
      400,
      undefined,
      'The request was malformed or contained invalid parameters',
      reason,
    ),
};

export function sendError(c: Context, error: KratosError): Response {
  return c.json(error.body, error.status);
}

// ---- addresses

const publicOriginKey = 'identityPublicOrigin';

/** Makes `originOf` answer the configured public origin for this request (set by the identity app). */
export function usePublicOrigin(c: Context, origin: string | undefined): void {
  if (origin) c.set(publicOriginKey, origin);
}

/** The identity API's own base (…/api/.ory): the public origin and the path this request came in on. */
export function apiBase(c: Context): string {
  const url = new URL(c.req.url);
  const path = url.pathname.replace(/\/(self-service|sessions|schemas)(\/.*)?$/, '');
  return originOf(c) + path;
}

/** The configured public origin; without one (a loopback bind), the request's own. */
export function originOf(c: Context): string {
  const configured: unknown = c.get(publicOriginKey);
  return typeof configured === 'string' ? configured : new URL(c.req.url).origin;
}

export function uiUrl(
  services: Services,
  c: Context,
  path: string,
  query: Record<string, string | undefined> = {},
): string {
  const base = (services.options.uiBaseUrl ?? originOf(c)).replace(/\/+$/, '');
  const search = new URLSearchParams(
    Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  const qs = search.toString();
  return base + path + (qs ? '?' + qs : '');
}

/** Whether cookies get `Secure`: an https public URL, a TLS socket, or (trusted) the proxy's X-Forwarded-Proto. */
export function isHttps(services: Services, c: Context): boolean {
  return secureRequest(services.options, c.req.raw);
}

export function secureRequest(
  options: Pick<ResolvedOptions, 'publicUrl' | 'trustProxy'>,
  request: Request,
): boolean {
  if (options.publicUrl?.startsWith('https:')) return true;
  if (new URL(request.url).protocol === 'https:') return true;
  // The proxy closest to us speaks last: with a list, its entry is the final one.
  const forwarded = request.headers
    .get('x-forwarded-proto')
    ?.split(',')
    .at(-1)
    ?.trim()
    .toLowerCase();
  return options.trustProxy && forwarded === 'https';
}

/** A return_to is allowed when relative to this origin or on a configured origin. */
export function allowedReturnTo(services: Services, c: Context, returnTo: string): boolean {
  if (returnTo.startsWith('/') && !returnTo.startsWith('//') && !returnTo.startsWith('/\\'))
    return true;
  try {
    const target = new URL(returnTo);
    const allowed = [
      originOf(c),
      services.options.uiBaseUrl,
      ...services.options.allowedReturnToOrigins,
    ]
      .filter((value): value is string => Boolean(value))
      .map((value) => new URL(value).origin);
    return allowed.includes(target.origin);
  } catch {
    return false;
  }
}

/** The TCP peer of the request (@hono/node-server keeps the Node request in env.incoming). */
export function socketAddress(c: Context): string | undefined {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress;
}

export function clientAddress(services: Services, c: Context): string {
  return clientAddressOf(services.options, c.req.raw, socketAddress(c));
}

/**
 * Who the throttle counts a request against. Behind a trusted proxy, the last X-Forwarded-For entry:
 * the one our proxy appended; entries before it are whatever the client chose to send.
 */
export function clientAddressOf(
  options: Pick<ResolvedOptions, 'trustProxy'>,
  request: Request,
  peerAddress: string | undefined,
): string {
  if (options.trustProxy) {
    const forwarded = request.headers.get('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  // Without a socket (another runtime) everyone shares one bucket.
  return peerAddress ?? 'unknown';
}

// ---- CSRF: a per-browser secret cookie; each flow's token is bound to that secret and the flow id.

export function csrfTokenFor(services: Services, c: Context, flowId: string): string {
  let secret = getCookie(c, csrfCookieName);
  if (!secret) {
    secret = randomToken();
    setCookie(c, csrfCookieName, secret, {
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
      secure: isHttps(services, c),
      maxAge: 365 * 86400,
    });
  }
  return sha256(secret + ':' + flowId);
}

export function csrfValid(c: Context, flow: FlowRecord, submitted: unknown): boolean {
  const secret = getCookie(c, csrfCookieName);
  if (!secret || typeof submitted !== 'string') return false;
  const expected = sha256(secret + ':' + flow.id);
  return safeEqual(expected, submitted) && safeEqual(flow.csrfToken, submitted);
}

// ---- sessions

export interface ActiveSession {
  session: SessionRecord;
  identity: IdentityRecord;
  token: string;
}

export async function currentSession(
  services: Services,
  c: Context,
): Promise<ActiveSession | undefined> {
  const token = getCookie(c, sessionCookieName) ?? c.req.header('x-session-token');
  return token ? sessionFromToken(services, token) : undefined;
}

export async function sessionFromToken(
  services: Services,
  token: string,
): Promise<ActiveSession | undefined> {
  const { store, options } = services;
  const session = await store.sessionByToken(token);
  if (!session) return undefined;
  const now = options.now().getTime();
  if (
    session.expiresAt.getTime() <= now ||
    session.lastSeenAt.getTime() + options.sessionIdleMs <= now
  ) {
    await store.revokeSession(session.id);
    return undefined;
  }
  const identity = await store.identityById(session.identityId);
  if (!identity || identity.state !== 'active') return undefined;
  // Idle expiry needs a fresh last-seen; writing at most once a minute keeps reads cheap.
  if (now - session.lastSeenAt.getTime() > 60_000)
    await store.touchSession(session.id, new Date(now));
  return { session, identity, token };
}

export function setSessionCookie(services: Services, c: Context, token: string): void {
  setCookie(c, sessionCookieName, token, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    secure: isHttps(services, c),
    maxAge: Math.floor(services.options.sessionLifespanMs / 1000),
  });
}

export function clearSessionCookie(services: Services, c: Context): void {
  deleteCookie(c, sessionCookieName, {
    path: '/',
    secure: isHttps(services, c),
    httpOnly: true,
    sameSite: 'Lax',
  });
}

/** True when the identity has a second factor, so anything below aal2 is not enough. */
export async function needsSecondFactor(
  services: Services,
  active: ActiveSession,
): Promise<boolean> {
  if (active.session.aal === 'aal2') return false;
  const types = await services.store.credentialTypes(active.identity.id);
  return types.includes('totp') || types.includes('lookup_secret');
}

// ---- flows

export function newFlow(
  services: Services,
  c: Context,
  kind: FlowKind,
  extra: Partial<FlowRecord> = {},
): FlowRecord {
  const now = services.options.now();
  const id = randomUUID();
  return {
    id,
    kind,
    issuedAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + services.options.flowLifespanMs).toISOString(),
    requestUrl: publicRequestUrl(c),
    state: 'choose_method',
    csrfToken: csrfTokenFor(services, c, id),
    ...extra,
  };
}

/** The request's URL as handed back in flows: path and query on the public origin. */
function publicRequestUrl(c: Context): string {
  const url = new URL(c.req.url);
  return originOf(c) + url.pathname + url.search;
}

export function isExpired(services: Services, flow: FlowRecord): boolean {
  return Date.parse(flow.expiresAt) <= services.options.now().getTime();
}

export function wantsJson(c: Context): boolean {
  return (c.req.header('accept') ?? '').includes('application/json');
}

export async function readBody(c: Context): Promise<Record<string, unknown>> {
  const type = c.req.header('content-type') ?? '';
  try {
    if (type.includes('application/json')) {
      const body: unknown = await c.req.json();
      return body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
    }
    const form = await c.req.parseBody();
    return form as Record<string, unknown>;
  } catch {
    return {};
  }
}

export function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** Nested form names (traits.name.first) flattened by forms, or nested objects sent as JSON. */
export function field(body: Record<string, unknown>, path: string): string {
  if (path in body) return str(body[path]);
  let current: unknown = body;
  for (const part of path.split('.')) {
    if (!current || typeof current !== 'object') return '';
    current = (current as Record<string, unknown>)[part];
  }
  return str(current);
}
