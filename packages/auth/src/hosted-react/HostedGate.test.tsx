import { createApiClient } from '@opsdeck/api-client';
import { act, cleanup, configure, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useMemo, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inMemoryOrganizations, startBackend } from '../hosted/organizations.test.helper.ts';
import type { HostedOrganization, HostedUser } from '../hosted/organizations.ts';
import { createIdentityCheck } from '../hosted/resolve.ts';
import { testIds } from '../testIds.ts';
import { useHostedApiClientOptions, useHostedSession } from './HostedSession.tsx';
import { renderHosted } from './hosted.test.helper.tsx';
import { useHostedErrorToast } from './useHostedErrorToast.ts';

// A shared 2-core box under turbo: give async queries room (what is asserted is order, not speed).
configure({ asyncUtilTimeout: 5000 });

const ada: HostedUser = { id: 'user_1', name: 'Ada Lovelace', email: 'ada@example.org' };
const location = () => screen.getByTestId('location').textContent ?? '';
const provisioningText = 'Please wait, instance provisioning in-progress ...';

let backend: Awaited<ReturnType<typeof startBackend>> | undefined;
afterEach(async () => {
  cleanup();
  await backend?.close();
  backend = undefined;
});

function organization(
  id: string,
  name: string,
  publicMetadata: Record<string, unknown>,
): HostedOrganization {
  return { id, name, publicMetadata };
}

/** A console page that talks to the backend the way features will: an API client from the session. */
function CanarySummary() {
  const { identity } = useHostedSession();
  const options = useHostedApiClientOptions();
  const client = useMemo(() => createApiClient(options ?? {}), [options]);
  const showError = useHostedErrorToast();
  const [reply, setReply] = useState<string>('');
  useEffect(() => {
    client.canary
      .get<{ checks_summary: unknown[] }>('api/summary')
      .then((body) => setReply(`${body.checks_summary.length} checks`), showError);
  }, [client, showError]);
  return (
    <main>
      <h1>Console for {identity?.name}</h1>
      <p>{client.baseUrl}</p>
      <p>{reply}</p>
    </main>
  );
}

