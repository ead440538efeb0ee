// Each settings kind's address and gating, without its contract: the feature definitions read
// only this, so the console's first load carries no contract, form rules or YAML parser.
import type { SettingsTable } from '@opsdeck/api-client/settings';
import type { Resource } from '@opsdeck/rbac';

/** The id segment of a record not saved yet: `/settings/{table}/new`. */
export const NEW_RESOURCE_ID = 'new';

export interface SettingsKindRoute {
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
}

export const settingsKindRoutes: readonly SettingsKindRoute[] = [
  {
    table: 'canaries',
    label: 'Health Checks',
    singular: 'Health check',
    segment: 'canaries',
    flag: 'settings.canaries',
    resource: 'canaries',
  },
  {
    table: 'topologies',
    label: 'Topologies',
    singular: 'Topology',
    segment: 'topologies',
    flag: 'settings.topologies',
    resource: 'topologies',
  },
  {
    table: 'teams',
    label: 'Teams',
    singular: 'Team',
    segment: 'teams',
    flag: 'settings.teams',
    // The server guards teams and their members as `auth` (writes are an admin's).
    resource: 'auth',
  },
  {
    table: 'incident_rules',
    label: 'Incident Rules',
    singular: 'Incident rule',
    segment: 'incident_rules',
    flag: 'settings.incident_rules',
    // The server guards incident rules as `incident`.
    resource: 'incident',
  },
  {
    table: 'logging_backends',
    label: 'Log Backends',
    singular: 'Log backend',
    // console §2 names the page /settings/log-backends.
    segment: 'log-backends',
    flag: 'settings.logging_backends',
    resource: 'logging_backends',
  },
  {
    table: 'config_scrapers',
    label: 'Catalog Scrapers',
    singular: 'Catalog scraper',
    segment: 'config_scrapers',
    flag: 'settings.config_scrapers',
    resource: 'config_scrapers',
  },
];
