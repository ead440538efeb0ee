// The settings resource kinds (settings §3 "Settings resource kinds", console §2 /settings/{table}):
// each kind's address and gating (kindRoutes.ts, light enough for the console's first load), the
// columns its records have and the contract its spec must pass. Plain data, no React.
import {
  canaryContract,
  incidentRuleContract,
  loggingBackendContract,
  scrapeConfigContract,
  teamContract,
  topologyContract,
  type Contract,
} from '@opsdeck/contracts';
import { healthCheckCatalog, scraperCatalog, type SpecTypeCatalog } from './healthSpec.ts';
import { settingsKindRoutes, type SettingsKindRoute } from './kindRoutes.ts';

export { NEW_RESOURCE_ID } from './kindRoutes.ts';

export interface SettingsKind extends SettingsKindRoute {
  /** The columns the table has beyond id, name, spec and source. */
  columns: { namespace: boolean; labels: boolean; icon: boolean; schedule: boolean };
  /** A new record's icon (settings §9: a team's is 'group'). */
  defaultIcon?: string;
  /** Teams: Spec, Members, Job History; the others: Spec, Job History (settings §2). */
  members: boolean;
  contract: Contract<unknown>;
  /** A spec of typed entries edited on a type grid with guided forms (health checks, scrapers). */
  typed?: SpecTypeCatalog;
  /** The spec has the topology's guided form (model/topologySpec.ts) beside its code. */
  topologyForm?: boolean;
}

const asContract = <Spec>(contract: Contract<Spec>) => contract as unknown as Contract<unknown>;

const details: Record<SettingsKindRoute['table'], Omit<SettingsKind, keyof SettingsKindRoute>> = {
  canaries: {
    columns: { namespace: true, labels: true, icon: false, schedule: true },
    members: false,
    contract: asContract(canaryContract),
    typed: healthCheckCatalog,
  },
  topologies: {
    columns: { namespace: true, labels: true, icon: false, schedule: true },
    members: false,
    contract: asContract(topologyContract),
    topologyForm: true,
  },
  teams: {
    columns: { namespace: false, labels: false, icon: true, schedule: false },
    defaultIcon: 'group',
    members: true,
    contract: asContract(teamContract),
  },
  incident_rules: {
    columns: { namespace: false, labels: false, icon: false, schedule: false },
    members: false,
    contract: asContract(incidentRuleContract),
  },
  logging_backends: {
    columns: { namespace: false, labels: true, icon: false, schedule: false },
    members: false,
    contract: asContract(loggingBackendContract),
  },
  config_scrapers: {
    columns: { namespace: true, labels: false, icon: false, schedule: false },
    members: false,
    contract: asContract(scrapeConfigContract),
    typed: scraperCatalog,
  },
};

export const settingsKinds: readonly SettingsKind[] = settingsKindRoutes.map((route) => ({
  ...route,
  ...details[route.table],
}));

/** The kind at `/settings/{segment}`, if any. */
export function kindOfSegment(segment: string | undefined): SettingsKind | undefined {
  return settingsKinds.find((kind) => kind.segment === segment);
}

export const settingsListPath = (kind: SettingsKindRoute) => `/settings/${kind.segment}`;
export const settingsEditPath = (kind: SettingsKindRoute, id: string) =>
  `/settings/${kind.segment}/${encodeURIComponent(id)}`;
