import { describe, expect, it } from 'vitest';
import { apiClientAuthOptions } from '../session.ts';
import { clerkOrganizationService, type ClerkLike } from './clerk.ts';
import { inMemoryOrganizations } from './organizations.test.helper.ts';
import {
  createHostedSessionProvider,
  hostedState,
  parseDirectFlag,
  provisioningMessage,
  type HostedOrganization,
  type HostedUser,
} from './organizations.ts';

const ada: HostedUser = { id: 'user_1', name: 'Ada', email: 'ada@example.org' };
const direct: HostedOrganization = {
  id: 'org_a',
  name: 'Acme',
  publicMetadata: { backend_url: 'https://acme.backend.invalid/api', direct: 'true' },
};
const proxied: HostedOrganization = {
  id: 'org_b',
  name: 'Beta',
  publicMetadata: { backend_url: 'https://beta.backend.invalid', direct: false },
};
const provisioning: HostedOrganization = { id: 'org_c', name: 'New', publicMetadata: {} };

describe('direct flag', () => {
  it('accepts booleans and the strings true/false only', () => {
    expect(parseDirectFlag(true)).toEqual({ ok: true, value: true });
    expect(parseDirectFlag('false')).toEqual({ ok: true, value: false });
    expect(parseDirectFlag(undefined)).toEqual({ ok: true, value: false });
    expect(parseDirectFlag('yes')).toEqual({ ok: false, error: 'Invalid boolean value' });
    expect(parseDirectFlag(1)).toEqual({ ok: false, error: 'Invalid boolean value' });
  });
});

describe('hosted state', () => {
  it('walks from signed out to ready', () => {
    expect(hostedState(null, null)).toEqual({ type: 'signed-out', redirectTo: '/login' });
    expect(hostedState(ada, null)).toEqual({ type: 'choose-organization' });
    expect(hostedState(ada, provisioning)).toEqual({
      type: 'provisioning',
      message: provisioningMessage,
    });
    expect(hostedState(ada, direct, 404)).toEqual({
      type: 'provisioning',
      message: 'Please wait, instance provisioning in-progress ...',
    });
    expect(hostedState(ada, direct, 503).type).toBe('provisioning');
    expect(hostedState(ada, direct, 200).type).toBe('ready');
    expect(
      hostedState(ada, { ...direct, publicMetadata: { backend_url: 'x', direct: 'maybe' } }),
    ).toEqual({ type: 'invalid', message: 'Invalid boolean value' });
  });
});

describe('hosted session provider', () => {
  it('sends the signed-out to /login and the organization-less to the list', async () => {
    expect(await createHostedSessionProvider(inMemoryOrganizations(null, [])).check()).toEqual({
      authenticated: false,
      redirectTo: '/login',
    });
    expect(await createHostedSessionProvider(inMemoryOrganizations(ada, [direct])).check()).toEqual(
      { authenticated: false, redirectTo: '/organizations' },
    );
    expect(
      await createHostedSessionProvider(inMemoryOrganizations(ada, [direct], 'org_a')).check(),
    ).toEqual({ authenticated: true });
  });

  it('gives API clients a Backend bearer token and the organization backend in direct mode', async () => {
    const service = inMemoryOrganizations(ada, [direct, proxied], 'org_a');
    const provider = createHostedSessionProvider(service);
    const options = apiClientAuthOptions(await provider.credentials());
    expect(options.backendUrl).toBe('https://acme.backend.invalid/api');
    expect(await options.getToken?.()).toBe('jwt-for-Backend');
    expect(service.tokens).toEqual(['Backend']);
    await provider.switchOrganization('org_b');
    expect(await provider.credentials()).toEqual({ mode: 'cookie' });
  });

  it('rejects an organization with a malformed direct flag', async () => {
    const broken = {
      ...direct,
      publicMetadata: { backend_url: 'https://x.invalid', direct: 'sometimes' },
    };
    await expect(
      createHostedSessionProvider(inMemoryOrganizations(ada, [broken], broken.id)).credentials(),
    ).rejects.toThrow('Invalid boolean value');
  });

  it('lands on /organizations/orgs-switched after switching or creating', async () => {
    const service = inMemoryOrganizations(ada, [direct, proxied], 'org_a');
    const provider = createHostedSessionProvider(service);
    expect(await provider.switchOrganization('org_b')).toEqual({
      redirectTo: '/organizations/orgs-switched',
    });
    expect((await service.activeOrganization())?.id).toBe('org_b');
    expect(await provider.createOrganization('Gamma')).toEqual({
      redirectTo: '/organizations/orgs-switched',
    });
    expect((await service.activeOrganization())?.name).toBe('Gamma');
    expect((await provider.state()).type).toBe('provisioning');
  });

  it('signs out to /login and names the user', async () => {
    const provider = createHostedSessionProvider(inMemoryOrganizations(ada, [direct], 'org_a'));
    expect(await provider.identity()).toEqual({
      id: 'user_1',
      name: 'Ada',
      email: 'ada@example.org',
    });
    expect(await provider.logout()).toEqual({ redirectTo: '/login' });
    expect(await provider.identity()).toBeNull();
  });
});

describe('Clerk-shaped adapter', () => {
  it('maps a Clerk-like object onto the organization service', async () => {
    const calls: unknown[] = [];
    const clerk: ClerkLike = {
      user: {
        id: 'user_1',
        fullName: 'Ada Lovelace',
        primaryEmailAddress: { emailAddress: 'ada@example.org' },
        getOrganizationMemberships: async () => ({
          data: [{ organization: { id: 'org_a', name: 'Acme', publicMetadata: { direct: true } } }],
        }),
      },
      organization: { id: 'org_a', name: 'Acme' },
      session: { getToken: async ({ template }) => `t-${template}` },
      setActive: async (params) => void calls.push(params),
      createOrganization: async ({ name }) => ({ id: 'org_n', name }),
      signOut: async () => void calls.push('signOut'),
    };
    const service = clerkOrganizationService(clerk);
    expect(await service.user()).toEqual({
      id: 'user_1',
      name: 'Ada Lovelace',
      email: 'ada@example.org',
    });
    expect(await service.activeOrganization()).toEqual({
      id: 'org_a',
      name: 'Acme',
      publicMetadata: {},
    });
    expect((await service.organizations())[0]?.publicMetadata).toEqual({ direct: true });
    expect(await service.getToken('Backend')).toBe('t-Backend');
    await service.setActiveOrganization('org_a');
    expect(calls).toEqual([{ organization: 'org_a' }]);
  });
});

describe('Clerk listener', () => {
  it('tells subscribers about later changes only, and unsubscribes', () => {
    const listeners: { callback: () => void; options?: { skipInitialEmit?: boolean } }[] = [];
    const clerk: ClerkLike = {
      setActive: async () => undefined,
      createOrganization: async ({ name }) => ({ id: 'org_n', name }),
      signOut: async () => undefined,
      addListener: (callback, options) => {
        const entry = { callback, options };
        listeners.push(entry);
        return () => void listeners.splice(listeners.indexOf(entry), 1);
      },
    };
    let changes = 0;
    const unsubscribe = clerkOrganizationService(clerk).subscribe?.(() => changes++);
    expect(listeners[0]?.options).toEqual({ skipInitialEmit: true });
    listeners[0]?.callback();
    expect(changes).toBe(1);
    unsubscribe?.();
    expect(listeners).toEqual([]);
  });
});
