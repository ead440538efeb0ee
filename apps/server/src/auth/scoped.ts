import type { Authorizer } from '@opsdeck/rbac';
import { forbidden } from '../http/errors.ts';
import type { ScopeColumn } from './resolve.ts';
import type { AuthUser } from './user.ts';

const namesVerb = (action: string, verb: string) =>
  action.split(',').some((part) => part.trim() === verb || part.trim() === '*');

/**
 * What the user's rows about one resource say of `verb` on it: a deny beats an allow, and no row
 * restricts an admin. Undefined when no row names that resource.
 */
export function scopedDecision(
  user: AuthUser,
  authorizer: Authorizer,
  column: ScopeColumn,
  id: string,
  verb: string,
): 'allow' | 'deny' | undefined {
  const rows = (user.scopedPermissions ?? []).filter(
    (row) => row.scope[column] === id && namesVerb(row.action, verb),
  );
  if (!authorizer.isAdmin && rows.some((row) => row.deny)) return 'deny';
  return rows.some((row) => !row.deny) ? 'allow' : undefined;
}

/**
 * Refuses (403) unless the user may `verb` the resource: a row about that resource decides, else
 * `general` (the role matrix and the rows about the whole object).
 */
export function requireScoped(
  user: AuthUser,
  authorizer: Authorizer,
  column: ScopeColumn,
  id: string,
  verb: string,
  general: boolean,
): void {
  const decision = scopedDecision(user, authorizer, column, id, verb);
  if (decision === 'deny' || (decision === undefined && !general))
    throw forbidden(`${verb} on this resource is not allowed`);
}
