import {
  apiErrorMessages,
  createApiClient,
  isApiError,
  messageFromBody,
  type ApiClientOptions,
} from '@opsdeck/api-client';
import { apiClientAuthOptions, type ApiCredentials, type SessionIdentity } from '../session.ts';
import {
  backendTokenTemplate,
  hostedState,
  organizationCredentials,
  type HostedOrganization,
  type HostedState,
  type OrganizationService,
} from './organizations.ts';

/**
 * Asks the organization's backend who the user is and answers the HTTP status (undefined when no
 * reply came back). 404 and 5xx mean the instance is still being provisioned (§2).
 */
export type IdentityCheck = (
  credentials: ApiCredentials,
  signal?: AbortSignal,
) => Promise<number | undefined>;

export type IdentityCheckOptions = Pick<ApiClientOptions, 'baseUrl' | 'timeout' | 'fetch'>;

/** The default identity check: `GET {base}/auth/whoami` through the API client with these credentials. */
export function createIdentityCheck(options: IdentityCheckOptions = {}): IdentityCheck {
  return async (credentials, signal) => {
    const client = createApiClient({ ...options, ...apiClientAuthOptions(credentials) });
    try {
      const reply = await client.auth.send('GET', 'whoami', signal ? { signal } : {});
      return reply.response.status;
    } catch (error) {
      if (isApiError(error)) return error.kind === 'http' ? error.status : undefined;
      throw error;
    }
  };
}

/** Everything the hosted UI shows, resolved in one pass so the screens never see half a state. */
export interface HostedSnapshot {
  state: HostedState;
  identity: SessionIdentity | null;
  /** How API clients reach the backend; set only when the organization is ready. */
  credentials: ApiCredentials | null;
  /** The user's organizations, loaded only when one must be chosen. */
  organizations: HostedOrganization[];
}

export interface ResolveOptions {
  checkIdentity?: IdentityCheck;
  signal?: AbortSignal;
}

export async function resolveHostedSession(
  service: OrganizationService,
  options: ResolveOptions = {},
): Promise<HostedSnapshot> {
  const [user, organization] = await Promise.all([service.user(), service.activeOrganization()]);
  const identity: SessionIdentity | null = user
    ? {
        id: user.id,
        name: user.name,
        ...(user.email ? { email: user.email } : {}),
        ...(user.imageUrl ? { avatar: user.imageUrl } : {}),
      }
    : null;
  let state = hostedState(user, organization);
  if (state.type === 'choose-organization')
    return { state, identity, credentials: null, organizations: await service.organizations() };
  if (state.type !== 'ready') return { state, identity, credentials: null, organizations: [] };

  const credentials = organizationCredentials(state.backend, () =>
    service.getToken(backendTokenTemplate),
  );
  if (options.checkIdentity) {
    state = hostedState(
      user,
      organization,
      await options.checkIdentity(credentials, options.signal),
    );
    if (state.type !== 'ready') return { state, identity, credentials: null, organizations: [] };
  }
  return { state, identity, credentials, organizations: [] };
}

/**
 * What tells two snapshots apart for the screens and API clients. Clerk emits on every token
 * refresh; an unchanged key lets callers keep the old snapshot (and the API client built from it).
 */
export function hostedSnapshotKey(snapshot: HostedSnapshot): string {
  const { credentials } = snapshot;
  return JSON.stringify([
    snapshot.state,
    snapshot.identity,
    credentials?.mode === 'direct'
      ? ['direct', credentials.backendUrl]
      : (credentials?.mode ?? null),
    snapshot.organizations,
  ]);
}

/**
 * The words of a hosted-mode failure for a toast (§8): the backend's `error`/`message`, a Clerk API
 * error's long message, or the error's own message; 'An error occurred' when there is none.
 */
export function hostedErrorMessage(error: unknown): string {
  if (isApiError(error)) return error.kind === 'http' ? messageFromBody(error.body) : error.message;
  if (
    error !== null &&
    typeof error === 'object' &&
    Array.isArray((error as { errors?: unknown }).errors)
  ) {
    const [first] = (error as { errors: { longMessage?: unknown; message?: unknown }[] }).errors;
    const text = first?.longMessage ?? first?.message;
    if (typeof text === 'string' && text.trim()) return text;
  }
  if (error instanceof Error && error.message.trim()) return error.message;
  return apiErrorMessages.fallback;
}

/** A `return_to` from the URL, kept only when it is a path on this site (no open redirect). */
export function localReturnTo(value: string | null | undefined, fallback = '/'): string {
  return value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\')
    ? value
    : fallback;
}
