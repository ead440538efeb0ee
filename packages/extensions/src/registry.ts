import type { FeatureDefinition, FeatureRoute } from './feature.ts';
import type { ExternalRouteRef, RouteBinding, RouteRef } from './routeRefs.ts';
import type {
  AnySlot,
  ComponentContribution,
  ComponentSlot,
  Contribution,
  DataContribution,
  DataSlot,
} from './slots.ts';

/** A route with the feature that declares it, its parents and its absolute path pattern. */
export interface RegisteredRoute {
  feature: FeatureDefinition;
  route: FeatureRoute;
  /** Outermost first; empty for a top-level route. */
  parents: readonly FeatureRoute[];
  /** `/catalog/:id/changes`. */
  pattern: string;
}

/** A contribution with the feature that made it. */
export interface RegisteredContribution<C extends Contribution = Contribution> {
  feature: FeatureDefinition;
  contribution: C;
}

export interface FeatureRegistry {
  readonly features: readonly FeatureDefinition[];
  /** Every route, parents before children, in registration order. */
  readonly routes: readonly RegisteredRoute[];
  /** The feature owning a path pattern (`/incidents/:id`), for titles and access checks. */
  featureOf(pattern: string): FeatureDefinition | undefined;
  /** The route a ref names, following the app's binding for an external ref; undefined when unbound. */
  routeOf(ref: RouteRef | ExternalRouteRef): RegisteredRoute | undefined;
  /** The contributions to a slot, by `order` then registration order (unfiltered: see createExtensionView). */
  contributionsTo<P extends object>(
    slot: ComponentSlot<P>,
  ): readonly RegisteredContribution<ComponentContribution<P>>[];
  contributionsTo<T>(slot: DataSlot<T>): readonly RegisteredContribution<DataContribution<T>>[];
  contributionsTo(slot: AnySlot): readonly RegisteredContribution[];
}

export interface RegistryOptions {
  /** The app's bindings of external routes (bindRoute), made in one file. */
  bindings?: readonly RouteBinding[];
}

const joinPattern = (parent: string, path: string) =>
  path === '' ? parent : `${parent === '/' ? '' : parent}/${path}`;

/**
 * Puts the app's features together and checks them as a whole: two features claiming one name,
 * route path, route ref or contribution id, an external route bound twice, or a binding to a route
 * no registered feature declares, is a bug that fails at start-up.
 */
export function createFeatureRegistry(
  features: readonly FeatureDefinition[],
  { bindings = [] }: RegistryOptions = {},
): FeatureRegistry {
  const names = new Set<string>();
  const byPattern = new Map<string, RegisteredRoute>();
  const byRef = new Map<string, RegisteredRoute>();
  const routes: RegisteredRoute[] = [];
  const contributionIds = new Map<string, string>();
  const contributions = new Map<string, RegisteredContribution[]>();
  const slotKinds = new Map<string, AnySlot['kind']>();

  const addRoutes = (
    feature: FeatureDefinition,
    list: readonly FeatureRoute[],
    parents: readonly FeatureRoute[],
    parentPattern: string,
  ) => {
    for (const route of list) {
      const pattern = joinPattern(parentPattern, route.path);
      const registered: RegisteredRoute = { feature, route, parents, pattern };
      // An index child shares its parent's pattern: the parent owns it.
      if (route.path !== '') {
        const owner = byPattern.get(pattern);
        if (owner) {
          throw new Error(
            `Route "${pattern}" is claimed by "${owner.feature.name}" and "${feature.name}"`,
          );
        }
        byPattern.set(pattern, registered);
      }
      if (route.ref) {
        const holder = byRef.get(route.ref.id);
        if (holder) {
          throw new Error(
            `Route ref "${route.ref.id}" is given to "${holder.pattern}" and "${pattern}"`,
          );
        }
        byRef.set(route.ref.id, registered);
      }
      routes.push(registered);
      if (route.children) addRoutes(feature, route.children, [...parents, route], pattern);
    }
  };

  for (const feature of features) {
    if (names.has(feature.name)) throw new Error(`Feature "${feature.name}" is registered twice`);
    names.add(feature.name);
    addRoutes(feature, feature.routes, [], '/');
    for (const contribution of feature.contributions ?? []) {
      const other = contributionIds.get(contribution.id);
      if (other) {
        throw new Error(
          `Contribution "${contribution.id}" is declared by "${other}" and "${feature.name}"`,
        );
      }
      contributionIds.set(contribution.id, feature.name);
      const kind = slotKinds.get(contribution.slot.id);
      if (kind && kind !== contribution.slot.kind) {
        throw new Error(
          `Slot "${contribution.slot.id}" is filled as a ${kind} slot and as a ${contribution.slot.kind} slot`,
        );
      }
      slotKinds.set(contribution.slot.id, contribution.slot.kind);
      const list = contributions.get(contribution.slot.id) ?? [];
      list.push({ feature, contribution });
      contributions.set(contribution.slot.id, list);
    }
  }
  for (const list of contributions.values()) {
    // Array.prototype.sort is stable: equal orders keep registration order.
    list.sort((a, b) => (a.contribution.order ?? 0) - (b.contribution.order ?? 0));
  }

  const bound = new Map<string, RegisteredRoute>();
  for (const { external, target } of bindings) {
    if (bound.has(external.id)) throw new Error(`External route "${external.id}" is bound twice`);
    const route = byRef.get(target.id);
    if (!route) {
      throw new Error(
        `External route "${external.id}" is bound to "${target.id}", which no registered feature declares`,
      );
    }
    bound.set(external.id, route);
  }

  return {
    features: [...features],
    routes,
    featureOf: (pattern) => byPattern.get(joinPattern('/', pattern.replace(/^\/+/, '')))?.feature,
    routeOf: (ref) => (ref.kind === 'route' ? byRef.get(ref.id) : bound.get(ref.id)),
    // The slot's own type types what comes out: contribute() checked each value against it going in.
    contributionsTo: ((slot: AnySlot) =>
      contributions.get(slot.id) ?? []) as unknown as FeatureRegistry['contributionsTo'],
  };
}
