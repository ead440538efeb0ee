import { afterEach, describe, expect, it } from 'vitest';
import { createKratosFlows } from './client.ts';
import { startKratosStandIn, type Handler } from './kratosServer.test.helper.ts';
import { createKratosSessionProvider } from './provider.ts';

let close: (() => Promise<void>) | undefined;
afterEach(async () => close?.());

async function provider(handler: Handler) {
  const server = await startKratosStandIn(handler);
  close = server.close;
  const flows = createKratosFlows({ basePath: server.basePath });
  return { session: createKratosSessionProvider({ flows, returnTo: () => '/health?tab=all' }), requests: server.requests };
}

const session = {
  id: 's',
  active: true,
  identity: { id: 'u1', schema_id: 'default', schema_url: '', traits: { email: 'ada@example.org', name: { first: 'Ada', last: 'Lovelace' } } },
};

describe('Kratos session provider', () => {
  it('is authenticated with a session and names the person from the traits', async () => {
    const { session: provider_ } = await provider(() => ({ status: 200, body: session }));
    expect(await provider_.check()).toEqual({ authenticated: true });
    expect(await provider_.identity()).toEqual({ id: 'u1', name: 'Ada Lovelace', email: 'ada@example.org' });
    expect(await provider_.credentials()).toEqual({ mode: 'cookie' });
  });

  it('sends 401 to login with return_to and 403 to the second factor', async () => {
    const unauthenticated = await provider(() => ({ status: 401, body: { error: { id: 'session_inactive', code: 401 } } }));
    expect(await unauthenticated.session.check()).toEqual({ authenticated: false, redirectTo: '/login?return_to=%2Fhealth%3Ftab%3Dall' });
    expect(await unauthenticated.session.identity()).toBeNull();
    await close?.();
    const secondFactor = await provider(() => ({ status: 403, body: { error: { id: 'session_aal2_required', code: 403 } } }));
    expect(await secondFactor.session.check()).toEqual({ authenticated: false, redirectTo: '/login?aal=aal2&return_to=%2Fhealth%3Ftab%3Dall' });
  });

  it('throws other session check failures', async () => {
    const { session: provider_ } = await provider(() => ({ status: 502, body: {} }));
    await expect(provider_.check()).rejects.toThrow('HTTP 502');
  });

  it('logs out through a logout flow, returning to login with the current page', async () => {
    const { session: provider_, requests } = await provider((_request, url) =>
      url.pathname === '/self-service/logout/browser'
        ? { status: 200, body: { logout_url: 'x', logout_token: 'tok' } }
        : url.pathname === '/self-service/logout'
          ? { status: 204 }
          : undefined,
    );
    expect(await provider_.logout()).toEqual({ redirectTo: '/login?return_to=%2Fhealth%3Ftab%3Dall' });
    expect(requests[1]).toBe('GET /self-service/logout?token=tok&return_to=%2Flogin%3Freturn_to%3D%252Fhealth%253Ftab%253Dall');
  });

  it('still goes to login when logout fails, ignoring a 401 from the logout flow', async () => {
    const noSession = await provider(() => ({ status: 401, body: { error: { id: 'session_inactive' } } }));
    expect((await noSession.session.logout()).redirectTo).toMatch(/^\/login/);
    expect(noSession.requests).toHaveLength(1);
    await close?.();
    const broken = await provider((_request, url) =>
      url.pathname === '/self-service/logout/browser' ? { status: 200, body: { logout_url: 'x', logout_token: 'tok' } } : { status: 500 },
    );
    expect((await broken.session.logout()).redirectTo).toMatch(/^\/login/);
  });
});
