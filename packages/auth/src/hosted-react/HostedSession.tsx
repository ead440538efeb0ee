import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useNavigate } from 'react-router';
import {
  createHostedSessionProvider,
  type HostedSessionProvider,
  type HostedState,
  type OrganizationService,
} from '../hosted/organizations.ts';
import {
  createIdentityCheck,
  hostedSnapshotKey,
  resolveHostedSession,
  type HostedSnapshot,
  type IdentityCheck,
} from '../hosted/resolve.ts';
import { apiClientAuthOptions, type ApiCredentials, type SessionIdentity } from '../session.ts';

/** Provisioning is transient: look again this often (ms) until the backend answers. */
export const provisioningRetryMs = 10_000;

export type HostedSessionState = HostedState | { type: 'loading' };

export interface HostedSession {
  /** `loading` until the first resolution (and again after `reload`), then where the user stands. */
  state: HostedSessionState;
  identity: SessionIdentity | null;
  /** For `createApiClient`; null until the organization is ready. Stable while nothing changes. */
  credentials: ApiCredentials | null;
  organizations: HostedSnapshot['organizations'];
  /** The session contract (check, identity, credentials, logout) over the same service. */
  provider: HostedSessionProvider;
  /** Makes the organization active, then goes to /organizations/orgs-switched. Rejects on failure. */
  switchOrganization(id: string): Promise<void>;
  /** Creates and activates an organization, then goes to /organizations/orgs-switched. */
  createOrganization(name: string): Promise<void>;
  /** Signs out and goes to /login (also when signing out fails). */
  logout(): Promise<void>;
  /** Forgets the current state (screens show loading) and resolves it again, e.g. after a switch. */
  reload(): void;
}

const HostedSessionContext = createContext<HostedSession | null>(null);

export interface HostedSessionRootProps {
  service: OrganizationService;
  /** False while the hosted SDK is still loading; the state stays `loading`. Default true. */
  loaded?: boolean;
  /** Whoami against the organization's backend (404/5xx = provisioning). Default: `GET /auth/whoami`. */
  checkIdentity?: IdentityCheck;
  /** How often to look again while provisioning; default 10000 ms. */
  retryMs?: number;
  children?: ReactNode;
}

/**
 * Resolves the hosted session from an organization service and shares it below. The Clerk-backed
 * `HostedAuthProvider` renders this; tests render it with an in-memory service.
 */
export function HostedSessionRoot({
  service,
  loaded = true,
  checkIdentity,
  retryMs = provisioningRetryMs,
  children,
}: HostedSessionRootProps) {
  const navigate = useNavigate();
  const [snapshot, setSnapshot] = useState<HostedSnapshot | null>(null);
  const [revision, setRevision] = useState(0);
  const [failure, setFailure] = useState<unknown>(null);
  // A ref, so an inline `checkIdentity` does not re-run the resolution on every render.
  const checkRef = useRef(checkIdentity);
  useEffect(() => {
    checkRef.current = checkIdentity;
  }, [checkIdentity]);

  const refresh = useCallback(() => setRevision((value) => value + 1), []);
  const reload = useCallback(() => {
    setSnapshot(null);
    refresh();
  }, [refresh]);

  useEffect(() => (loaded ? service.subscribe?.(refresh) : undefined), [service, loaded, refresh]);

  useEffect(() => {
    if (!loaded) return;
    const controller = new AbortController();
    resolveHostedSession(service, {
      checkIdentity: checkRef.current ?? createIdentityCheck(),
      signal: controller.signal,
    }).then(
      (next) => {
        if (controller.signal.aborted) return;
        setFailure(null);
        // Same content → keep the old object, so API clients built from its credentials survive.
        setSnapshot((previous) =>
          previous && hostedSnapshotKey(previous) === hostedSnapshotKey(next) ? previous : next,
        );
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setFailure(error);
      },
    );
    return () => controller.abort();
  }, [service, loaded, revision]);

  const stateType = snapshot?.state.type;
  useEffect(() => {
    if (stateType !== 'provisioning') return;
    const timer = setTimeout(refresh, retryMs);
    return () => clearTimeout(timer);
  }, [stateType, retryMs, refresh, revision]);

  const provider = useMemo(() => createHostedSessionProvider(service), [service]);
  const value = useMemo<HostedSession>(
    () => ({
      state: snapshot?.state ?? { type: 'loading' },
      identity: snapshot?.identity ?? null,
      credentials: snapshot?.credentials ?? null,
      organizations: snapshot?.organizations ?? [],
      provider,
      switchOrganization: async (id) =>
        navigate((await provider.switchOrganization(id)).redirectTo),
      createOrganization: async (name) =>
        navigate((await provider.createOrganization(name)).redirectTo),
      logout: async () => navigate((await provider.logout()).redirectTo, { replace: true }),
      reload,
    }),
    [snapshot, provider, navigate, reload],
  );
  // A failed resolution belongs to the error boundary around the app, as any render error would.
  if (failure) throw failure;
  return <HostedSessionContext.Provider value={value}>{children}</HostedSessionContext.Provider>;
}

/** The hosted session; throws outside `HostedAuthProvider` / `HostedSessionRoot` (§8). */
export function useHostedSession(): HostedSession {
  const session = useContext(HostedSessionContext);
  if (!session) throw new Error('useHostedSession must be used inside <HostedAuthProvider>');
  return session;
}

/**
 * The `backendUrl` / `getToken` part of `createApiClient`'s options: in direct mode the
 * organization's backend and a `Backend`-template bearer token; empty (cookie, `/api`) otherwise.
 * Null until the organization is ready. Memoize the API client on this object.
 */
export function useHostedApiClientOptions(): ReturnType<typeof apiClientAuthOptions> | null {
  const { credentials } = useHostedSession();
  return useMemo(() => (credentials ? apiClientAuthOptions(credentials) : null), [credentials]);
}
