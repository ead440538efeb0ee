import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** Where our own origin comes from: the configured public URL, or the request (through a trusted proxy). */
export interface OriginOptions {
  publicUrl?: string | undefined;
  trustProxy?: boolean | undefined;
}

export const KILOBYTE = 1024;
export const MEGABYTE = 1024 * 1024;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * What the console needs and no more: its own scripts, styled-components' injected <style> tags,
 * data: images and fonts, fetches to this origin; and no page of another site may frame it.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

function firstValue(header: string | undefined): string | undefined {
  return header?.split(',')[0]?.trim() || undefined;
}

/** Our origin as a browser names it in `Origin`: the public URL when configured, else the request's own. */
export function ownOrigin(c: Context, options: OriginOptions): string {
  if (options.publicUrl) return new URL(options.publicUrl).origin;
  const url = new URL(c.req.url);
  if (!options.trustProxy) return url.origin;
  const proto = firstValue(c.req.header('x-forwarded-proto'));
  const host = firstValue(c.req.header('x-forwarded-host')) ?? url.host;
  try {
    return new URL(
      `${proto === 'https' || proto === 'http' ? proto : url.protocol.slice(0, -1)}://${host}`,
    ).origin;
  } catch {
    return url.origin;
  }
}

// /api/db answers in PostgREST's shape (code, details, hint) as well as {error, message}.
const POSTGREST_CODES: Partial<Record<ContentfulStatusCode, string>> = {
  403: '42501',
  413: 'PGRST102',
  415: 'PGRST107',
};

/** A refusal from the HTTP layer, shaped like the errors of the route it stands in front of. */
export function refuse(
  c: Context,
  status: ContentfulStatusCode,
  error: string,
  message: string,
  headers: Record<string, string> = {},
): Response {
  if (c.req.path === '/api/db' || c.req.path.startsWith('/api/db/')) {
    return c.json(
      {
        code: POSTGREST_CODES[status] ?? String(status),
        message,
        details: null,
        hint: null,
        error: message,
      },
      status,
      headers,
    );
  }
  return c.json({ error, message }, status, headers);
}

/**
 * Refuses a write a browser sent from a page of another origin (a same-site page on another port
 * carries our SameSite=Lax cookie and cached Basic credentials). Requests without Origin and
 * Sec-Fetch-Site (curl, scripts, servers) are not a browser acting for someone, so they pass.
 */
export function refuseCrossSite(options: OriginOptions): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const origin = c.req.header('origin');
    const site = c.req.header('sec-fetch-site');
    const own = ownOrigin(c, options);
    if (
      origin !== undefined
        ? origin !== own
        : site !== undefined && site !== 'same-origin' && site !== 'none'
    ) {
      return refuse(
        c,
        403,
        'forbidden',
        `cross-site request refused: ${c.req.method} from ${origin ?? `a ${site} page`} is not allowed, only from ${own}`,
      );
    }
    return next();
  };
}

function isJsonType(contentType: string): boolean {
  const media = contentType.split(';')[0]!.trim().toLowerCase();
  return media === 'application/json' || /^application\/[\w.+-]+\+json$/.test(media);
}

/**
 * JSON endpoints take JSON bodies only: the types a form can send (text/plain, urlencoded,
 * multipart) and a body without a type are refused, so no cross-site form can reach them.
 */
export function requireJsonBody(): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const contentType = c.req.header('content-type');
    const hasBody =
      c.req.header('transfer-encoding') !== undefined ||
      Number(c.req.header('content-length') ?? 0) > 0;
    if (contentType === undefined ? hasBody : !isJsonType(contentType)) {
      return refuse(
        c,
        415,
        'unsupported media type',
        `request body must be application/json, not ${contentType ?? 'untyped'}`,
      );
    }
    return next();
  };
}

/** At most `maxBytes` of request body, counted as it streams when there is no Content-Length. */
export function limitBody(maxBytes: number): MiddlewareHandler {
  const limit = maxBytes >= MEGABYTE ? `${maxBytes / MEGABYTE} MB` : `${maxBytes / KILOBYTE} KB`;
  // The rest of the body is never read, so the connection is not reused for a next request.
  return bodyLimit({
    maxSize: maxBytes,
    onError: (c) =>
      refuse(c, 413, 'payload too large', `request body is over ${limit}`, { Connection: 'close' }),
  });
}

/** Headers every reply carries: no framing, no type sniffing, no flow ids in Referer to other sites. */
export function securityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    c.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    c.header('X-Frame-Options', 'DENY');
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'same-origin');
    if (c.req.path.startsWith('/api/') && !c.res.headers.has('Cache-Control'))
      c.header('Cache-Control', 'no-store');
  };
}

/** The guards of the identity routes (Kratos self-service): its forms carry their own CSRF token. */
export function identityRouteGuards(options: OriginOptions): MiddlewareHandler[] {
  return [securityHeaders(), refuseCrossSite(options), limitBody(64 * KILOBYTE)];
}
