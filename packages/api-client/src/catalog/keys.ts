import type { TableInvalidations } from '../changes.ts';
import { apiKeyRoot } from '../keys.ts';
import type { CatalogChangesQuery } from './changeCalls.ts';
import type { ConfigInsightsQuery } from './insightCalls.ts';
import type { ConfigListFilters, ConfigListQuery, ConfigSummaryQuery } from './configCalls.ts';
import type { RelatedConfigsQuery } from './relationshipCalls.ts';

/**
 * Keys of the catalog queries, all under `['opsdeck-api', 'catalog']`. Per config they nest under
 * `config(id)`, so invalidating one config refreshes its header and every sub-page, but for its
 * checks, under `configChecks()`.
 */
export const catalogKeys = {
  all: () => [apiKeyRoot, 'catalog'] as const,
  lists: () => [...catalogKeys.all(), 'list'] as const,
  list: (query: ConfigListQuery) => [...catalogKeys.lists(), query] as const,
  /** A page of the list without its count, and the count of the list's filters. */
  page: (query: ConfigListQuery) => [...catalogKeys.lists(), 'page', query] as const,
  count: (filters: ConfigListFilters) => [...catalogKeys.lists(), 'count', filters] as const,
  summary: (query: ConfigSummaryQuery) => [...catalogKeys.all(), 'summary', query] as const,
  options: (what: string) => [...catalogKeys.all(), 'options', what] as const,
  changes: (query: CatalogChangesQuery) => [...catalogKeys.all(), 'changes', query] as const,
  change: (id: string) => [...catalogKeys.all(), 'change', id] as const,
  insights: (query: ConfigInsightsQuery) => [...catalogKeys.all(), 'insights', query] as const,
  config: (id: string) => [...catalogKeys.all(), 'config', id] as const,
  detail: (id: string) => [...catalogKeys.config(id), 'detail'] as const,
  related: (query: RelatedConfigsQuery) =>
    [...catalogKeys.config(query.configId), 'related', query] as const,
  components: (id: string) => [...catalogKeys.config(id), 'components'] as const,
  /** Every config's checks (a check's status is written on each run: these alone refresh). */
  configChecks: () => [...catalogKeys.all(), 'config-checks'] as const,
  checks: (id: string) => [...catalogKeys.configChecks(), id] as const,
  /** What the configs linked to a topology component changed, and their insights. */
  componentChanges: (componentId: string) =>
    [...catalogKeys.all(), 'component', componentId, 'changes'] as const,
  componentInsights: (componentId: string) =>
    [...catalogKeys.all(), 'component', componentId, 'insights'] as const,
  scrapers: () => [...catalogKeys.all(), 'scrapers'] as const,
  scraper: (id: string) => [...catalogKeys.scrapers(), id] as const,
  scraperJobs: (id: string, page: { pageIndex: number; pageSize: number }) =>
    [...catalogKeys.scraper(id), 'jobs', page] as const,
};

/**
 * The tables whose writes make catalog queries stale: the configs and what hangs off them, the
 * components they are linked to, the agents that scrape them and the scrapers' job runs. A config's
 * checks (their status changes on every run) refresh that tab alone.
 */
export const catalogInvalidations: TableInvalidations = {
  ...Object.fromEntries(
    [
      'config_items',
      'config_changes',
      'config_analysis',
      'config_relationships',
      'config_scrapers',
      'config_component_relationships',
      'components',
      'agents',
      // A config's detail counts its checks.
      'check_config_relationships',
    ].map((table) => [table, [catalogKeys.all()]]),
  ),
  job_history: [catalogKeys.scrapers()],
  ...Object.fromEntries(
    ['checks', 'canaries'].map((table) => [table, [catalogKeys.configChecks()]]),
  ),
};
