import { ApiClientProvider, useApiClient } from '@opsdeck/api-client/react';
import {
  HostedAuthProvider,
  useHostedApiClientOptions,
  useHostedSession,
  type HostedAuthProviderProps,
} from '@opsdeck/auth/hosted/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { ConsoleContext, useConsole } from '../app/ConsoleContext.tsx';
import { ConsoleUrlState } from '../routing/ConsoleUrlState.tsx';

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
  const { provider, state, identity } = useHostedSession();
  const options = useHostedApiClientOptions();
  const queryClient = useQueryClient();

  // What the cache knows (whoami, roles, data) belongs to one person in one organization. It is
  // dropped when they sign out or leave it (while the gate shows sign-in or the organization list no
  // page reads the cache), and when the SDK makes someone else active without a signed-out moment
  // between (a multi-session switch).
  const owner = state.type === 'ready' ? `${identity?.id ?? ''}|${state.organization.id}` : null;
  const lastOwner = useRef<string | null>(null);
  useEffect(() => {
    const previous = lastOwner.current;
    lastOwner.current = owner;
    if (previous === null || owner === previous) return;
    // Nobody ready: nothing reads the cache. Someone else ready: the shell stays mounted, so its
    // queries are reset (data forgotten, active ones fetched again as the new person).
    if (owner === null) queryClient.clear();
    else void queryClient.resetQueries();
  }, [owner, queryClient]);
  const client = useMemo(() => (options ? app.createApiClient(options) : null), [options, app]);
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
        <ConsoleUrlState />
      </HostedConsoleContext>
    </HostedAuthProvider>
  );
}
