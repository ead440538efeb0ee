import {
  authStateCheckerUrl,
  createApiClient,
  type ApiClient,
  type ApiClientOptions,
} from '@opsdeck/api-client';
import { loginPath, type SessionProvider } from '@opsdeck/auth';
import type { KratosFlows } from '@opsdeck/auth/kratos';
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type RouteObject } from 'react-router';
import {
  createFeatureRegistry,
  type FeatureDefinition,
  type FeatureRegistry,
  type RouteBinding,
} from '@opsdeck/extensions';
import {
  createConnectionMonitor,
  probeBackend,
  type ConnectionMonitor,
} from '../connection/connectionMonitor.ts';
import { watchQueries } from '../connection/watchQueries.ts';
import { toastMessageForError } from '../errors/toastMessage.ts';
import { returnedByChecker } from '../session/checkerLoop.ts';
import { lazyKratos } from '../session/lazyKratos.ts';
import type { RouteServices } from './routes.tsx';
import { createConsoleQueryClient } from './queryClient.ts';
import { isSignInPage, returnTargetOf } from './returnTarget.ts';
import { createInvalidRowsNotices, type InvalidRowsNotices } from '../errors/invalidRows.ts';

export type ConsoleRouter = ReturnType<typeof createBrowserRouter>;

export interface ConsoleOptions {
  features: readonly FeatureDefinition[];
  /** The build's cross-feature links (src/features/index.ts). */
  bindings?: readonly RouteBinding[];
  /** Where the API service groups live; default `/api` (same origin, the session cookie goes along). */
  apiBaseUrl?: string;
  /** The fetch the API client calls; default the global one (a server render passes its own app's). */
  fetch?: typeof globalThis.fetch;
  /** The Kratos public API; default `/api/.ory`. */
  kratosBasePath?: string;
  /** Tests pass a memory router; the browser uses the history API. */
  createRouter?: (routes: RouteObject[]) => ConsoleRouter;
  /**
   * The route table: `consoleRoutes` (app/routes.tsx) for Kratos, hosted mode brings its own. Passed
   * in by main.tsx, so this module never imports the pages that import it back.
   */
  routes: (registry: FeatureRegistry, services: RouteServices) => RouteObject[];
  /** The words of a failed call's toast, or null for none; default `toastMessageForError`. */
  toastMessage?: (error: unknown) => string | null;
  /**
   * Where a user goes whose session the identity provider accepts but the API keeps refusing; default
   * Kratos' re-authentication (`/login?refresh=true`), since a plain login passes a valid session
   * straight back to the refusing page.
   */
  reauthenticatePath?: (returnTo: string) => string;
}

/** The part of the API client's options the identity provider decides (direct mode: backend and token). */
export type ApiAuthOptions = Pick<ApiClientOptions, 'backendUrl' | 'getToken'>;

/** Everything the console runs on, made once and outside React, so the 401 handler can steer the router. */
export interface Console {
  router: ConsoleRouter;
  queryClient: QueryClient;
  apiClient: ApiClient;
  kratos: KratosFlows;
  session: SessionProvider;
  registry: FeatureRegistry;
  /** An API client with the console's 401 handling, for a provider that decides the backend itself. */
  createApiClient(auth: ApiAuthOptions): ApiClient;
  toastMessage: (error: unknown) => string | null;
  /** Whether the backend answers; drives the "connection lost" banner and recovery. */
  connection: ConnectionMonitor;
  /** Rows of a list left out because they did not match their schema, for a notice. */
  invalidRows: InvalidRowsNotices;
}

/** A console with everything but its router: its route table, still to be made into one. */
export interface PreparedConsole {
  routes: RouteObject[];
  queryClient: QueryClient;
  /** The console on the router `createRouter` makes of `routes`. */
  complete(createRouter: (routes: RouteObject[]) => ConsoleRouter): Console;
}

export function createConsole(options: ConsoleOptions): Console {
  return prepareConsole(options).complete(
    options.createRouter ?? ((table) => createBrowserRouter(table)),
  );
}

/**
 * The console up to its route table, for a caller that must do something with the table before
 * the router is made (hydrating a server render resolves the matched lazy routes first).
 */
export function prepareConsole(options: ConsoleOptions): PreparedConsole {
  const registry = createFeatureRegistry(options.features, { bindings: options.bindings });
  // The router is made last (its routes need nothing from here) but the handlers below read it lazily.
  const made: { router?: ConsoleRouter } = {};
  const reauthenticatePath =
    options.reauthenticatePath ?? ((returnTo: string) => loginPath({ returnTo, refresh: true }));
  const location = () => made.router?.state.location ?? { pathname: '/', search: '' };

  // Spec §8: any 401 goes to the state checker with the page to come back to.
  const onUnauthorized = () => {
    const router = made.router;
    if (!router) return;
    const current = router.state.location;
    if (isSignInPage(current.pathname)) return;
    // The checker found a session and sent us back, yet the API still says 401: asking it again
    // would loop, so the user signs in again, and nothing moves until they do.
    const returnTo = returnTargetOf(current);
    const target = returnedByChecker(current.state)
      ? reauthenticatePath(returnTo)
      : authStateCheckerUrl(returnTo);
    void router.navigate(target, { replace: true });
  };
  const invalidRows = createInvalidRowsNotices();
  const makeApiClient = (auth: ApiAuthOptions) =>
    createApiClient({
      baseUrl: options.apiBaseUrl ?? '/api',
      ...(options.fetch ? { fetch: options.fetch } : {}),
      ...auth,
      onUnauthorized,
      onInvalidRows: invalidRows.report,
    });
  const apiClient = makeApiClient({});
  // The Ory SDK loads with the first Kratos call, not with the app (session/lazyKratos.ts).
  const { flows: kratos, session } = lazyKratos({
    basePath: options.kratosBasePath ?? '/api/.ory',
    returnTo: () => returnTargetOf(location()),
  });
  const queryClient = createConsoleQueryClient();
  const connection = createConnectionMonitor({ probe: probeBackend(options.apiBaseUrl ?? '/api') });
  watchQueries(connection, queryClient);
  const routes = options.routes(registry, { apiClient, queryClient });
  const toastMessage = options.toastMessage ?? toastMessageForError;
  return {
    routes,
    queryClient,
    complete: (createRouter) => {
      const router = createRouter(routes);
      made.router = router;
      return {
        router,
        queryClient,
        apiClient,
        kratos,
        session,
        registry,
        createApiClient: makeApiClient,
        toastMessage,
        connection,
        invalidRows,
      };
    },
  };
}
