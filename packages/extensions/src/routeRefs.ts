/** The named parts of a route's path (`topology/:id` has `{ id }`). */
export type RouteParams = Record<string, string>;

// Phantom: carries the params type through refs without a runtime field.
declare const paramsOf: unique symbol;

/**
 * A route a feature offers: declared once in the feature, given to the route that renders it, and
 * the target of other features' external routes when the app binds them.
 */
export interface RouteRef<P extends RouteParams = RouteParams> {
  readonly kind: 'route';
  readonly id: string;
  readonly [paramsOf]?: P;
}

/**
 * A route a feature links to but does not own (health's check modal links to a topology component).
 * The feature only knows its params; the app binds it to another feature's RouteRef in one file. An
 * unbound one (the feature is absent, switched off, or the user may not open it) draws no link.
 */
export interface ExternalRouteRef<P extends RouteParams = RouteParams> {
  readonly kind: 'external';
  readonly id: string;
  readonly [paramsOf]?: P;
}

const ROUTE_ID = /^[a-z][a-z0-9-]*(\.[a-zA-Z][a-zA-Z0-9-]*)+$/;

function checkId(kind: string, id: string): void {
  if (!ROUTE_ID.test(id))
    throw new Error(`${kind}("${id}"): the id is "feature.name", like "health.page"`);
}

export function createRouteRef<P extends RouteParams = Record<never, string>>(
  id: string,
): RouteRef<P> {
  checkId('createRouteRef', id);
  return { kind: 'route', id };
}

export function createExternalRouteRef<P extends RouteParams = Record<never, string>>(
  id: string,
): ExternalRouteRef<P> {
  checkId('createExternalRouteRef', id);
  return { kind: 'external', id };
}

/** One app binding: this feature's external route opens that feature's route. */
export interface RouteBinding {
  readonly external: ExternalRouteRef;
  readonly target: RouteRef;
}

/** The params must match: a route taking `{ id }` cannot be bound to one taking `{ name }`. */
export function bindRoute<P extends RouteParams>(
  external: ExternalRouteRef<P>,
  target: RouteRef<NoInfer<P>>,
): RouteBinding {
  return { external, target } as RouteBinding;
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
