import type { Authorizer, FeatureFlags } from '@opsdeck/rbac';
import { allows } from './access.ts';
import type { FeatureDefinition, FeatureRoute } from './feature.ts';
import type { FeatureRegistry, RegisteredContribution, RegisteredRoute } from './registry.ts';
import {
  routeHref,
  type ExternalRouteRef,
  type LinkTarget,
  type RouteLink,
  type RouteParams,
  type RouteRef,
} from './routeRefs.ts';
import type { AnySlot, ComponentContribution, ComponentSlot, DataSlot } from './slots.ts';

/** `disabled`: the feature flag is off. `forbidden`: the user lacks a right the route needs. */
export type AccessDecision = 'allowed' | 'disabled' | 'forbidden';

/**
 * Whether a user may open a route. The flag comes first: a switched-off feature is gone for
 * everyone, whatever their rights. Then read on the feature's resource, then each parent's and the
 * route's own `access`. Settings is closed to viewers (console §2: the Settings group is hidden for
 * them; roles add up, so a viewer who is also an admin keeps it), whatever their read rights.
 */
export function decideRouteAccess(
  feature: FeatureDefinition,
  route: { route: FeatureRoute; parents?: readonly FeatureRoute[] } | undefined,
  flags: FeatureFlags,
  authorizer: Authorizer,
): AccessDecision {
  if (!flags.isEnabled(feature.name)) return 'disabled';
  if (!authorizer.can(feature.resource, 'read')) return 'forbidden';
  if (feature.sidebar?.section === 'settings' && authorizer.isViewer && !authorizer.isAdmin)
    return 'forbidden';
  const chain = route ? [...(route.parents ?? []), route.route] : [];
  for (const step of chain) {
    if (!allows(step.access, authorizer, feature.resource)) return 'forbidden';
  }
  return 'allowed';
}

/** A contribution the user may see, with the feature that made it. */
export type VisibleContribution<P extends object> = RegisteredContribution<
  ComponentContribution<P>
>;

/** The extension points as one user sees them: links that lead somewhere they may go, and contributions they may use. */
export interface ExtensionView {
  /** A path builder for the route, or undefined when it is unbound, switched off or forbidden. */
  link<P extends RouteParams, S extends object>(
    ref: RouteRef<P, S> | ExternalRouteRef<P, S>,
  ): RouteLink<P, S> | undefined;
  /** The contributions to a component slot this user may see. */
  contributions<P extends object>(slot: ComponentSlot<P>): readonly VisibleContribution<P>[];
  /** The values contributed to a data slot this user may use, in order. */
  data<T>(slot: DataSlot<T>): readonly VisibleData<T>[];
}

/** A data contribution as a host reads it: its value and who gave it. */
export interface VisibleData<T> {
  id: string;
  feature: string;
  value: T;
}

/** The address of a link given as data, or undefined when it leads nowhere this user may go. */
export function resolveLink(view: ExtensionView, target: LinkTarget): string | undefined {
  return view.link(target.ref)?.(target.params, target.search);
}

/** Nothing bound, nothing contributed: what a host without an app (the standalone embed) sees. */
export const emptyExtensionView: ExtensionView = {
  link: () => undefined,
  contributions: () => [],
  data: () => [],
};

/**
 * Filters the registry once for a user (by flag and RBAC), so no host page checks access itself.
 * Results are memoised per ref and slot: hosts may call this on every render.
 */
export function createExtensionView(
  registry: FeatureRegistry,
  { flags, authorizer }: { flags: FeatureFlags; authorizer: Authorizer },
): ExtensionView {
  const links = new Map<string, RouteLink<RouteParams, object> | undefined>();
  const visible = new Map<string, readonly RegisteredContribution[]>();
  const values = new Map<string, readonly VisibleData<unknown>[]>();
  const reachable = (route: RegisteredRoute) =>
    decideRouteAccess(route.feature, route, flags, authorizer) === 'allowed';
  const visibleTo = (slot: AnySlot) => {
    let list = visible.get(slot.id);
    if (!list) {
      list = registry
        .contributionsTo(slot)
        .filter(
          ({ feature, contribution }) =>
            decideRouteAccess(feature, undefined, flags, authorizer) === 'allowed' &&
            allows(contribution.access, authorizer, feature.resource),
        );
      visible.set(slot.id, list);
    }
    return list;
  };

  return {
    link<P extends RouteParams, S extends object>(ref: RouteRef<P, S> | ExternalRouteRef<P, S>) {
      const key = `${ref.kind}:${ref.id}`;
      if (!links.has(key)) {
        const route = registry.routeOf(ref as RouteRef | ExternalRouteRef);
        links.set(
          key,
          route && reachable(route)
            ? (params, search) => routeHref(route.pattern, params, search)
            : undefined,
        );
      }
      return links.get(key) as RouteLink<P, S> | undefined;
    },
    contributions<P extends object>(slot: ComponentSlot<P>) {
      return visibleTo(slot) as unknown as readonly VisibleContribution<P>[];
    },
    data<T>(slot: DataSlot<T>) {
      let list = values.get(slot.id);
      if (!list) {
        list = visibleTo(slot).flatMap(({ feature, contribution }) =>
          contribution.kind === 'data'
            ? [{ id: contribution.id, feature: feature.name, value: contribution.value }]
            : [],
        );
        values.set(slot.id, list);
      }
      return list as readonly VisibleData<T>[];
    },
  };
}
