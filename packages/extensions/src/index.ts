export { allows, type Access } from './access.ts';
export {
  defineFeature,
  sidebarOrder,
  type FeatureDefinition,
  type FeatureRoute,
  type RouteModule,
  type SidebarIcon,
  type SidebarItemDefinition,
} from './feature.ts';
export {
  createFeatureRegistry,
  type FeatureRegistry,
  type RegisteredContribution,
  type RegisteredRoute,
  type RegistryOptions,
} from './registry.ts';
export {
  bindRoute,
  createExternalRouteRef,
  createRouteRef,
  fillPath,
  type ExternalRouteRef,
  type RouteBinding,
  type RouteParams,
  type RouteRef,
} from './routeRefs.ts';
export {
  contribute,
  createSlot,
  slots,
  type CheckRef,
  type ComponentRef,
  type ConfigRef,
  type Contribution,
  type Slot,
  type SlotComponent,
} from './slots.ts';
export {
  createExtensionView,
  decideRouteAccess,
  emptyExtensionView,
  type AccessDecision,
  type ExtensionView,
  type VisibleContribution,
} from './view.ts';
