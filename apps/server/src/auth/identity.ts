import type { MiddlewareHandler } from 'hono';
import { withActor } from '../db/actor.ts';
import type { Database } from '../db/database.ts';
import { ApiError } from '../http/errors.ts';
import {
  createIdentityService,
  type IdentityOptions,
  type IdentityService,
  type IdentityUser,
} from '../services/identity/index.ts';
import { accessTokenResolver } from './accessTokens.ts';
import { loadAccess, resolveUser, type UserResolver } from './resolve.ts';
import type { AuthUser } from './user.ts';

export interface IdentityAuth {
  identity: IdentityService;
  /** For the core app (`AppOptions.resolvers`): the session cookie first, then HTTP Basic. */
  resolvers: UserResolver[];
}

/**
 * The identity service as the core app's only way to know people: its session cookie and HTTP Basic
 * (both on its own credentials), the person being the identity's id. Its outbox answers admins found
 * the same way as on the rest of /api (or anyone, with the dev flag).
 */
export function createIdentityAuth(
  db: Database,
  options: Omit<IdentityOptions, 'db' | 'outboxAccess'>,
): IdentityAuth {
  const resolvers: UserResolver[] = [];
  const identity = createIdentityService({
    ...options,
    db,
    outboxAccess: async (request, peerAddress) => {
      // Too busy to check a password (ApiError 503) is no admin either.
      const user = await resolveUser(resolvers, request, peerAddress).catch((error: unknown) => {
        if (error instanceof ApiError) return undefined;
        throw error;
      });
      if (!user) return 'unauthenticated';
      return user.roles.includes('admin') ? 'granted' : 'forbidden';
    },
  });
  resolvers.push(
    // An agent's access token (Bearer, or Basic as agent-…), ahead of the password check.
    accessTokenResolver(db),
    async (request) => {
      const user = await identity.sessionUser(request);
      return user ? personOf(db, user) : undefined;
    },
    async (request, peerAddress) => {
      const signIn = await identity.basicUser(request, peerAddress);
      if (!signIn.user && signIn.busy)
        throw new ApiError(503, 'busy', 'too many password checks at once; retry in a moment');
      return signIn.user ? personOf(db, signIn.user) : undefined;
    },
  );
  return { identity, resolvers };
}

/** The person behind an identity (same id): roles, permissions, avatar; nobody once soft-deleted. */
async function personOf(db: Database, user: IdentityUser): Promise<AuthUser | undefined> {
  const { rows } = await db.query<{ avatar: string | null; deleted: boolean }>(
    'SELECT avatar, deleted_at IS NOT NULL AS deleted FROM people WHERE id = $1',
    [user.id],
  );
  const person = rows[0];
  if (person?.deleted) return undefined;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    ...(person?.avatar ? { avatar: person.avatar } : {}),
    ...(await loadAccess(db, user.id)),
  };
}

/**
 * Middleware for the identity flows' routes: a request with a session writes as that person (a
 * settings flow changing a password); one without (login, registration, recovery) as `system`.
 */
export function identityActor(identity: IdentityService): MiddlewareHandler {
  return async (c, next) => {
    const user = await identity.sessionUser(c.req.raw).catch(() => null);
    return user ? withActor(user.id, next) : next();
  };
}
