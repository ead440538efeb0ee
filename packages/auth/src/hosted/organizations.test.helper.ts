// The hosted SaaS cannot run here: an in-memory organization service and a real backend on
// 127.0.0.1 stand in for it in the hosted tests.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { HostedOrganization, HostedUser, OrganizationService } from './organizations.ts';

export interface InMemoryOrganizations extends OrganizationService {
  /** Templates asked for, in order. */
  tokens: string[];
  /** Replaces an organization's public metadata and tells subscribers, as Clerk does. */
  updateMetadata(id: string, publicMetadata: Record<string, unknown>): void;
  signIn(user: HostedUser): void;
}

export function inMemoryOrganizations(user: HostedUser | null, organizations: HostedOrganization[], active?: string): InMemoryOrganizations {
  let currentUser = user;
  let activeId = active;
  const tokens: string[] = [];
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((listener) => listener());
  return {
    tokens,
    user: async () => currentUser,
    activeOrganization: async () => organizations.find((organization) => organization.id === activeId) ?? null,
    organizations: async () => [...organizations],
    setActiveOrganization: async (id) => {
      if (!organizations.some((organization) => organization.id === id)) throw new Error('not a member');
      activeId = id;
      emit();
    },
    createOrganization: async (name) => {
      if (!name.trim()) throw Object.assign(new Error('create failed'), { errors: [{ message: 'is required', longMessage: 'Enter an organization name.' }] });
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

export interface SeenRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
}

/** An organization backend on 127.0.0.1 whose whoami answers with the status the test sets. */
export async function startBackend(status: () => number = () => 200) {
  const seen: SeenRequest[] = [];
  const server = createServer((request, response) => {
    seen.push({ method: request.method ?? '', path: request.url ?? '', headers: request.headers });
    const code = status();
    response.writeHead(code, { 'content-type': 'application/json', 'access-control-allow-origin': '*', 'access-control-allow-headers': 'authorization' });
    response.end(JSON.stringify(code < 400 ? { user: { id: 'u1' }, checks_summary: [] } : { error: code === 404 ? 'instance not found' : 'backend starting' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