describe('HostedGate', () => {
  it('redirects a signed-out visitor to /login with the return target', async () => {
    renderHosted(inMemoryOrganizations(null, []), <p>console</p>, { entry: '/health?q=a' });
    expect(screen.getByTestId(testIds.hosted.loading)).toBeTruthy();
    expect(await screen.findByText('hosted sign-in')).toBeTruthy();
    expect(location()).toBe('/login?return_to=%2Fhealth%3Fq%3Da');
    expect(screen.queryByText('console')).toBeNull();
  });

  it('shows the organization list when none is active, and after a choice goes through /organizations/orgs-switched to /', async () => {
    backend = await startBackend();
    const service = inMemoryOrganizations(ada, [
      organization('org_a', 'Acme', { backend_url: backend.url, direct: true }),
      organization('org_b', 'Beta', { backend_url: backend.url, direct: 'true' }),
    ]);
    const switched = vi.fn();
    const visited: string[] = [];
    const user = userEvent.setup();
    renderHosted(service, <CanarySummary />, { entry: '/health', onSwitched: switched });
    const list = await screen.findByTestId(testIds.hosted.organizationList);
    expect(list.textContent).toContain('Select an organization');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Acme',
      'Beta',
    ]);

    const observer = new MutationObserver(() => visited.push(location()));
    observer.observe(screen.getByTestId('location'), {
      childList: true,
      characterData: true,
      subtree: true,
    });
    await user.click(screen.getByRole('button', { name: 'Beta' }));
    await waitFor(() => expect(location()).toBe('/'));
    expect(await screen.findByRole('heading', { name: 'Console for Ada Lovelace' })).toBeTruthy();
    observer.disconnect();
    expect(visited).toContain('/organizations/orgs-switched');
    expect(switched).toHaveBeenCalledTimes(1);
    expect((await service.activeOrganization())?.name).toBe('Beta');
  });

  it('creates an organization from the list, and toasts the hosted service message when that fails', async () => {
    const service = inMemoryOrganizations(ada, []);
    const user = userEvent.setup();
    renderHosted(service, <p>console</p>);
    expect(await screen.findByText('You are not a member of any organization yet.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create organization' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Enter an organization name.');

    await user.type(screen.getByLabelText('New organization name'), 'Gamma');
    await user.click(screen.getByRole('button', { name: 'Create organization' }));
    // A new organization has no backend yet: the switch lands on the provisioning notice.
    expect((await screen.findByTestId(testIds.hosted.provisioning)).textContent).toContain(
      provisioningText,
    );
    // The switch passes through /organizations/orgs-switched, which sends the user home: the
    // notice can paint a moment before that last navigation lands, so wait for it (under load it
    // did not land within the same tick).
    await waitFor(() => expect(location()).toBe('/'));
    expect((await service.activeOrganization())?.name).toBe('Gamma');
  });

  it('reads provisioning while the organization has no backend address, and opens the console once it has one', async () => {
    backend = await startBackend();
    const service = inMemoryOrganizations(
      ada,
      [organization('org_a', 'Acme', { direct: true })],
      'org_a',
    );
    renderHosted(service, <CanarySummary />, { checkIdentity: createIdentityCheck() });
    const notice = await screen.findByTestId(testIds.hosted.provisioning);
    expect(notice.textContent).toBe(provisioningText);
    expect(notice.getAttribute('role')).toBe('status');

    // The hosted service reports the change (Clerk emits); no reload needed.
    act(() => service.updateMetadata('org_a', { backend_url: backend?.url, direct: true }));
    expect(await screen.findByRole('heading', { name: 'Console for Ada Lovelace' })).toBeTruthy();
  });

  it('keeps reading provisioning while whoami answers 404 or 5xx, and looks again until it answers', async () => {
    const statuses = [404, 503];
    backend = await startBackend(() => statuses.shift() ?? 200);
    const service = inMemoryOrganizations(
      ada,
      [organization('org_a', 'Acme', { backend_url: backend.url, direct: true })],
      'org_a',
    );
    renderHosted(service, <CanarySummary />, { checkIdentity: createIdentityCheck(), retryMs: 50 });
    expect((await screen.findByTestId(testIds.hosted.provisioning)).textContent).toBe(
      provisioningText,
    );
    expect(
      await screen.findByRole('heading', { name: 'Console for Ada Lovelace' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(backend.requests.filter((request) => request.url === '/api/auth/whoami').length).toBe(3);
  });

  it('hands the bearer token and the organization backend to the API client in direct mode', async () => {
    backend = await startBackend();
    const service = inMemoryOrganizations(
      ada,
      [organization('org_a', 'Acme', { backend_url: backend.url, direct: 'true' })],
      'org_a',
    );
    renderHosted(service, <CanarySummary />, { checkIdentity: createIdentityCheck() });
    expect(await screen.findByText('0 checks')).toBeTruthy();
    expect(screen.getByText(backend.url)).toBeTruthy();
    const summary = backend.requests.find((request) => request.url === '/api/canary/api/summary');
    expect(summary?.headers.authorization).toBe('Bearer jwt-for-Backend');
  });

  it('shows a hosted response error as a toast with the server message', async () => {
    backend = await startBackend(() => 500);
    const service = inMemoryOrganizations(
      ada,
      [organization('org_a', 'Acme', { backend_url: backend.url, direct: true })],
      'org_a',
    );
    // Whoami is fine here; the page's own call fails with the backend's words.
    renderHosted(service, <CanarySummary />);
    expect((await screen.findByRole('alert')).textContent).toContain('backend starting');
  });

  it("says 'Invalid boolean value' for a malformed direct flag", async () => {
    const service = inMemoryOrganizations(
      ada,
      [organization('org_a', 'Acme', { backend_url: 'http://127.0.0.1:9/api', direct: 'yes' })],
      'org_a',
    );
    renderHosted(service, <p>console</p>);
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid boolean value');
    expect(screen.getByTestId(testIds.hosted.invalid)).toBeTruthy();
    expect(screen.queryByText('console')).toBeNull();
  });

  it('goes to /login after signing out', async () => {
    const service = inMemoryOrganizations(
      ada,
      [organization('org_a', 'Acme', { backend_url: 'http://127.0.0.1:9/api', direct: false })],
      'org_a',
    );
    function SignOut() {
      const { logout } = useHostedSession();
      return (
        <button type="button" onClick={() => void logout()}>
          Sign out
        </button>
      );
    }
    const user = userEvent.setup();
    renderHosted(service, <SignOut />);
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('hosted sign-in')).toBeTruthy();
    expect(location()).toBe('/login');
  });
});

describe('useHostedSession', () => {
  it('throws outside the hosted provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useHostedSession())).toThrow(/HostedAuthProvider/);
    vi.restoreAllMocks();
  });
});
