export {
  defineFeature,
  sidebarOrder,
  type FeatureDefinition,
  type RouteModule,
  type RoutePrefetchContext,
  type SidebarIcon,
  type SidebarItemDefinition,
} from './feature.ts';
export { createFeatureRegistry, type FeatureRegistry, type RegisteredRoute } from './registry.ts';
export {
  bindRoute,
  createExternalRouteRef,
  createRouteRef,
  linkTo,
  parseRouteSearch,
  type NoParams,
  type RouteBinding,
  type SearchOf,
} from './routeRefs.ts';
/** A link as data, a route without search, a link builder: for hosts and their slots' types. @public */
export type { LinkTarget, NoSearch, RouteLink } from './routeRefs.ts';
/** What createRouteRef and createExternalRouteRef return, for a feature's declarations. @public */
export type { ExternalRouteRef, RouteRef } from './routeRefs.ts';
/** A search schema read outside a route (a saved view), and the shapes links are typed by. @public */
export { parseSearch, type LinkSearch, type SearchSchema } from './search.ts';
export { contribute, createComponentSlot, type ComponentSlot, type DataSlot } from './slots.ts';
/** Data slots, for a host whose contributions are values (the shell's are in `./shell`). @public */
export { createDataSlot, type ComponentContribution, type DataContribution } from './slots.ts';
export { createExtensionView, decideRouteAccess, resolveLink, type ExtensionView } from './view.ts';
/** What a host reads from a data slot: each value with the feature that gave it. @public */
export type { VisibleData } from './view.ts';
