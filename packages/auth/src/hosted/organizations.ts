import {
  authPaths,
  type ApiCredentials,
  type CheckResult,
  type LogoutResult,
  type SessionIdentity,
  type SessionProvider,
} from '../session.ts';

// The hosted organization service (Clerk-like) behind a tiny interface, so the logic runs and is
// tested without the SaaS; `clerk.ts` adapts the real SDK object to it.

export interface HostedOrganization {
  id: string;
  name: string;
  /** `backend_url`: the organization's backend; `direct`: the browser calls it directly. */
  publicMetadata: Record<string, unknown>;
}

export interface HostedUser {
  id: string;
  name: string;
  email?: string;
  imageUrl?: string;
}

export interface OrganizationService {
  user(): Promise<HostedUser | null>;
  activeOrganization(): Promise<HostedOrganization | null>;
  organizations(): Promise<HostedOrganization[]>;
  setActiveOrganization(id: string): Promise<void>;
  createOrganization(name: string): Promise<HostedOrganization>;
  /** A session token from a JWT template ('Backend' for API calls). */
  getToken(template: string): Promise<string | null>;
  signOut(): Promise<void>;
  /** Calls back when the user, session or active organization changes; returns the unsubscribe. */
  subscribe?(onChange: () => void): () => void;
}

export const backendTokenTemplate = 'Backend';
export const invalidBooleanMessage = 'Invalid boolean value';
export const provisioningMessage = 'Please wait, instance provisioning in-progress ...';

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

/** §5: the direct flag is a boolean or the strings 'true'/'false'; absent means proxied. */
export function parseDirectFlag(value: unknown): Parsed<boolean> {
  if (value === undefined || value === null) return { ok: true, value: false };
  if (typeof value === 'boolean') return { ok: true, value };
  if (value === 'true' || value === 'false') return { ok: true, value: value === 'true' };
  return { ok: false, error: invalidBooleanMessage };
}

export interface OrganizationBackend {
  backendUrl?: string;
  direct: boolean;
}

export function organizationBackend(organization: HostedOrganization): Parsed<OrganizationBackend> {
  const direct = parseDirectFlag(organization.publicMetadata.direct);
  if (!direct.ok) return direct;
  const url = organization.publicMetadata.backend_url;
  return {
    ok: true,
    value: {
      backendUrl: typeof url === 'string' && url.trim() ? url.trim() : undefined,
      direct: direct.value,
    },
  };
}

/** How API clients reach a ready organization: direct (bearer token, its backend) or through `/api`. */
export function organizationCredentials(
  backend: OrganizationBackend,
  getToken: () => Promise<string | null>,
): ApiCredentials {
  return backend.direct && backend.backendUrl
    ? { mode: 'direct', backendUrl: backend.backendUrl, getToken }
    : { mode: 'cookie' };
}

export type HostedState =
  | { type: 'signed-out'; redirectTo: string }
  | { type: 'choose-organization' }
  | { type: 'provisioning'; message: string }
  | { type: 'invalid'; message: string }
  | { type: 'ready'; organization: HostedOrganization; backend: OrganizationBackend };

/**
 * Where a hosted user stands (§2): signed out → /login; no organization → the list; no backend
 * yet, or the backend's identity call answering 404/5xx → provisioning.
 */
export function hostedState(
  user: HostedUser | null,
  organization: HostedOrganization | null,
  identityStatus?: number,
): HostedState {
  if (!user) return { type: 'signed-out', redirectTo: authPaths.login };
  if (!organization) return { type: 'choose-organization' };
  const backend = organizationBackend(organization);
  if (!backend.ok) return { type: 'invalid', message: backend.error };
  if (!backend.value.backendUrl) return { type: 'provisioning', message: provisioningMessage };
  if (identityStatus !== undefined && (identityStatus === 404 || identityStatus >= 500))
    return { type: 'provisioning', message: provisioningMessage };
  return { type: 'ready', organization, backend: backend.value };
}

export interface HostedSessionProvider extends SessionProvider {
  state(identityStatus?: number): Promise<HostedState>;
  switchOrganization(id: string): Promise<LogoutResult>;
  createOrganization(name: string): Promise<LogoutResult>;
}

export function createHostedSessionProvider(service: OrganizationService): HostedSessionProvider {
  const state = async (identityStatus?: number) =>
    hostedState(await service.user(), await service.activeOrganization(), identityStatus);
  return {
    state,
    async check(): Promise<CheckResult> {
      const user = await service.user();
      if (!user) return { authenticated: false, redirectTo: authPaths.login };
      if (!(await service.activeOrganization()))
        return { authenticated: false, redirectTo: authPaths.organizations };
      return { authenticated: true };
    },
    async identity(): Promise<SessionIdentity | null> {
      const user = await service.user();
      if (!user) return null;
      return {
        id: user.id,
        name: user.name,
        ...(user.email ? { email: user.email } : {}),
        ...(user.imageUrl ? { avatar: user.imageUrl } : {}),
      };
    },
    async credentials(): Promise<ApiCredentials> {
      const organization = await service.activeOrganization();
      if (!organization) return { mode: 'cookie' };
      const backend = organizationBackend(organization);
      if (!backend.ok) throw new Error(backend.error);
      return organizationCredentials(backend.value, () => service.getToken(backendTokenTemplate));
    },
    async logout() {
      await service.signOut().catch(() => undefined);
      return { redirectTo: authPaths.login };
    },
    async switchOrganization(id) {
      await service.setActiveOrganization(id);
      return { redirectTo: authPaths.organizationsSwitched };
    },
    async createOrganization(name) {
      const organization = await service.createOrganization(name);
      await service.setActiveOrganization(organization.id);
      return { redirectTo: authPaths.organizationsSwitched };
    },
  };
}
