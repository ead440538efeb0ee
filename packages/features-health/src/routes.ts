import { createExternalRouteRef, createRouteRef } from '@opsdeck/extensions';

/** The routes this feature offers other features. */
export const healthRoutes = {
  page: createRouteRef('health.page'),
};

/**
 * Where the check modal links to in other features; the app binds each one, and an unbound one
 * (no such feature in the build, switched off, or not readable) shows the name without a link.
 */
export const healthExternalRoutes = {
  /** A topology component the check belongs to (console §2 relationships). */
  componentPage: createExternalRouteRef<{ id: string }>('health.componentPage'),
  /** A config item the check is linked to. */
  configPage: createExternalRouteRef<{ id: string }>('health.configPage'),
  /** The editor of the canary that defines the check (the modal's Edit link). */
  canaryEditor: createExternalRouteRef<{ id: string }>('health.canaryEditor'),
};
