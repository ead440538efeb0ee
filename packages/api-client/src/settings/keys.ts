import type { TableInvalidations } from '../changes.ts';
import { apiKeyRoot } from '../keys.ts';
import type { SettingsTable } from './schemas.ts';

/**
 * Keys of the settings resource queries, under `['opsdeck-api', 'settings']`: one branch per table
 * (its list and its records), a team's members and a resource's jobs, so a write to one table
 * refreshes that table's pages alone.
 */
export const settingsKeys = {
  all: () => [apiKeyRoot, 'settings'] as const,
  table: (table: SettingsTable) => [...settingsKeys.all(), table] as const,
  list: (table: SettingsTable) => [...settingsKeys.table(table), 'list'] as const,
  resource: (table: SettingsTable, id: string) =>
    [...settingsKeys.table(table), 'resource', id] as const,
  members: (teamId?: string) =>
    teamId === undefined
      ? ([...settingsKeys.all(), 'members'] as const)
      : ([...settingsKeys.all(), 'members', teamId] as const),
  jobs: (query?: { resourceId: string; pageIndex: number; pageSize: number }) =>
    query === undefined
      ? ([...settingsKeys.all(), 'jobs'] as const)
      : ([...settingsKeys.all(), 'jobs', query] as const),
};

/** The tables whose writes make settings queries stale. */
export const settingsInvalidations: TableInvalidations = {
  canaries: [settingsKeys.table('canaries'), settingsKeys.jobs()],
  topologies: [settingsKeys.table('topologies'), settingsKeys.jobs()],
  teams: [settingsKeys.table('teams')],
  incident_rules: [settingsKeys.table('incident_rules')],
  logging_backends: [settingsKeys.table('logging_backends')],
  config_scrapers: [settingsKeys.table('config_scrapers'), settingsKeys.jobs()],
  team_members: [settingsKeys.members()],
  people: [settingsKeys.members()],
  job_history: [settingsKeys.jobs()],
  // A resource's jobs name it and its agent (job_histories).
  agents: [settingsKeys.jobs()],
  playbooks: [settingsKeys.jobs()],
};
