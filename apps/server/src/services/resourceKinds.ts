// The GitOps kinds of issue 35 (`--resources DIR`, `apply -f`): each a row of its /api/db table,
// validated by the same contract as that table's writes. Each module declares its own in its
// `resources`; they are defined together because they differ only in their table's columns.
import {
  canaryContract,
  incidentRuleContract,
  loggingBackendContract,
  scrapeConfigContract,
  teamContract,
  topologyContract,
  type Contract,
} from '@opsdeck/contracts';
import { metadataLabels, tableResourceKind } from '../resources/tableKind.ts';

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
const specText = (key: string) => (document: { spec?: unknown }) =>
  document.spec && typeof document.spec === 'object'
    ? text((document.spec as Record<string, unknown>)[key])
    : null;

/** Canary (canaries.flanksource.com/v1): its checks follow its spec (canary migration 011). */
export const canaryResourceKind = tableResourceKind({
  table: 'canaries',
  contract: canaryContract as Contract<unknown>,
  namespaced: true,
  columns: [metadataLabels],
});

/** Topology (canaries.flanksource.com/v1). */
export const topologyResourceKind = tableResourceKind({
  table: 'topologies',
  contract: topologyContract as Contract<unknown>,
  namespaced: true,
  columns: [metadataLabels, { name: 'schedule', value: specText('schedule') }],
});

/** ScrapeConfig (configs.flanksource.com/v1). */
export const scrapeConfigResourceKind = tableResourceKind({
  table: 'config_scrapers',
  contract: scrapeConfigContract as Contract<unknown>,
  namespaced: true,
});

/** Team (mission-control.flanksource.com/v1): teams have no namespace; its icon from the spec. */
export const teamResourceKind = tableResourceKind({
  table: 'teams',
  contract: teamContract as Contract<unknown>,
  namespaced: false,
  columns: [{ name: 'icon', value: specText('icon') }],
});

/** IncidentRule (mission-control.flanksource.com/v1): no namespace. */
export const incidentRuleResourceKind = tableResourceKind({
  table: 'incident_rules',
  contract: incidentRuleContract as Contract<unknown>,
  namespaced: false,
});

/** LoggingBackend (mission-control.flanksource.com/v1): no namespace. */
export const loggingBackendResourceKind = tableResourceKind({
  table: 'logging_backends',
  contract: loggingBackendContract as Contract<unknown>,
  namespaced: false,
  columns: [metadataLabels],
});
