import { createExternalRouteRef, createRouteRef } from '@opsdeck/extensions';

/** The routes this feature offers (console §2); a job history row links to `playbook`. */
export const playbooksRoutes = {
  index: createRouteRef('playbooks.index'),
  runs: createRouteRef('playbooks.runs'),
  run: createRouteRef<{ id: string }>('playbooks.run'),
  newPlaybook: createRouteRef('playbooks.new'),
  playbook: createRouteRef<{ id: string }>('playbooks.playbook'),
};

/**
 * Where a run's resource links to in other features; the app binds each one, and an unbound one
 * shows the name without a link.
 */
export const playbooksExternalRoutes = {
  /** A config item (the catalog's detail page). */
  configPage: createExternalRouteRef<{ id: string }>('playbooks.configPage'),
  /** A topology component's page. */
  componentPage: createExternalRouteRef<{ id: string }>('playbooks.componentPage'),
  /** The health page; a check opens its modal there with `?checkId=` (console §2). */
  healthPage: createExternalRouteRef('playbooks.healthPage'),
};
