import type { Action, Resource } from '@opsdeck/rbac';
import type { IconComponent } from '@opsdeck/ui';
import type { ComponentType } from 'react';

/**
 * Positions of the top-level sidebar items, in the spec's order (§2): Dashboard, Health, Incidents,
 * Catalog, Logs, Playbooks; Settings comes last. A feature package picks its slot from here.
 */
export const sidebarOrder = { dashboard: 10, health: 20, incidents: 30, catalog: 40, logs: 50, playbooks: 60 } as const;

export interface SidebarItemDefinition {
  label: string;
  icon: IconComponent;
  /** Absolute path the item links to, e.g. `/health`. */
  path: string;
  /** `main` items sort by `order`; `settings` items sit in the Settings submenu, sorted by label. */
  section?: 'main' | 'settings';
  /** Only for `main`: see `sidebarOrder`. */
  order?: number;
}

export interface RouteAccess {
  /** Defaults to the feature's resource. */
  resource?: Resource;
  action: Action;
}

/** What a route module resolves to: the page component (react-router's lazy `Component`). */
export interface RouteModule {
  Component: ComponentType;
}

export interface FeatureRoute {
  /** Path below the console root without a leading slash: `health`, `settings/users/:id`. */
  path: string;
  /** Read on the feature's resource unless this says otherwise (write on a sub-page, say). */
  access?: RouteAccess;
  /** Shown in the sticky header, and in the document title. */
  title: string;
  /** The page draws its own title and actions (the shell header then keeps only its global controls). */
  ownHeader?: boolean;
  /** A refresh button in the header that refetches the page's queries. */
  refreshable?: boolean;
  /** Extra actions in the sticky header (a 'New' button, say), rendered inside the signed-in shell. */
  headerActions?: ComponentType;
  /** Loads the page in a chunk of its own, so the console's first load carries only the shell. */
  load: () => Promise<RouteModule>;
}

export interface FeatureDefinition {
  /** The feature flag: a `{name}.disable` property set to true hides the feature (dotted parents too). */
  name: string;
  /** Read on this resource is needed to see the sidebar item and open the routes. */
  resource: Resource;
  sidebar?: SidebarItemDefinition;
  routes: readonly FeatureRoute[];
}

const FEATURE_NAME = /^[a-z][a-z0-9_-]*(\.[a-z][a-z0-9_-]*)*$/;

/** Checks a feature's definition once, where it is declared, so a mistake fails at start-up with its name. */
export function defineFeature(definition: FeatureDefinition): FeatureDefinition {
  const fail = (problem: string): never => {
    throw new Error(`defineFeature(${JSON.stringify(definition.name)}): ${problem}`);
  };
  if (!FEATURE_NAME.test(definition.name)) fail('the name must be lower-case words joined by dots, like "settings.connections"');
  if (definition.routes.length === 0) fail('a feature needs at least one route');
  for (const route of definition.routes) {
    if (route.path.startsWith('/') || route.path === '') fail(`route path "${route.path}" must be relative and non-empty`);
  }
  const { sidebar } = definition;
  if (sidebar) {
    if (!sidebar.path.startsWith('/')) fail(`sidebar path "${sidebar.path}" must be absolute`);
    if ((sidebar.section ?? 'main') === 'main' && sidebar.order === undefined) fail('a main sidebar item needs an order (see sidebarOrder)');
  }
  return definition;
}

export interface FeatureRegistry {
  readonly features: readonly FeatureDefinition[];
  /** Every route with the feature it belongs to, in registration order. */
  readonly routes: ReadonlyArray<{ feature: FeatureDefinition; route: FeatureRoute }>;
  /** The feature owning a route path, for titles and access checks. */
  featureOf(path: string): FeatureDefinition | undefined;
}

/** Puts the registered features together; two features claiming one name or route path is a bug. */
export function createFeatureRegistry(features: readonly FeatureDefinition[]): FeatureRegistry {
  const names = new Set<string>();
  const owners = new Map<string, FeatureDefinition>();
  const routes: Array<{ feature: FeatureDefinition; route: FeatureRoute }> = [];
  for (const feature of features) {
    if (names.has(feature.name)) throw new Error(`Feature "${feature.name}" is registered twice`);
    names.add(feature.name);
    for (const route of feature.routes) {
      const owner = owners.get(route.path);
      if (owner) throw new Error(`Route "/${route.path}" is claimed by "${owner.name}" and "${feature.name}"`);
      owners.set(route.path, feature);
      routes.push({ feature, route });
    }
  }
  return { features: [...features], routes, featureOf: (path) => owners.get(path.replace(/^\//, '')) };
}
