import { encodeSearch, parseSearch, type LinkSearch, type SearchSchema } from './search.ts';

/** The named parts of a route's path (`topology/:id` has `{ id }`). */
export type RouteParams = Record<string, string>;

/** A route without path parameters (`/health`). */
export type NoParams = Record<never, string>;

/** A route without search parameters of its own. */
export type NoSearch = Record<never, never>;

// Phantoms: carry the params and search types through refs without a runtime field.
declare const paramsOf: unique symbol;
declare const searchOf: unique symbol;

/**
 * A route a feature offers: declared once in the feature, given to the route that renders it, and
 * the target of other features' external routes when the app binds them.
 */
export interface RouteRef<P extends RouteParams = RouteParams, S extends object = NoSearch> {
  readonly kind: 'route';
  readonly id: string;
  /**
   * The route's search parameters: the page parses its query with it (`parseRouteSearch`), and
   * links to it are typed by it (`link(params, { checkId })`), so nobody spells `?checkId=`.
   */
  readonly search?: SearchSchema<S>;
  readonly [paramsOf]?: P;
  readonly [searchOf]?: S;
}

/**
 * A route a feature links to but does not own (health's check modal links to a topology component).
 * The feature only knows its params; the app binds it to another feature's RouteRef in one file. An
 * unbound one (the feature is absent, switched off, or the user may not open it) draws no link.
 */
export interface ExternalRouteRef<
  P extends RouteParams = RouteParams,
  S extends object = NoSearch,
> {
  readonly kind: 'external';
  readonly id: string;
  readonly [paramsOf]?: P;
  readonly [searchOf]?: S;
}

/** The search a route's links take (`SearchOf<typeof healthRoutes.page>`). */
export type SearchOf<R> =
  R extends RouteRef<RouteParams, infer S>
    ? S
    : R extends ExternalRouteRef<RouteParams, infer S>
      ? S
      : never;

/** Builds a route's address: its path params, and any of its search parameters. */
export type RouteLink<P extends RouteParams, S extends object> = (
  params: P,
  search?: LinkSearch<S>,
) => string;

const ROUTE_ID = /^[a-z][a-z0-9-]*(\.[a-zA-Z][a-zA-Z0-9-]*)+$/;

function checkId(kind: string, id: string): void {
  if (!ROUTE_ID.test(id))
    throw new Error(`${kind}("${id}"): the id is "feature.name", like "health.page"`);
}

/**
 * A route of this feature. `search` declares its search parameters (a zod object whose fields are
 * optional or have defaults): `createRouteRef('health.page', { search: healthPageSearch })`. With
 * path params as well, name both types: `createRouteRef<{ id: string }, ConfigSearch>(...)`.
 */
export function createRouteRef<P extends RouteParams = NoParams, S extends object = NoSearch>(
  id: string,
  options?: { search?: SearchSchema<S> },
): RouteRef<P, S> {
  checkId('createRouteRef', id);
  return options?.search ? { kind: 'route', id, search: options.search } : { kind: 'route', id };
}

/**
 * A route of another feature this one links to. `S` is the search its links may carry, named by
 * the type the owner exports from its `/slots` entry (`HealthPageSearch`); bindRoute checks it
 * against the target's schema.
 */
export function createExternalRouteRef<
  P extends RouteParams = NoParams,
  S extends object = NoSearch,
>(id: string): ExternalRouteRef<P, S> {
  checkId('createExternalRouteRef', id);
  return { kind: 'external', id };
}

/** One app binding: this feature's external route opens that feature's route. */
export interface RouteBinding {
  readonly external: ExternalRouteRef;
  readonly target: RouteRef;
}

/** A route's address: its pattern with the params filled in, then the search given. */
export function routeHref(pattern: string, params: RouteParams, search?: object): string {
  return fillPath(pattern, params) + encodeSearch(search);
}

/**
 * The params must match (a route taking `{ id }` cannot be bound to one taking `{ name }`), and
 * every search parameter the external route's links may carry must be one the target parses.
 */
export function bindRoute<P extends RouteParams, S extends object>(
  external: ExternalRouteRef<P, S>,
  target: RouteRef<NoInfer<P>, NoInfer<S>>,
): RouteBinding {
  return { external, target } as unknown as RouteBinding;
}

/** Absolute path of a route pattern with its params filled in, each one URL-encoded. */
export function fillPath(pattern: string, params: RouteParams): string {
  const path = pattern.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') {
      throw new Error(`fillPath("${pattern}"): the param "${name}" is missing`);
    }
    return encodeURIComponent(value);
  });
  return path.startsWith('/') ? path : `/${path}`;
}

/**
 * The owner's read of its route's query, with the schema other features' links are typed by: a
 * value the schema refuses falls back to its default (see parseSearch).
 */
export function parseRouteSearch<S extends object>(
  ref: RouteRef<RouteParams, S>,
  params: URLSearchParams,
): S {
  return ref.search ? parseSearch(ref.search, params) : ({} as S);
}

/**
 * A link as data (a palette command's or a search result's destination): the ref, its params and
 * search, checked against the ref's types here and turned into an address by the host through the
 * user's view, so a destination the user may not open is left out.
 */
export interface LinkTarget {
  readonly ref: RouteRef | ExternalRouteRef;
  readonly params: RouteParams;
  readonly search?: object;
}

export function linkTo<P extends RouteParams, S extends object>(
  ref: RouteRef<P, S> | ExternalRouteRef<P, S>,
  params: P,
  search?: LinkSearch<S>,
): LinkTarget {
  return { ref: ref as RouteRef | ExternalRouteRef, params, search };
}
