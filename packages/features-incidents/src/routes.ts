import { createExternalRouteRef, createRouteRef } from '@opsdeck/extensions';

/** The routes this feature offers; others link to an incident through `incident`. */
export const incidentRoutes = {
  list: createRouteRef('incidents.list'),
  incident: createRouteRef<{ id: string }>('incidents.incident'),
};

/**
 * Where evidence cards link to in other features; the app binds each one, and an unbound one
 * (no such feature, switched off, or not readable) shows the name without a link.
 */
export const incidentExternalRoutes = {
  /** The health page; a check opens its modal there with `?checkId=` (console §2). */
  healthPage: createExternalRouteRef('incidents.healthPage'),
  /** A topology component's page. */
  componentPage: createExternalRouteRef<{ id: string }>('incidents.componentPage'),
  /** A config item's page (the catalog). */
  configPage: createExternalRouteRef<{ id: string }>('incidents.configPage'),
};
