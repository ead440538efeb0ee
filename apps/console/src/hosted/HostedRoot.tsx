import { ApiClientProvider, useApiClient } from '@opsdeck/api-client/react';
import {
  HostedAuthProvider,
  useHostedApiClientOptions,
  useHostedSession,
  type HostedAuthProviderProps,
} from '@opsdeck/auth/hosted/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { ConsoleContext, useConsole } from '../app/ConsoleContext.tsx';

export type HostedProviderSettings = Pick<
  HostedAuthProviderProps,
  'publishableKey' | 'clerk' | 'checkIdentity' | 'retryMs'
>;

/**
 * Below the hosted provider the console's session is the hosted one (the state checker and sign-out
 * ask it), and API calls follow the active organization: in direct mode its backend with a bearer
 * token, otherwise `/api` with cookies. The client is rebuilt only when the organization's backend
 * changes (the options object is stable until then).
 */
function HostedConsoleContext({ children }: { children: ReactNode }) {
  const app = useConsole();
  const fallback = useApiClient();
  const { provider, state } = useHostedSession();
  const options = useHostedApiClientOptions();
  const queryClient = useQueryClient();

  // Signing out (or leaving the organization) ends what the cache knew: whoami, roles and data
  // belong to that person and organization. While the gate shows sign-in or the organization list
  // no page reads the cache, so it is dropped there, before anyone else's shell renders from it.
  const ready = state.type === 'ready';
  const wasReady = useRef(false);
  useEffect(() => {
    if (wasReady.current && !ready) queryClient.clear();
    wasReady.current = ready;
  }, [ready, queryClient]);
  const client = useMemo(
    () => (options ? app.createApiClient(options) : null),
    [options, app],
  );
  const context = useMemo(() => ({ ...app, session: provider }), [app, provider]);
  return (
    <ConsoleContext.Provider value={context}>
      {/* Until an organization is ready no page that calls the API renders (HostedGate); the sign-in
          and organization pages make no calls through it. */}
      <ApiClientProvider client={client ?? fallback}>{children}</ApiClientProvider>
    </ConsoleContext.Provider>
  );
}

/** The root route of the hosted console: the hosted provider (inside the router, as it navigates). */
export function HostedRoot({
  publishableKey,
  clerk,
  checkIdentity,
  retryMs,
}: HostedProviderSettings) {
  return (
    <HostedAuthProvider
      publishableKey={publishableKey}
      clerk={clerk}
      checkIdentity={checkIdentity}
      retryMs={retryMs}
    >
      <HostedConsoleContext>
        <Outlet />
      </HostedConsoleContext>
    </HostedAuthProvider>
  );
}
