import { createExternalRouteRef, createRouteRef, type NoParams } from '@opsdeck/extensions';
import { playbookRunStatuses } from '@opsdeck/api-client/playbooks';
import type { HealthPageSearch } from '@opsdeck/features-health/slots';
// zod/mini, as the rest of the console: classic zod would add its own ~40 KB to the first load.
import { z } from 'zod/mini';

/**
 * A filtered runs list as a link (console §2): the runs table's own URL filters, so a link to
 * "this playbook's failed runs" opens the table with them set. The page reads its filters with this
 * schema too; a value it refuses (an unknown status, a malformed resource) is dropped to the default.
 */
const runsSearch = z.object({
  /** A playbook id. */
  'runs.playbook.filter': z.optional(z.string().check(z.minLength(1))),
  'runs.status.filter': z.optional(z.enum(playbookRunStatuses)),
  /** `config:<id>`, `component:<id>` or `check:<id>`. */
  'runs.resource.filter': z.optional(z.string().check(z.regex(/^(config|component|check):.+$/))),
});

/** The search a link to the runs list may carry. */
export type PlaybookRunsSearch = z.output<typeof runsSearch>;

/** The routes this feature offers (console §2); a job history row links to `playbook`. */
export const playbooksRoutes = {
  index: createRouteRef('playbooks.index'),
  runs: createRouteRef('playbooks.runs', { search: runsSearch }),
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
