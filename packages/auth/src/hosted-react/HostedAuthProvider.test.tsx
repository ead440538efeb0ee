import { OpsdeckThemeProvider, ToastProvider } from '@opsdeck/ui';
import { act, cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router';
import {
  HostedAuthProvider,
  HostedOrganizationSwitcher,
  HostedUserButton,
} from './HostedAuthProvider.tsx';
import { HostedGate } from './HostedGate.tsx';
import { useHostedSession } from './HostedSession.tsx';

// A shared 2-core box under turbo: give async queries room (what is asserted is order, not speed).
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A stand-in for Clerk's browser object: what the SDK reads, with mounts recorded instead of drawn. */
function fakeClerk(publicMetadata: Record<string, unknown>) {
  const mounted: { component: string; props: Record<string, unknown> }[] = [];
  const listeners = new Set<(resources: unknown) => void>();
  const organization = { id: 'org_a', name: 'Acme', publicMetadata };
  const user = {
    id: 'user_1',
    fullName: 'Ada Lovelace',
    primaryEmailAddress: { emailAddress: 'ada@example.org' },
    getOrganizationMemberships: async () => ({ data: [{ organization }] }),
  };
  const session = {
    id: 'sess_1',
    status: 'active',
    user,
    getToken: async () => 'jwt',
    lastActiveOrganizationId: 'org_a',
    factorVerificationAge: null,
  };
  const resources = () => ({
    client: { sessions: [session], signedInSessions: [session] },
    session,
    user,
    organization,
  });
  const known: Record<string, unknown> = {
    loaded: true,
    user,
    organization,
    session,
    client: { sessions: [session], signedInSessions: [session] },
    load: async () => undefined,
    addListener: (
      listener: (resources: unknown) => void,
      options?: { skipInitialEmit?: boolean },
    ) => {
      listeners.add(listener);
      if (!options?.skipInitialEmit) listener(resources());
      return () => listeners.delete(listener);
    },
    setActive: async () => undefined,
    createOrganization: async () => organization,
    signOut: async () => undefined,
  };
  // The rest of the SDK surface: mounts are recorded, other methods do nothing. Made once per
  // name, since the SDK's stores compare what they read by identity.
  const clerk = new Proxy(known, {
    get(target, property) {
      if (typeof property !== 'string') return undefined;
      if (property in target) return target[property];
      if (property.startsWith('mount')) {
        target[property] = (_node: unknown, props: Record<string, unknown>) =>
          mounted.push({ component: property.slice('mount'.length), props });
      } else if (
        property.startsWith('unmount') ||
        property.startsWith('__internal') ||
        property.startsWith('__experimental') ||
        property === 'on' ||
        property === 'off'
      ) {
        target[property] = () => undefined;
      } else return undefined;
      return target[property];
    },
  });
  return { clerk, mounted };
}

function Header() {
  const { identity } = useHostedSession();
  return (
    <header>
      <h1>Hi {identity?.name}</h1>
      <HostedOrganizationSwitcher />
      <HostedUserButton />
    </header>
  );
}

describe('HostedAuthProvider on the Clerk SDK', () => {
  it('builds the session from Clerk and mounts the switcher with /organizations/orgs-switched after a switch or a creation', async () => {
    // Nothing may reach the hosted SaaS from a test.
    const fetched: unknown[] = [];
    vi.stubGlobal('fetch', async (input: unknown) => {
      fetched.push(input);
      throw new Error('no network in tests');
    });
    const { clerk, mounted } = fakeClerk({ backend_url: 'http://127.0.0.1:9/api', direct: false });
    render(
      <OpsdeckThemeProvider>
        <ToastProvider>
          <MemoryRouter>
            <HostedAuthProvider
              publishableKey="pk_test_ZXhhbXBsZS5jbGVyay5hY2NvdW50cy5kZXYk"
              clerk={clerk as never}
              checkIdentity={async () => 200}
            >
              <Routes>
                <Route
                  path="*"
                  element={
                    <HostedGate>
                      <Header />
                    </HostedGate>
                  }
                />
              </Routes>
            </HostedAuthProvider>
          </MemoryRouter>
        </ToastProvider>
      </OpsdeckThemeProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Hi Ada Lovelace' })).toBeTruthy();
    await waitFor(() =>
      expect(mounted.map((entry) => entry.component)).toEqual(
        expect.arrayContaining(['OrganizationSwitcher', 'UserButton']),
      ),
    );
    const switcher = mounted.find((entry) => entry.component === 'OrganizationSwitcher');
    expect(switcher?.props).toMatchObject({
      afterSelectOrganizationUrl: '/organizations/orgs-switched',
      afterCreateOrganizationUrl: '/organizations/orgs-switched',
      hidePersonal: true,
    });
    expect(mounted.some((entry) => entry.component === 'UserButton')).toBe(true);
    await act(async () => undefined);
    expect(fetched).toEqual([]);
  });
});
