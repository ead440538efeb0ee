import type { Authorizer } from '@opsdeck/rbac';
import type { AuthUser } from '../auth/user.ts';

/** Hono context variables every route can read. */
export interface AppEnv {
  Variables: {
    user: AuthUser;
    /** The user's roles and permission rows as one authorizer, built once when the user is resolved. */
    authorizer: Authorizer;
  };
}
