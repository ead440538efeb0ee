// The hosted SaaS cannot run here: an in-memory organization service and a real backend on
// 127.0.0.1 stand in for it in the hosted tests.
import { createFakeBackend, json, type RecordedRequest } from '@opsdeck/testing';
import type { HostedOrganization, HostedUser, OrganizationService } from './organizations.ts';

export interface InMemoryOrganizations extends OrganizationService {
  /** Templates asked for, in order. */
  tokens: string[];
  /** Replaces an organization's public metadata and tells subscribers, as Clerk does. */
  updateMetadata(id: string, publicMetadata: Record<string, unknown>): void;
  signIn(user: HostedUser): void;
}

export function inMemoryOrganizations(
  user: HostedUser | null,
  organizations: HostedOrganization[],
  active?: string,
): InMemoryOrganizations {
  let currentUser = user;
  let activeId = active;
  const tokens: string[] = [];
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((listener) => listener());
  return {
    tokens,
    user: async () => currentUser,
    activeOrganization: async () =>
      organizations.find((organization) => organization.id === activeId) ?? null,
    organizations: async () => [...organizations],
    setActiveOrganization: async (id) => {
      if (!organizations.some((organization) => organization.id === id))
        throw new Error('not a member');
      activeId = id;
      emit();
    },
    createOrganization: async (name) => {
      if (!name.trim())
        throw Object.assign(new Error('create failed'), {
          errors: [{ message: 'is required', longMessage: 'Enter an organization name.' }],
        });
      const organization = { id: `org_${organizations.length + 1}`, name, publicMetadata: {} };
      organizations.push(organization);
      return organization;
    },
    getToken: async (template) => {
      tokens.push(template);
      return 'jwt-for-' + template;
    },
    signOut: async () => {
      currentUser = null;
      activeId = undefined;
      emit();
    },
    signIn: (next) => {
      currentUser = next;
      emit();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    updateMetadata: (id, publicMetadata) => {
      const index = organizations.findIndex((organization) => organization.id === id);
      const organization = organizations[index];
      if (!organization) throw new Error('no organization ' + id);
      organizations[index] = { ...organization, publicMetadata };
      emit();
    },
  };
}

export interface OrganizationBackend {
  /** `http://127.0.0.1:port/api`, what an organization's `backend_url` names. */
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** An organization backend on 127.0.0.1 answering every call with the status the test sets (whoami and the summary in one shape). */
export async function startBackend(status: () => number = () => 200): Promise<OrganizationBackend> {
  const backend = await createFakeBackend(
    {
      '* /*': () => {
        const code = status();
        return json(
          code < 400
            ? { user: { id: 'u1' }, checks_summary: [] }
            : { error: code === 404 ? 'instance not found' : 'backend starting' },
          { status: code },
        );
      },
    },
    // A browser calls an organization's backend cross-origin in direct mode.
    {
      headers: {
        'access-control-allow-origin': '*',
        'access-control-allow-headers': 'authorization',
      },
    },
  );
  return { url: `${backend.url}/api`, requests: backend.requests, close: backend.close };
}
