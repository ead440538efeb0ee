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
  type LinkTarget,
  type NoParams,
  type NoSearch,
  type RouteBinding,
  type RouteLink,
  type SearchOf,
} from './routeRefs.ts';
/** What createRouteRef and createExternalRouteRef return, for a feature's declarations. @public */
export type { ExternalRouteRef, RouteRef } from './routeRefs.ts';
export { parseSearch, type LinkSearch, type SearchSchema } from './search.ts';
export {
  contribute,
  createComponentSlot,
  createDataSlot,
  type ComponentContribution,
  type ComponentSlot,
  type DataContribution,
  type DataSlot,
} from './slots.ts';
export {
  createExtensionView,
  decideRouteAccess,
  resolveLink,
  type ExtensionView,
  type VisibleData,
} from './view.ts';
