import { describe, expect, it } from 'vitest';
import {
  createSubmitGate,
  credentialsFromSearch,
  decideErrorPageFailure,
  decideFlowFailure,
  decideSessionFailure,
  loginMode,
  loginTitles,
  restartPath,
  successTarget,
  type DecisionContext,
} from './decisions.ts';

const login: DecisionContext = { kind: 'login', phase: 'update', returnTo: '/health?x=1' };
const settings: DecisionContext = {
  kind: 'settings',
  phase: 'update',
  returnTo: '/profile-settings',
};
const error = (id: string, extra: Record<string, unknown> = {}) => ({
  error: { id, code: 400 },
  ...extra,
});

describe('decideFlowFailure', () => {
  it('sends a missing second factor to the given address, else to login in aal2 mode', () => {
    expect(
      decideFlowFailure(
        {
          status: 403,
          body: error('session_aal2_required', { redirect_browser_to: '/login?aal=aal2' }),
        },
        login,
      ),
    ).toEqual({
      type: 'redirect',
      to: '/login?aal=aal2',
    });
    expect(decideFlowFailure({ status: 403, body: error('session_aal2_required') }, login)).toEqual(
      {
        type: 'redirect',
        to: '/login?aal=aal2&return_to=%2Fhealth%3Fx%3D1',
      },
    );
  });

  it('follows browser_location_change_required and session_refresh_required, login refreshing itself', () => {
    expect(
      decideFlowFailure(
        {
          status: 422,
          body: error('browser_location_change_required', {
            redirect_browser_to: '/profile-settings?flow=1',
          }),
        },
        login,
      ),
    ).toEqual({
      type: 'redirect',
      to: '/profile-settings?flow=1',
    });
    expect(
      decideFlowFailure(
        {
          status: 403,
          body: error('session_refresh_required', { redirect_browser_to: '/elsewhere' }),
        },
        settings,
      ),
    ).toEqual({
      type: 'redirect',
      to: '/elsewhere',
    });
    expect(
      decideFlowFailure(
        {
          status: 403,
          body: error('session_refresh_required', { redirect_browser_to: '/elsewhere' }),
        },
        login,
      ),
    ).toEqual({
      type: 'redirect',
      to: '/login?refresh=true&return_to=%2Fhealth%3Fx%3D1',
    });
  });

  it('goes home when already signed in and to login when the session is inactive', () => {
    expect(
      decideFlowFailure({ status: 400, body: error('session_already_available') }, login),
    ).toEqual({ type: 'redirect', to: '/' });
    expect(decideFlowFailure({ status: 401, body: error('session_inactive') }, settings)).toEqual({
      type: 'redirect',
      to: '/login?return_to=%2Fprofile-settings',
    });
  });

  it('restarts with the spec messages, and silently on an identity mismatch', () => {
    expect(
      decideFlowFailure(
        { status: 400, body: error('self_service_flow_return_to_forbidden') },
        login,
      ),
    ).toEqual({
      type: 'restart',
      message: 'The return_to address is not allowed.',
    });
    expect(
      decideFlowFailure({ status: 410, body: error('self_service_flow_expired') }, login),
    ).toEqual({
      type: 'restart',
      message: 'Your interaction expired, please fill out the form again.',
    });
    expect(
      decideFlowFailure({ status: 403, body: error('security_csrf_violation') }, login),
    ).toEqual({
      type: 'restart',
      message: 'A security violation was detected, please fill out the form again.',
    });
    expect(
      decideFlowFailure({ status: 403, body: error('security_identity_mismatch') }, settings),
    ).toEqual({ type: 'restart' });
    expect(decideFlowFailure({ status: 410, body: undefined }, settings).type).toBe('restart');
  });

  it('re-renders a 400 that carries the flow', () => {
    const flow = {
      id: 'f',
      ui: { nodes: [], messages: [{ id: 4000006, type: 'error', text: 'bad' }] },
    };
    expect(decideFlowFailure({ status: 400, body: flow }, login)).toEqual({ type: 'render', flow });
  });

  it('restarts verification on 403 and goes home when its creation is refused', () => {
    expect(
      decideFlowFailure({ status: 403, body: {} }, { kind: 'verification', phase: 'update' }),
    ).toEqual({ type: 'restart' });
    expect(
      decideFlowFailure(
        { status: 400, body: { error: { reason: 'disabled' } } },
        { kind: 'verification', phase: 'create' },
      ),
    ).toEqual({
      type: 'redirect',
      to: '/',
    });
  });

  it('shows the reason of a flow-less 400 and fails on anything unexpected', () => {
    expect(
      decideFlowFailure(
        {
          status: 400,
          body: { error: { reason: 'Recovery is not allowed because it was disabled.' } },
        },
        { kind: 'recovery', phase: 'create' },
      ),
    ).toEqual({
      type: 'message',
      message: 'Recovery is not allowed because it was disabled.',
    });
    expect(decideFlowFailure({ status: 500, body: 'boom' }, login)).toEqual({
      type: 'fail',
      failure: { status: 500, body: 'boom' },
    });
  });
});

