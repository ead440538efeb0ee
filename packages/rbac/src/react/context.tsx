import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { createAuthorizer, type Authorizer } from '../authorizer';
import { createFeatureFlags, type FeatureFlags } from '../featureFlags';
import type { Action, Resource } from '../roles';

interface RbacContextValue {
  authorizer: Authorizer;
  featureFlags: FeatureFlags;
}

const RbacContext = createContext<RbacContextValue | null>(null);

const ALL_FEATURES_ON = createFeatureFlags([]);

export interface RbacProviderProps {
  authorizer: Authorizer;
  /** Defaults to every feature enabled. */
  featureFlags?: FeatureFlags;
  children: ReactNode;
}

export function RbacProvider({ authorizer, featureFlags = ALL_FEATURES_ON, children }: RbacProviderProps) {
  const value = useMemo(() => ({ authorizer, featureFlags }), [authorizer, featureFlags]);
  return <RbacContext.Provider value={value}>{children}</RbacContext.Provider>;
}

function useRbacContext(hook: string): RbacContextValue {
  const value = useContext(RbacContext);
  if (!value) throw new Error(`${hook} must be used inside <RbacProvider>`);
  return value;
}

export function useAuthorizer(): Authorizer {
  return useRbacContext('useAuthorizer').authorizer;
}

export function useCan(resource: Resource, action: Action): boolean {
  return useRbacContext('useCan').authorizer.can(resource, action);
}

export function useFeature(name: string): boolean {
  return useRbacContext('useFeature').featureFlags.isEnabled(name);
}

export interface CanProps {
  resource: Resource;
  action: Action;
  /** Rendered instead of the children when access is missing. Nothing by default. */
  fallback?: ReactNode;
  children: ReactNode;
}

export function Can({ resource, action, fallback = null, children }: CanProps) {
  return <>{useCan(resource, action) ? children : fallback}</>;
}

/** Builds an authorizer once per roles/permissions identity; handy for providers fed by whoami. */
export function useCreateAuthorizer(
  roles: readonly string[],
  permissions?: Parameters<typeof createAuthorizer>[0]['permissions'],
): Authorizer {
  return useMemo(() => createAuthorizer({ roles, permissions }), [roles, permissions]);
}
