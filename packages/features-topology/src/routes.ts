import { createExternalRouteRef, createRouteRef } from '@opsdeck/extensions';

/** The routes this feature offers; other features link to a component through `component`. */
export const topologyRoutes = {
  index: createRouteRef('topology.index'),
  component: createRouteRef<{ id: string }>('topology.component'),
  view: createRouteRef<{ id: string }>('topology.view'),
};

/**
 * Where a component's side panel links to in other features; the app binds each one, and an
 * unbound one (no such feature, switched off, or not readable) shows the name without a link.
 */
export const topologyExternalRoutes = {
  /** A config item related to the component (the catalog's detail page). */
  configPage: createExternalRouteRef<{ id: string }>('topology.configPage'),
  /** The health page; a check opens its modal there with `?checkId=` (console §2). */
  healthPage: createExternalRouteRef('topology.healthPage'),
  /** An incident on the component. */
  incidentPage: createExternalRouteRef<{ id: string }>('topology.incidentPage'),
};
