import { hostname } from 'node:os';
import { Hono } from 'hono';
import type { AppEnv } from '../../http/env.ts';
import { scopedForWhoami } from '../../auth/scoped.ts';

/** /api/auth: who the caller is, with the roles and permissions the console gates on. */
export function authRoutes() {
  const app = new Hono<AppEnv>();
  app.get('/whoami', (c) => {
    const user = c.get('user');
    const { isAdmin } = c.get('authorizer');
    return c.json({
      message: 'success',
      payload: {
        user: {
          id: user.id,
          name: user.name,
          ...(user.email ? { email: user.email } : {}),
          ...(user.avatar ? { avatar: user.avatar } : {}),
        },
        roles: user.roles,
        // Rows about single resources carry their condition, as Mission Control's do (§8).
        permissions: [...user.permissions, ...scopedForWhoami(user)],
        // The machine's name helps an admin tell instances apart and tells anyone else where to aim;
        // the key stays (empty) so the reply keeps Mission Control's shape.
        hostname: isAdmin ? hostname() : '',
      },
    });
  });
  return app;
}
