// The settings resource kinds (settings §3 "Settings resource kinds", console §2 /settings/{table}):
// each kind's table, address, feature flag, RBAC object, the columns its records have and the
// contract its spec must pass. Plain data, no React.
import type { SettingsTable } from '@opsdeck/api-client/settings';
import {
  canaryContract,
  incidentRuleContract,
  loggingBackendContract,
  scrapeConfigContract,
  teamContract,
  topologyContract,
  type Contract,
} from '@opsdeck/contracts';
import type { Resource } from '@opsdeck/rbac';
import { healthCheckCatalog, scraperCatalog, type SpecTypeCatalog } from './healthSpec.ts';

export interface SettingsKind {
  table: SettingsTable;
  /** The list's title and the sidebar item (settings submenu, sorted by label). */
  label: string;
  /** One record, in messages ('Health check'). */
  singular: string;
  /** The address segment below /settings. */
  segment: string;
  /** The feature flag (`{flag}.disable` hides it). */
  flag: string;
  /** Read opens the pages, write shows Save/Update and Delete (settings §6). */
  resource: Resource;
  /** The columns the table has beyond id, name, spec and source. */
  columns: { namespace: boolean; labels: boolean; icon: boolean; schedule: boolean };
  /** A new record's icon (settings §9: a team's is 'group'). */
  defaultIcon?: string;
  /** Teams: Spec, Members, Job History; the others: Spec, Job History (settings §2). */
  members: boolean;
  contract: Contract<unknown>;
  /** A spec of typed entries edited on a type grid with guided forms (health checks, scrapers). */
  typed?: SpecTypeCatalog;
}

const asContract = <Spec>(contract: Contract<Spec>) => contract as unknown as Contract<unknown>;

export const settingsKinds: readonly SettingsKind[] = [
  {
    table: 'canaries',
    label: 'Health Checks',
    singular: 'Health check',
    segment: 'canaries',
    flag: 'settings.canaries',
    resource: 'canaries',
    columns: { namespace: true, labels: true, icon: false, schedule: true },
    members: false,
    contract: asContract(canaryContract),
    typed: healthCheckCatalog,
  },
  {
    table: 'topologies',
    label: 'Topologies',
    singular: 'Topology',
    segment: 'topologies',
    flag: 'settings.topologies',
    resource: 'topologies',
    columns: { namespace: true, labels: true, icon: false, schedule: true },
    members: false,
    contract: asContract(topologyContract),
  },
  {
    table: 'teams',
    label: 'Teams',
    singular: 'Team',
    segment: 'teams',
    flag: 'settings.teams',
    // The server guards teams and their members as `auth` (writes are an admin's).
    resource: 'auth',
    columns: { namespace: false, labels: false, icon: true, schedule: false },
    defaultIcon: 'group',
    members: true,
    contract: asContract(teamContract),
  },
  {
    table: 'incident_rules',
    label: 'Incident Rules',
    singular: 'Incident rule',
    segment: 'incident_rules',
    flag: 'settings.incident_rules',
    // The server guards incident rules as `incident`.
    resource: 'incident',
    columns: { namespace: false, labels: false, icon: false, schedule: false },
    members: false,
    contract: asContract(incidentRuleContract),
  },
  {
    table: 'logging_backends',
    label: 'Log Backends',
    singular: 'Log backend',
    // console §2 names the page /settings/log-backends.
    segment: 'log-backends',
    flag: 'settings.logging_backends',
    resource: 'logging_backends',
    columns: { namespace: false, labels: true, icon: false, schedule: false },
    members: false,
    contract: asContract(loggingBackendContract),
  },
  {
    table: 'config_scrapers',
    label: 'Catalog Scrapers',
    singular: 'Catalog scraper',
    segment: 'config_scrapers',
    flag: 'settings.config_scrapers',
    resource: 'config_scrapers',
    columns: { namespace: true, labels: false, icon: false, schedule: false },
    members: false,
    contract: asContract(scrapeConfigContract),
    typed: scraperCatalog,
  },
];

/** The kind at `/settings/{segment}`, if any. */
export function kindOfSegment(segment: string | undefined): SettingsKind | undefined {
  return settingsKinds.find((kind) => kind.segment === segment);
}

export const settingsListPath = (kind: SettingsKind) => `/settings/${kind.segment}`;
export const settingsEditPath = (kind: SettingsKind, id: string) =>
  `/settings/${kind.segment}/${encodeURIComponent(id)}`;
export const NEW_RESOURCE_ID = 'new';
