import type { AuthUser } from '../auth/user';

/** Hono context variables every route can read. */
export interface AppEnv {
  Variables: {
    user: AuthUser;
  };
}
