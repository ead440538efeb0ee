import type { MiddlewareHandler } from 'hono';
import { createAuthorizer, type Action, type Resource } from '@opsdeck/rbac';
import type { AppEnv } from '../http/env';
import { errorBody, forbidden } from '../http/errors';
import { resolveUser, type UserResolver } from './resolve';
import { builtInAdmin } from './user';

export type AuthMode = 'basic' | 'disabled';

export interface AuthOptions {
  mode: AuthMode;
  /** Tried in order; the first that recognises the request wins. */
  resolvers: UserResolver[];
}

/** Sets `user` or answers 401: no request without credentials reaches data. */
export function requireUser(options: AuthOptions): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = options.mode === 'disabled' ? builtInAdmin : await resolveUser(options.resolvers, c.req.raw);
    if (!user) {
      // A challenge makes the browser hold a page's fetch behind a password dialog; the console
      // handles 401 itself (state checker, then sign-in). Scripts, curl and address-bar visits still get it.
      const fetchMode = c.req.header('sec-fetch-mode');
      if (!fetchMode || fetchMode === 'navigate') c.header('WWW-Authenticate', 'Basic realm="opsdeck"');
      return c.json(errorBody('unauthorized', 'authentication required'), 401);
    }
    c.set('user', user);
    await next();
  };
}

/** Refuses with 403 unless the user's roles and permissions grant `action` on `resource`. */
export function requireAccess(resource: Resource, action: Action): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = c.get('user');
    if (!createAuthorizer({ roles: user.roles, permissions: user.permissions }).can(resource, action)) {
      throw forbidden(`${action} on ${resource} is not allowed`);
    }
    await next();
  };
}
