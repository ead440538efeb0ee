import type { Session } from '@ory/client-fetch';
import {
  currentReturnTo,
  loginPath,
  type SessionIdentity,
  type SessionProvider,
} from '../session.ts';
import type { KratosFlows } from './client.ts';
import { decideSessionFailure } from './decisions.ts';

export interface KratosSessionOptions {
  flows: KratosFlows;
  /** Current path and query; defaults to the browser location. */
  returnTo?: () => string;
}

export function identityFromSession(session: Session): SessionIdentity | null {
  const identity = session.identity;
  if (!identity) return null;
  const traits = (identity.traits ?? {}) as {
    email?: string;
    name?: { first?: string; last?: string } | string;
  };
  const name =
    typeof traits.name === 'string'
      ? traits.name
      : [traits.name?.first, traits.name?.last].filter(Boolean).join(' ');
  return {
    id: identity.id,
    name: name || traits.email || identity.id,
    ...(traits.email ? { email: traits.email } : {}),
  };
}

/** The session contract on Kratos: cookie credentials, session check and the logout flow. */
export function createKratosSessionProvider(options: KratosSessionOptions): SessionProvider {
  const returnTo = options.returnTo ?? (() => currentReturnTo());
  const { flows } = options;
  return {
    async check() {
      const result = await flows.session();
      if (result.ok) return { authenticated: true };
      const decision = decideSessionFailure(result.failure.status, returnTo());
      if (decision) return decision;
      throw Object.assign(new Error(`Session check failed with HTTP ${result.failure.status}`), {
        failure: result.failure,
      });
    },
    async identity() {
      const result = await flows.session();
      return result.ok ? identityFromSession(result.data) : null;
    },
    async credentials() {
      return { mode: 'cookie' };
    },
    async logout() {
      const target = loginPath({ returnTo: returnTo() });
      try {
        // A 401 here means there is no session left to end: go to login all the same.
        const flow = await flows.frontend.createBrowserLogoutFlow({ returnTo: target });
        await flows.frontend.updateLogoutFlow({ token: flow.logout_token, returnTo: target });
      } catch {
        // Logout failure still goes to login (§8).
      }
      return { redirectTo: target };
    },
  };
}
