import { incidentListQuery } from '@opsdeck/api-client/incidents';
import type { RoutePrefetchContext } from '@opsdeck/extensions';
import { readDataTableQuery } from '@opsdeck/ui/data-table';
import { incidentTable, toIncidentListQuery } from './listQuery.ts';

/**
 * Starts `/incidents`' first request (a page of `incident_summary` with its exact count) for the
 * URL being opened, under the key the page's list then reads, while the page's chunks load.
 */
export function prefetchIncidentList({ search, apiClient, prefetchQuery }: RoutePrefetchContext) {
  prefetchQuery(
    incidentListQuery(apiClient, toIncidentListQuery(readDataTableQuery(search, incidentTable))),
  );
}
