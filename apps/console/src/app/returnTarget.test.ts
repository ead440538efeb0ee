import { describe, expect, it } from 'vitest';
import { isSignInPage, returnTargetOf } from './returnTarget.ts';

describe('returnTargetOf', () => {
  it('is the current path and query', () => {
    expect(returnTargetOf({ pathname: '/health', search: '?search=dns' })).toBe(
      '/health?search=dns',
    );
  });

  it('on the state checker, is the page the checker was sent from', () => {
    expect(
      returnTargetOf({
        pathname: '/auth-state-checker',
        search: '?return_to=%2Fhealth%3Ftab%3Dall',
      }),
    ).toBe('/health?tab=all');
    expect(
      returnTargetOf({
        pathname: '/auth-state-checker',
        search: '?return_to=https%3A%2F%2Fevil.example',
      }),
    ).toBe('/');
  });
});

describe('isSignInPage', () => {
  it('knows the pages where a 401 must not redirect', () => {
    expect(isSignInPage('/login')).toBe(true);
    expect(isSignInPage('/auth-state-checker')).toBe(true);
    expect(isSignInPage('/health')).toBe(false);
    expect(isSignInPage('/profile-settings')).toBe(false);
  });
});
