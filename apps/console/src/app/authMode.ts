/**
 * Which identity provider a build uses (issue 6): Kratos by default, or the hosted organization
 * service with `VITE_OPSDECK_AUTH=hosted` and its publishable key. Read at build time, so a
 * misconfigured hosted build fails there instead of in a user's browser.
 */
export type AuthMode = { mode: 'kratos' } | { mode: 'hosted'; publishableKey: string };

export interface AuthModeEnv {
  VITE_OPSDECK_AUTH?: string | undefined;
  VITE_CLERK_PUBLISHABLE_KEY?: string | undefined;
}

export function authModeFrom(env: AuthModeEnv): AuthMode {
  const mode = env.VITE_OPSDECK_AUTH?.trim() || 'kratos';
  if (mode === 'kratos') return { mode };
  if (mode !== 'hosted')
    throw new Error(`VITE_OPSDECK_AUTH must be 'kratos' or 'hosted', not '${mode}'`);
  const publishableKey = env.VITE_CLERK_PUBLISHABLE_KEY?.trim();
  if (!publishableKey)
    throw new Error(
      'VITE_OPSDECK_AUTH=hosted needs VITE_CLERK_PUBLISHABLE_KEY (the hosted service publishable key, pk_...)',
    );
  return { mode, publishableKey };
}
