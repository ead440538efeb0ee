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
  type RouteBinding,
} from './routeRefs.ts';
/** What createRouteRef and createExternalRouteRef return, for a feature's declarations. @public */
export type { ExternalRouteRef, RouteRef } from './routeRefs.ts';
export { contribute, slots, type CheckRef } from './slots.ts';
/** The record a component slot's contribution is drawn for. @public */
export type { ComponentRef } from './slots.ts';
export { createExtensionView, decideRouteAccess, type ExtensionView } from './view.ts';
