import { authPaths } from '@opsdeck/auth';
import { safeReturnTo } from '../routing/access.ts';

/**
 * The path and query to come back to after signing in (spec §7/§8). On the state checker itself it
 * is the return_to the checker was given, so a 401 → checker → login chain keeps the first page.
 */
export function returnTargetOf(location: { pathname: string; search: string }): string {
  if (location.pathname === authPaths.authStateChecker)
    return safeReturnTo(new URLSearchParams(location.search).get('return_to'));
  return location.pathname + location.search;
}

const signInPages: ReadonlySet<string> = new Set([
  authPaths.login,
  authPaths.registration,
  authPaths.recovery,
  authPaths.verification,
  authPaths.error,
  authPaths.authStateChecker,
  // Hosted mode: choosing or switching an organization comes before any page's calls.
  authPaths.organizations,
  authPaths.organizationsSwitched,
]);

/** A 401 on a sign-in page (a stray background call) must not send the user away from signing in. */
export function isSignInPage(pathname: string): boolean {
  return signInPages.has(pathname);
}
