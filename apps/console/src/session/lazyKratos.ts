import type { SessionProvider } from '@opsdeck/auth';
import type { KratosFlows } from '@opsdeck/auth/kratos';

/**
 * The Kratos self-service calls and the session contract on them, with the Ory SDK loaded on the
 * first call: only the sign-in pages, the profile, the state checker and sign-out make one, so a
 * signed-in page's first load (whose session answer is the API's whoami) neither downloads nor
 * runs the SDK (issue 31). Every method of both answers a promise, so each waits for the load.
 */
export function lazyKratos(options: {
  /** The Kratos public API, e.g. `/api/.ory`. */
  basePath: string;
  /** The page to come back to after signing in (the session provider's). */
  returnTo: () => string;
}): {
  flows: KratosFlows;
  session: SessionProvider;
} {
  let loaded: Promise<{ flows: KratosFlows; session: SessionProvider }> | undefined;
  const load = () =>
    (loaded ??= import('@opsdeck/auth/kratos').then(
      ({ createKratosFlows, createKratosSessionProvider }) => {
        const flows = createKratosFlows(options);
        return {
          flows,
          session: createKratosSessionProvider({ flows, returnTo: options.returnTo }),
        };
      },
    ));
  const frontend = new Proxy({} as KratosFlows['frontend'], {
    get: (_target, name) =>
      typeof name === 'string' && name !== 'then'
        ? async (...args: unknown[]) => {
            const api = (await load()).flows.frontend as unknown as Record<
              string,
              (...rest: unknown[]) => unknown
            >;
            return api[name]!(...args);
          }
        : undefined,
  });
  return {
    flows: {
      frontend,
      create: async (kind, createOptions) => (await load()).flows.create(kind, createOptions),
      get: async (kind, id) => (await load()).flows.get(kind, id),
      update: async (kind, id, body) => (await load()).flows.update(kind, id, body),
      flowError: async (id) => (await load()).flows.flowError(id),
      session: async () => (await load()).flows.session(),
    },
    session: {
      check: async () => (await load()).session.check(),
      identity: async () => (await load()).session.identity(),
      credentials: async () => (await load()).session.credentials(),
      logout: async () => (await load()).session.logout(),
    },
  };
}
