import type { Authorizer, FeatureFlags } from '@opsdeck/rbac';
import { createContext, useContext } from 'react';
import type { ShellUser } from './useShellSession.ts';

/** What the shell knows once whoami and the feature flags have loaded; pages render only then. */
export interface ReadyShellSession {
  user: ShellUser;
  authorizer: Authorizer;
  flags: FeatureFlags;
}

export const ShellSessionContext = createContext<ReadyShellSession | null>(null);

export function useReadyShellSession(): ReadyShellSession {
  const value = useContext(ShellSessionContext);
  if (!value) throw new Error('useReadyShellSession must be used inside the console shell');
  return value;
}
