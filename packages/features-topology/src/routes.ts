import { createExternalRouteRef, createRouteRef, type NoParams } from '@opsdeck/extensions';
import type { HealthPageSearch } from '@opsdeck/features-health/slots';

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
  /** The health page; a link with `checkModalSearch(id)` opens a check's modal there (console §2). */
  healthPage: createExternalRouteRef<NoParams, HealthPageSearch>('topology.healthPage'),
  /** An incident on the component. */
  incidentPage: createExternalRouteRef<{ id: string }>('topology.incidentPage'),
};
