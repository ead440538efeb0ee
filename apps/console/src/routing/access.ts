import type { Authorizer, FeatureFlags } from '@opsdeck/rbac';
import type { FeatureDefinition, FeatureRoute } from '../features/defineFeature.ts';

/** `disabled`: the feature flag is off. `forbidden`: the user lacks the route's right. */
export type AccessDecision = 'allowed' | 'disabled' | 'forbidden';

/** The flag comes first: a switched-off feature is gone for everyone, whatever their rights. */
export function decideRouteAccess(feature: FeatureDefinition, route: FeatureRoute | undefined, flags: FeatureFlags, authorizer: Authorizer): AccessDecision {
  if (!flags.isEnabled(feature.name)) return 'disabled';
  if (!authorizer.can(feature.resource, 'read')) return 'forbidden';
  const access = route?.access;
  if (access && !authorizer.can(access.resource ?? feature.resource, access.action)) return 'forbidden';
  return 'allowed';
}

/**
 * Where to go after sign-in: a path on this site only. Anything else (another host, `//host`,
 * `javascript:`) would make return_to an open redirect, so it falls back to `/`.
 */
export function safeReturnTo(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  return value;
}
