import {
  createExternalRouteRef,
  createRouteRef,
  type NoParams,
  type SearchSchema,
} from '@opsdeck/extensions';
import type { HealthPageSearch } from '@opsdeck/features-health/slots';

/** The list as a link: `new=incident` opens the New incident dialog (the palette's action). */
export interface IncidentListSearch {
  new?: 'incident';
}

// One literal value: a schema by hand rather than a schema library this package does not load.
const listSearch: SearchSchema<IncidentListSearch> = {
  safeParse: (input) => ({
    success: true,
    data: (input as { new?: unknown } | null)?.new === 'incident' ? { new: 'incident' } : {},
  }),
};

/** The routes this feature offers; others link to an incident through `incident`. */
export const incidentRoutes = {
  list: createRouteRef('incidents.list', { search: listSearch }),
  incident: createRouteRef<{ id: string }>('incidents.incident'),
};

/**
 * Where evidence cards link to in other features; the app binds each one, and an unbound one
 * (no such feature, switched off, or not readable) shows the name without a link.
 */
export const incidentExternalRoutes = {
  /** The health page; a link with `checkModalSearch(id)` opens a check's modal there (console §2). */
  healthPage: createExternalRouteRef<NoParams, HealthPageSearch>('incidents.healthPage'),
  /** A topology component's page. */
  componentPage: createExternalRouteRef<{ id: string }>('incidents.componentPage'),
  /** A config item's page (the catalog). */
  configPage: createExternalRouteRef<{ id: string }>('incidents.configPage'),
};
