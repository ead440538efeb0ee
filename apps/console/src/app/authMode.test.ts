import { describe, expect, it } from 'vitest';
import { authModeFrom } from './authMode.ts';

describe('authModeFrom', () => {
  it('uses Kratos when nothing is set', () => {
    expect(authModeFrom({})).toEqual({ mode: 'kratos' });
    expect(
      authModeFrom({ VITE_OPSDECK_AUTH: 'kratos', VITE_CLERK_PUBLISHABLE_KEY: 'pk_test_x' }),
    ).toEqual({ mode: 'kratos' });
  });

  it('uses the hosted provider with its publishable key', () => {
    expect(
      authModeFrom({ VITE_OPSDECK_AUTH: 'hosted', VITE_CLERK_PUBLISHABLE_KEY: ' pk_test_abc ' }),
    ).toEqual({ mode: 'hosted', publishableKey: 'pk_test_abc' });
  });

  it('refuses a hosted build without a key and an unknown provider', () => {
    expect(() => authModeFrom({ VITE_OPSDECK_AUTH: 'hosted' })).toThrow(
      /VITE_CLERK_PUBLISHABLE_KEY/,
    );
    expect(() => authModeFrom({ VITE_OPSDECK_AUTH: 'clerk' })).toThrow(
      "VITE_OPSDECK_AUTH must be 'kratos' or 'hosted', not 'clerk'",
    );
  });
});
