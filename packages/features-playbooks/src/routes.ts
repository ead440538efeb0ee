import { createExternalRouteRef, createRouteRef, type NoParams } from '@opsdeck/extensions';
import type { HealthPageSearch } from '@opsdeck/features-health/slots';

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
  /** The health page; a link with `checkModalSearch(id)` opens a check's modal there (console §2). */
  healthPage: createExternalRouteRef<NoParams, HealthPageSearch>('playbooks.healthPage'),
};
