import type { ApiClient } from '@opsdeck/api-client';
import type { Resource } from '@opsdeck/rbac';
import type { FetchQueryOptions } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { Access } from './access.ts';
import type { ExternalRouteRef, RouteRef } from './routeRefs.ts';
import type { Contribution } from './slots.ts';

/**
 * Positions of the top-level sidebar items, in the spec's order (console §2): Dashboard, Health,
 * Incidents, Catalog, Logs, Playbooks; Settings comes last. A feature picks its place from here.
 */
export const sidebarOrder = {
  dashboard: 10,
  health: 20,
  incidents: 30,
  catalog: 40,
  logs: 50,
  playbooks: 60,
} as const;

/** An icon component as the ui icon set draws them (lucide's props). */
export type SidebarIcon = ComponentType<{
  size?: number | string;
  'aria-hidden'?: boolean | 'true';
}>;

export interface SidebarItemDefinition {
  label: string;
  icon: SidebarIcon;
  /** Absolute path the item links to, e.g. `/health`. */
  path: string;
  /** `main` items sort by `order`; `settings` items sit in the Settings submenu, sorted by label. */
  section?: 'main' | 'settings';
  /** Only for `main`: see `sidebarOrder`. */
  order?: number;
}

/** What a route's prefetch is handed: the address being opened, the app's API client and query cache. */
export interface RoutePrefetchContext {
  /** The route's path parameters (`:id` → `params.id`). */
  params: Readonly<Record<string, string | undefined>>;
  search: URLSearchParams;
  apiClient: ApiClient;
  /**
   * Starts a query in the app's cache. Its failure stays quiet: the page's own query, which finds
   * the result (or the error) in the cache, is what reports it, and a page the gate refuses never
   * shows one.
   */
  prefetchQuery: <TData, TKey extends readonly unknown[]>(
    options: FetchQueryOptions<TData, Error, TData, TKey>,
  ) => void;
}

/** What a route module resolves to: the page component (react-router's lazy `Component`). */
export interface RouteModule {
  Component: ComponentType;
}

export interface FeatureRoute {
  /**
   * Path below the parent route (the console root for top-level routes), without a leading slash:
   * `health`, `catalog/:id`, `changes`. A child with path '' is its parent's index page.
   */
  path: string;
  /** Names this route so other features can link to it through a binding. */
  ref?: RouteRef;
  /** Read on the feature's resource is always needed; this adds a right (write on a sub-page, say). */
  access?: Access;
  /** Shown in the sticky header and the document title until the page names its record (usePageTitle). */
  title: string;
  /** The page draws its own title and actions (the shell header then keeps only its global controls). */
  ownHeader?: boolean;
  /** A refresh button in the header that refetches the page's queries. */
  refreshable?: boolean;
  /** Extra actions in the sticky header (a 'New' button, say), rendered inside the signed-in shell. */
  headerActions?: ComponentType;
  /**
   * Drawn on its own, without the shell's sidebar and header, as soon as the user is known and
   * without waiting for the feature flags (console §2's `/view/topology/{id}`, shown inside an
   * iframe). Still needs a session and read on the feature's resource. Top-level routes only.
   */
  standalone?: boolean;
  /** Loads the page in a chunk of its own, so the console's first load carries only the shell. */
  load: () => Promise<RouteModule>;
  /**
   * Starts the page's first request on navigation, so it runs while the page's chunk loads rather
   * than after it (the request the page itself then makes finds it in flight). Never awaited; a
   * failure is left to the page's own query to show.
   */
  prefetch?: (context: RoutePrefetchContext) => void;
  /** Sub-pages drawn inside this page's outlet, sharing its header (a detail page's tabs). */
  children?: readonly FeatureRoute[];
}

export interface FeatureDefinition {
  /** The feature flag: a `{name}.disable` property set to true hides the feature (dotted parents too). */
  name: string;
  /** Read on this resource is needed to see the sidebar item, open the routes and contribute. */
  resource: Resource;
  sidebar?: SidebarItemDefinition;
  routes: readonly FeatureRoute[];
  /** The routes of other features this one links to; the app binds them (bindRoute). */
  externalRoutes?: Readonly<Record<string, ExternalRouteRef>>;
  /** This feature's parts in other features' (or the shell's) slots, components and data alike. */
  // A contribution's type varies by slot; the slot reference keeps each one typed where written.
  contributions?: readonly Contribution[];
}

const FEATURE_NAME = /^[a-z][a-z0-9_-]*(\.[a-z][a-z0-9_-]*)*$/;

function checkRoutes(
  routes: readonly FeatureRoute[],
  fail: (problem: string) => never,
  nested: boolean,
): void {
  for (const route of routes) {
    if (route.path.startsWith('/') || (!nested && route.path === '')) {
      fail(`route path "${route.path}" must be relative${nested ? '' : ' and non-empty'}`);
    }
    if (nested && route.standalone)
      fail(`route "${route.path}" is nested: only a top-level route is standalone`);
    if (route.children) checkRoutes(route.children, fail, true);
  }
}

/** Checks a feature's definition once, where it is declared, so a mistake fails at start-up with its name. */
// The result keeps the external routes' own type (the app binds them by name), nothing else: a
// definition's inferred types (its icon's library, say) stay out of the package's declarations.
export function defineFeature<
  E extends Readonly<Record<string, ExternalRouteRef>> = Record<never, ExternalRouteRef>,
>(
  definition: FeatureDefinition & { externalRoutes?: E },
): FeatureDefinition & { externalRoutes: E } {
  const fail = (problem: string): never => {
    throw new Error(`defineFeature(${JSON.stringify(definition.name)}): ${problem}`);
  };
  if (!FEATURE_NAME.test(definition.name)) {
    fail('the name must be lower-case words joined by dots, like "settings.connections"');
  }
  if (definition.routes.length === 0) fail('a feature needs at least one route');
  checkRoutes(definition.routes, fail, false);
  const { sidebar } = definition;
  if (sidebar) {
    if (!sidebar.path.startsWith('/')) fail(`sidebar path "${sidebar.path}" must be absolute`);
    if ((sidebar.section ?? 'main') === 'main' && sidebar.order === undefined) {
      fail('a main sidebar item needs an order (see sidebarOrder)');
    }
  }
  for (const [key, ref] of Object.entries(definition.externalRoutes ?? {})) {
    if (!ref.id.startsWith(`${definition.name}.`)) {
      fail(
        `external route "${key}" has the id "${ref.id}"; it must start with "${definition.name}."`,
      );
    }
  }
  for (const contribution of definition.contributions ?? []) {
    if (!contribution.id.startsWith(`${definition.name}.`)) {
      fail(`contribution "${contribution.id}" must have an id starting with "${definition.name}."`);
    }
  }
  return { ...definition, externalRoutes: definition.externalRoutes ?? ({} as E) };
}
