import type { core } from 'zod/mini';

/** How a call failed; the console picks its reaction (toast, redirect, retry) from this. */
export type ApiErrorKind = 'timeout' | 'network' | 'offline' | 'http' | 'validation';

/** The user-facing words of console spec §8 / settings spec §8. */
export const apiErrorMessages = {
  timeout: 'Request timed out. Please try again.',
  network: 'Network Error. Please try again.',
  offline: 'No internet connection. Please try again.',
  fallback: 'An error occurred',
} as const;

export interface ApiErrorInit {
  kind: ApiErrorKind;
  message: string;
  status?: number;
  body?: unknown;
  url?: string;
  method?: string;
  issues?: core.$ZodIssue[];
  cause?: unknown;
}

/** Every failure of an API call (except a caller's abort, which rejects with the AbortError). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  /** HTTP status for `http` errors (and validation of a reply); undefined when nothing came back. */
  readonly status: number | undefined;
  /** The parsed reply body of an `http` error (`{error, message?, data?}` on the backend). */
  readonly body: unknown;
  readonly url: string | undefined;
  readonly method: string | undefined;
  /** For `validation`: what did not match, with paths into the reply. */
  readonly issues: core.$ZodIssue[] | undefined;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.status = init.status;
    this.body = init.body;
    this.url = init.url;
    this.method = init.method;
    this.issues = init.issues;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * The server's answer to asking for one record by an id it does not hold (404) or cannot read as an
 * id (400, PostgreSQL's "invalid input syntax for type uuid"): for a page about that record, it is
 * not found.
 */
export function isNotFoundError(error: unknown): boolean {
  return (
    isApiError(error) && error.kind === 'http' && (error.status === 404 || error.status === 400)
  );
}

/**
 * The codes apps/server puts in `error` while its `message` holds the sentence
 * (`{error: 'forbidden', message: 'only an approver of this playbook may approve its runs'}`).
 * A real Mission Control puts the sentence itself in `error` and seldom sends `message`.
 */
export const serverErrorCodes: readonly string[] = [
  'invalid',
  'unauthorized',
  'forbidden',
  'not found',
  'conflict',
  'payload too large',
  'method not allowed',
  'internal',
  'not implemented',
  'busy',
];

/**
 * The sentence of an error reply, whichever backend sent it: apps/server's `message` when `error` is
 * only its code, else the `error` (Mission Control's sentence), else `message` (PostgREST's), else
 * the generic words.
 */
export function messageFromBody(body: unknown): string {
  if (body !== null && typeof body === 'object') {
    const { error, message } = body as { error?: unknown; message?: unknown };
    const sentence = typeof message === 'string' && message.trim() !== '' ? message : undefined;
    const given = typeof error === 'string' && error.trim() !== '' ? error : undefined;
    if (sentence && (!given || serverErrorCodes.includes(given))) return sentence;
    if (given) return given;
  }
  return apiErrorMessages.fallback;
}

const plainTextLimit = 300;

/**
 * The words for a failed reply. A real Mission Control answers some errors in plain text: 401
 * `Authorization Error` / `Session Expired`, and 403 `unauthorized. Access Denied` with the refused
 * object and action in `X-Rbac-Object` / `X-Rbac-Action`; those become sentences a person can act on.
 * An HTML page (a proxy's error page) is not shown.
 */
export function messageFromReply(status: number, body: unknown, headers?: Headers): string {
  if (status === 403) {
    const object = headers?.get('x-rbac-object');
    const action = headers?.get('x-rbac-action');
    if (object || action)
      return `Access denied: ${action || 'this action'} on ${object || 'this resource'} is not allowed for you`;
  }
  if (typeof body === 'string') {
    const text = body.trim();
    const html = text.startsWith('<') || (headers?.get('content-type') ?? '').includes('text/html');
    if (text !== '' && !html) {
      const firstLine = text.split('\n', 1)[0]!.trim();
      const line =
        firstLine.length > plainTextLimit ? `${firstLine.slice(0, plainTextLimit)}…` : firstLine;
      return status === 401 ? `Not signed in (${line}). Please sign in again.` : line;
    }
    return apiErrorMessages.fallback;
  }
  return messageFromBody(body);
}

/**
 * What an issue found, in words. zod/mini loads no locale (its English messages are another ~1 KB
 * gzip on every first load), so a type mismatch reads "Invalid input": say what was expected.
 */
export function describeIssue(issue: core.$ZodIssue | undefined): string {
  if (!issue) return 'invalid';
  if (issue.code === 'invalid_type') return `expected ${issue.expected}`;
  return issue.message;
}

/** `checks_summary.0.uptime.passed` style path of the first issue, `(root)` for the reply itself. */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  return path.length === 0 ? '(root)' : path.map(String).join('.');
}

export function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** The console's 401 target: `/auth-state-checker?return_to=<path and query>`. */
export function authStateCheckerUrl(returnTo: string): string {
  return `/auth-state-checker?return_to=${encodeURIComponent(returnTo)}`;
}
