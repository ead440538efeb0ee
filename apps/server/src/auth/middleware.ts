import type { Context, MiddlewareHandler } from 'hono';
import { createAuthorizer, type Action, type CapabilityName, type Resource } from '@opsdeck/rbac';
import type { AppEnv } from '../http/env.ts';
import { errorBody, forbidden } from '../http/errors.ts';
import { resolveUser, type UserResolver } from './resolve.ts';
import { builtInAdmin } from './user.ts';

export type AuthMode = 'basic' | 'disabled';

export interface AuthOptions {
  mode: AuthMode;
  /** Tried in order; the first that recognises the request wins. */
  resolvers: UserResolver[];
}

/** Sets `user` or answers 401: no request without credentials reaches data. */
export function requireUser(options: AuthOptions): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user =
      options.mode === 'disabled'
        ? builtInAdmin
        : await resolveUser(options.resolvers, c.req.raw, socketAddress(c));
    if (!user) {
      if (!looksLikeBrowser(c.req.raw)) c.header('WWW-Authenticate', 'Basic realm="opsdeck"');
      return c.json(errorBody('unauthorized', 'authentication required'), 401);
    }
    c.set('user', user);
    c.set('authorizer', createAuthorizer({ roles: user.roles, permissions: user.permissions }));
    await next();
  };
}

/**
 * A browser that is challenged shows a password dialog and then sends what was typed with every
 * request to this origin, cross-site form posts included. So only clients that are clearly not
 * browsers (no Sec-Fetch-*, no Origin, no HTML accepted) are told that Basic exists; curl and
 * scripts send their credentials up front anyway.
 */
function looksLikeBrowser(request: Request): boolean {
  const headers = request.headers;
  if (headers.has('origin') || [...headers.keys()].some((name) => name.startsWith('sec-fetch-')))
    return true;
  return (headers.get('accept') ?? '').toLowerCase().includes('text/html');
}

/** The TCP peer (@hono/node-server keeps the Node request in env.incoming), for per-client throttles. */
function socketAddress(c: Context<AppEnv>): string | undefined {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress;
}

/** Refuses with 403 unless the user's roles and permissions grant `action` on `resource`. */
export function requireAccess(resource: Resource, action: Action): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!c.get('authorizer').can(resource, action))
      throw forbidden(`${action} on ${resource} is not allowed`);
    await next();
  };
}

/**
 * Refuses with 403 unless the user holds the named capability of @opsdeck/rbac; the console gates
 * the matching control with `<Can capability>` over the same table, so both ends agree.
 */
export function requireCapability(capability: CapabilityName): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!c.get('authorizer').canDo(capability)) throw forbidden(`${capability} is not allowed`);
    await next();
  };
}