describe('session and error page decisions', () => {
  it('maps the session check statuses', () => {
    expect(decideSessionFailure(401, '/health')).toEqual({
      authenticated: false,
      redirectTo: '/login?return_to=%2Fhealth',
    });
    expect(decideSessionFailure(403, '/health')).toEqual({
      authenticated: false,
      redirectTo: '/login?aal=aal2&return_to=%2Fhealth',
    });
    expect(decideSessionFailure(422, '/health')?.redirectTo).toContain('aal=aal2');
    expect(decideSessionFailure(500, '/health')).toBeUndefined();
  });

  it('sends the error page home on 404, 403 and 410 only', () => {
    for (const status of [404, 403, 410])
      expect(decideErrorPageFailure(status)).toEqual({ type: 'redirect', to: '/' });
    expect(decideErrorPageFailure(500)).toBeUndefined();
  });
});

describe('login helpers', () => {
  it('goes to a server redirect, then return_to, then /', () => {
    expect(
      successTarget(
        {
          continue_with: [
            { action: 'redirect_browser_to', redirect_browser_to: '/login?aal=aal2' },
          ],
        },
        '/health',
        'login',
      ),
    ).toBe('/login?aal=aal2');
    expect(successTarget({}, '/health', 'login')).toBe('/health');
    expect(successTarget(undefined, undefined, 'registration')).toBe('/');
  });

  it('titles the login page by mode', () => {
    expect(loginTitles[loginMode({ refresh: true, requested_aal: 'aal1' })]).toBe('Confirm Action');
    expect(loginTitles[loginMode({ refresh: false, requested_aal: 'aal2' })]).toBe(
      'Two-Factor Authentication',
    );
    expect(loginTitles[loginMode({})]).toBe('Sign In to your account');
  });

  it('reads credentials from the URL only when both are present', () => {
    expect(credentialsFromSearch(new URLSearchParams('username=a@b&password=pw'))).toEqual({
      identifier: 'a@b',
      password: 'pw',
    });
    expect(credentialsFromSearch(new URLSearchParams('username=a@b'))).toBeUndefined();
  });

  it('restarts at the start page keeping the return target', () => {
    expect(restartPath('login', new URLSearchParams('flow=1&return_to=/x&aal=aal2'))).toBe(
      '/login?return_to=%2Fx&aal=aal2',
    );
    expect(restartPath('settings', new URLSearchParams('flow=1&aal=aal2'))).toBe(
      '/profile-settings',
    );
  });

  it('drops a second submission while the first is in flight', async () => {
    const gate = createSubmitGate();
    let release: () => void = () => undefined;
    let calls = 0;
    const first = gate.run(() => {
      calls++;
      return new Promise<string>((resolve) => (release = () => resolve('done')));
    });
    expect(gate.busy).toBe(true);
    expect(await gate.run(async () => calls++)).toBeUndefined();
    release();
    expect(await first).toBe('done');
    expect(calls).toBe(1);
    expect(await gate.run(async () => 'again')).toBe('again');
  });
});
