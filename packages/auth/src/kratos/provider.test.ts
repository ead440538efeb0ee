import { json, type RouteTable } from '@opsdeck/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { createKratosFlows } from './client.ts';
import { startKratosStandIn } from './kratosServer.test.helper.ts';
import { createKratosSessionProvider } from './provider.ts';

let close: (() => Promise<void>) | undefined;
afterEach(async () => close?.());

async function provider(routes: Partial<RouteTable>) {
  const server = await startKratosStandIn(routes);
  close = server.close;
  const flows = createKratosFlows({ basePath: server.url });
  return {
    session: createKratosSessionProvider({ flows, returnTo: () => '/health?tab=all' }),
    requests: server.requests,
  };
}

const session = {
  id: 's',
  active: true,
  identity: {
    id: 'u1',
    schema_id: 'default',
    schema_url: '',
    traits: { email: 'ada@example.org', name: { first: 'Ada', last: 'Lovelace' } },
  },
};

describe('Kratos session provider', () => {
  it('is authenticated with a session and names the person from the traits', async () => {
    const { session: provider_ } = await provider({ 'GET /sessions/whoami': session });
    expect(await provider_.check()).toEqual({ authenticated: true });
    expect(await provider_.identity()).toEqual({
      id: 'u1',
      name: 'Ada Lovelace',
      email: 'ada@example.org',
    });
    expect(await provider_.credentials()).toEqual({ mode: 'cookie' });
  });

  it('sends 401 to login with return_to and 403 to the second factor', async () => {
    const unauthenticated = await provider({
      'GET /sessions/whoami': json(
        { error: { id: 'session_inactive', code: 401 } },
        { status: 401 },
      ),
    });
    expect(await unauthenticated.session.check()).toEqual({
      authenticated: false,
      redirectTo: '/login?return_to=%2Fhealth%3Ftab%3Dall',
    });
    expect(await unauthenticated.session.identity()).toBeNull();
    await close?.();
    const secondFactor = await provider({
      'GET /sessions/whoami': json(
        { error: { id: 'session_aal2_required', code: 403 } },
        { status: 403 },
      ),
    });
    expect(await secondFactor.session.check()).toEqual({
      authenticated: false,
      redirectTo: '/login?aal=aal2&return_to=%2Fhealth%3Ftab%3Dall',
    });
  });

  it('throws other session check failures', async () => {
    const { session: provider_ } = await provider({
      'GET /sessions/whoami': json({}, { status: 502 }),
    });
    await expect(provider_.check()).rejects.toThrow('HTTP 502');
  });

  it('logs out through a logout flow, returning to login with the current page', async () => {
    const { session: provider_, requests } = await provider({
      'GET /self-service/logout/browser': { logout_url: 'x', logout_token: 'tok' },
      'GET /self-service/logout': json(undefined, { status: 204 }),
    });
    expect(await provider_.logout()).toEqual({
      redirectTo: '/login?return_to=%2Fhealth%3Ftab%3Dall',
    });
    expect(requests[1]).toMatchObject({
      method: 'GET',
      url: '/self-service/logout?token=tok&return_to=%2Flogin%3Freturn_to%3D%252Fhealth%253Ftab%253Dall',
    });
  });

  it('still goes to login when logout fails, ignoring a 401 from the logout flow', async () => {
    const noSession = await provider({
      '* /*': json({ error: { id: 'session_inactive' } }, { status: 401 }),
    });
    expect((await noSession.session.logout()).redirectTo).toMatch(/^\/login/);
    expect(noSession.requests).toHaveLength(1);
    await close?.();
    const broken = await provider({
      'GET /self-service/logout/browser': { logout_url: 'x', logout_token: 'tok' },
      '* /*': json(undefined, { status: 500 }),
    });
    expect((await broken.session.logout()).redirectTo).toMatch(/^\/login/);
  });
});
