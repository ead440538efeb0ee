import type { Authorizer, FeatureFlags } from '@opsdeck/rbac';
import { allows } from './access.ts';
import type { FeatureDefinition, FeatureRoute } from './feature.ts';
import type { FeatureRegistry, RegisteredContribution, RegisteredRoute } from './registry.ts';
import { fillPath, type ExternalRouteRef, type RouteParams, type RouteRef } from './routeRefs.ts';
import type { Slot } from './slots.ts';

/** `disabled`: the feature flag is off. `forbidden`: the user lacks a right the route needs. */
export type AccessDecision = 'allowed' | 'disabled' | 'forbidden';

/**
 * Whether a user may open a route. The flag comes first: a switched-off feature is gone for
 * everyone, whatever their rights. Then read on the feature's resource, then each parent's and the
 * route's own `access`.
 */
export function decideRouteAccess(
  feature: FeatureDefinition,
  route: { route: FeatureRoute; parents?: readonly FeatureRoute[] } | undefined,
  flags: FeatureFlags,
  authorizer: Authorizer,
): AccessDecision {
  if (!flags.isEnabled(feature.name)) return 'disabled';
  if (!authorizer.can(feature.resource, 'read')) return 'forbidden';
  const chain = route ? [...(route.parents ?? []), route.route] : [];
  for (const step of chain) {
    if (!allows(step.access, authorizer, feature.resource)) return 'forbidden';
  }
  return 'allowed';
}

/** A contribution the user may see, with the feature that made it. */
export type VisibleContribution<P extends object> = RegisteredContribution<P>;

/** The extension points as one user sees them: links that lead somewhere they may go, and contributions they may use. */
export interface ExtensionView {
  /** A path builder for the route, or undefined when it is unbound, switched off or forbidden. */
  link<P extends RouteParams>(
    ref: RouteRef<P> | ExternalRouteRef<P>,
  ): ((params: P) => string) | undefined;
  contributions<P extends object>(slot: Slot<P>): readonly VisibleContribution<P>[];
}

/** Nothing bound, nothing contributed: what a host without an app (the standalone embed) sees. */
export const emptyExtensionView: ExtensionView = {
  link: () => undefined,
  contributions: () => [],
};

/**
 * Filters the registry once for a user (by flag and RBAC), so no host page checks access itself.
 * Results are memoised per ref and slot: hosts may call this on every render.
 */
export function createExtensionView(
  registry: FeatureRegistry,
  { flags, authorizer }: { flags: FeatureFlags; authorizer: Authorizer },
): ExtensionView {
  const links = new Map<string, ((params: RouteParams) => string) | undefined>();
  const visible = new Map<string, readonly RegisteredContribution<never>[]>();
  const reachable = (route: RegisteredRoute) =>
    decideRouteAccess(route.feature, route, flags, authorizer) === 'allowed';

  return {
    link<P extends RouteParams>(ref: RouteRef<P> | ExternalRouteRef<P>) {
      const key = `${ref.kind}:${ref.id}`;
      if (!links.has(key)) {
        const route = registry.routeOf(ref);
        links.set(
          key,
          route && reachable(route)
            ? (params: RouteParams) => fillPath(route.pattern, params)
            : undefined,
        );
      }
      return links.get(key) as ((params: P) => string) | undefined;
    },
    contributions<P extends object>(slot: Slot<P>) {
      let list = visible.get(slot.id) as readonly RegisteredContribution<P>[] | undefined;
      if (!list) {
        list = registry
          .contributionsTo(slot)
          .filter(
            ({ feature, contribution }) =>
              decideRouteAccess(feature, undefined, flags, authorizer) === 'allowed' &&
              allows(contribution.access, authorizer, feature.resource),
          );
        visible.set(slot.id, list as unknown as readonly RegisteredContribution<never>[]);
      }
      return list;
    },
  };
}
