import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { Authorizer } from '../authorizer.ts';
import { createFeatureFlags, type FeatureFlags } from '../featureFlags.ts';
import type { CapabilityName } from '../capabilities.ts';
import type { Action, Resource } from '../roles.ts';

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

export function RbacProvider({
  authorizer,
  featureFlags = ALL_FEATURES_ON,
  children,
}: RbacProviderProps) {
  const value = useMemo(() => ({ authorizer, featureFlags }), [authorizer, featureFlags]);
  return <RbacContext.Provider value={value}>{children}</RbacContext.Provider>;
}

function useRbacContext(hook: string): RbacContextValue {
  const value = useContext(RbacContext);
  if (!value) throw new Error(`${hook} must be used inside <RbacProvider>`);
  return value;
}

export function useCan(resource: Resource, action: Action): boolean {
  return useRbacContext('useCan').authorizer.can(resource, action);
}

export function useFeature(name: string): boolean {
  return useRbacContext('useFeature').featureFlags.isEnabled(name);
}

/** Whether the user holds a named capability; the server checks the same name with requireCapability. */
export function useCapability(capability: CapabilityName): boolean {
  return useRbacContext('useCapability').authorizer.canDo(capability);
}

interface CanChildren {
  /** Rendered instead of the children when access is missing. Nothing by default. */
  fallback?: ReactNode;
  children: ReactNode;
}

/** Gates on a resource and action, or on a named capability: `<Can capability="canaries.run">`. */
export type CanProps = CanChildren &
  (
    | { resource: Resource; action: Action; capability?: never }
    | { capability: CapabilityName; resource?: never; action?: never }
  );

export function Can({ fallback = null, children, ...check }: CanProps) {
  const authorizer = useRbacContext('Can').authorizer;
  const allowed =
    check.capability !== undefined
      ? authorizer.canDo(check.capability)
      : authorizer.can(check.resource, check.action);
  return <>{allowed ? children : fallback}</>;
}
