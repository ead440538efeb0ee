import type { Whoami } from '@opsdeck/api-client/auth';
import type { AuthorizerInput, Permission } from '@opsdeck/rbac';

const orUndefined = <T>(value: T | null | undefined): T | undefined => value ?? undefined;

/** Whoami's roles and permissions as the authorizer takes them (the wire has nulls, rbac has absent fields). */
export function authorizerInputFromWhoami(whoami: Whoami): AuthorizerInput {
  const permissions: Permission[] = whoami.payload.permissions.map((permission) => ({
    id: orUndefined(permission.id),
    subject: orUndefined(permission.subject),
    object: orUndefined(permission.object),
    action: orUndefined(permission.action),
    deny: orUndefined(permission.deny),
    condition: orUndefined(permission.condition),
  }));
  return { roles: whoami.payload.roles, permissions };
}

/** The name to greet: the user's name, else their email, else their id. */
export function displayName(user: Whoami['payload']['user']): string {
  return user.name?.trim() || user.email || user.id;
}
