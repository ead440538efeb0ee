import type { ApiClient } from '@opsdeck/api-client';
import {
  getAnalyzers,
  getCatalogChanges,
  getChangeTypes,
  getConfigChange,
  getConfigChecks,
  getConfigComponents,
  getConfigDetail,
  getConfigDiffHistory,
  getConfigFilterOptions,
  getConfigInsights,
  getConfigList,
  getConfigSummary,
  getRelatedConfigs,
  type ConfigListQuery,
} from '@opsdeck/api-client/catalog';

/** What the cases read from the seeded catalog: a config to open and one of its changes. */
export interface CatalogBenchSubjects {
  /** A deployment: the detail page's config. */
  configId: string;
  /** One of its changes with a diff: the change drawer's. */
  changeId: string;
}

export interface CatalogBenchCase {
  /** The console page that sends it. */
  page: 'list' | 'detail' | 'changes' | 'insights';
  name: string;
  /** The request through the api-client call the console makes; resolves the rows' total if any. */
  run: (client: ApiClient) => Promise<number | undefined>;
}

// The list table's defaults (console §9): sorted by type, page of 50.
const firstPage: ConfigListQuery = { sortBy: 'type', sortOrder: 'asc', pageIndex: 0, pageSize: 50 };

/**
 * Every request the catalog pages send (packages/features-catalog), made by the same api-client
 * calls with the pages' default arguments, so the bench measures what a person waits for: the list
 * grouped by type with its filter options, then narrowed (search, type and sort, health, labels and
 * tags); a config's detail and each of its tabs; the changes page; the insights page.
 */
export function catalogBenchCases(subjects: CatalogBenchSubjects): CatalogBenchCase[] {
  const { configId, changeId } = subjects;
  const list = (query: Partial<ConfigListQuery>) => async (client: ApiClient) =>
    (await getConfigList(client, { ...firstPage, ...query })).total;
  const changes = (query: Parameters<typeof getCatalogChanges>[1]) => async (client: ApiClient) =>
    (await getCatalogChanges(client, query)).total;
  const none = async () => undefined;
  let fresh = 0;
  return [
    {
      page: 'list',
      name: 'grouped by type (POST /catalog/summary)',
      run: async (client) => (await getConfigSummary(client, {})).length,
    },
    {
      // The server keeps a computed summary for 30 s: a health value no config has makes each
      // request a new one, so this is what the first visit (or one after a write) waits for.
      page: 'list',
      name: 'grouped by type, computed afresh',
      run: async (client) =>
        (await getConfigSummary(client, { health: { exclude: [`none-${(fresh += 1)}`] } })).length,
    },
    {
      page: 'list',
      name: 'filter options (4 views at once)',
      run: (client) => getConfigFilterOptions(client).then(none),
    },
    { page: 'list', name: 'ungrouped, first page', run: list({}) },
    { page: 'list', name: 'search "pod-00012"', run: list({ search: 'pod-00012' }) },
    { page: 'list', name: 'search "bench-ns-042"', run: list({ search: 'bench-ns-042' }) },
    {
      page: 'list',
      name: 'type filter, by name',
      run: list({ type: { include: ['Kubernetes::Pod'] }, sortBy: 'name' }),
    },
    {
      page: 'list',
      name: 'type filter, newest first',
      run: list({
        type: { include: ['Kubernetes::Pod'] },
        sortBy: 'created_at',
        sortOrder: 'desc',
      }),
    },
    {
      page: 'list',
      name: 'health filter (unhealthy, warning)',
      run: list({ health: { include: ['unhealthy', 'warning'] } }),
    },
    {
      page: 'list',
      name: 'status excluded (not Running)',
      run: list({ status: { exclude: ['Running'] } }),
    },
    {
      page: 'list',
      name: 'label and tag',
      run: list({
        labels: [{ key: 'team', value: 'payments' }],
        tags: [{ key: 'namespace', value: 'bench-ns-005' }],
      }),
    },
    {
      page: 'list',
      name: 'sorted by changes',
      run: list({ sortBy: 'changes', sortOrder: 'desc' }),
    },
    {
      page: 'detail',
      name: 'config (config_detail)',
      run: (client) => getConfigDetail(client, configId).then(none),
    },
    {
      page: 'detail',
      name: 'changes tab (30 days)',
      run: changes({
        configId,
        recursive: 'none',
        from: 'now-30d',
        to: 'now',
        pageIndex: 0,
        pageSize: 50,
      }),
    },
    {
      page: 'detail',
      name: 'changes tab versions',
      run: async (client) => (await getConfigDiffHistory(client, configId)).length,
    },
    {
      page: 'detail',
      name: 'change types (changes tabs)',
      run: async (client) => (await getChangeTypes(client)).length,
    },
    {
      page: 'detail',
      name: 'insights tab',
      run: async (client) =>
        (
          await getConfigInsights(client, {
            configId,
            status: { include: ['open'] },
            pageIndex: 0,
            pageSize: 50,
          })
        ).total,
    },
    {
      page: 'detail',
      name: 'relationships tab (depth 10)',
      run: async (client) => (await getRelatedConfigs(client, { configId })).length,
    },
    {
      page: 'detail',
      name: 'relationships tab components',
      run: async (client) => (await getConfigComponents(client, configId)).length,
    },
    {
      page: 'detail',
      name: 'checks tab',
      run: async (client) => (await getConfigChecks(client, configId)).length,
    },
    {
      page: 'changes',
      name: 'last 7 days',
      run: changes({ from: 'now-7d', to: 'now', pageIndex: 0, pageSize: 50 }),
    },
    {
      page: 'changes',
      name: '30 days, by config name',
      run: changes({
        from: 'now-30d',
        to: 'now',
        sortBy: 'name',
        sortOrder: 'asc',
        pageIndex: 0,
        pageSize: 50,
      }),
    },
    {
      page: 'changes',
      name: '7 days, config type and severity',
      run: changes({
        configType: 'Kubernetes::Deployment',
        severity: 'high',
        from: 'now-7d',
        to: 'now',
        pageIndex: 0,
        pageSize: 50,
      }),
    },
    {
      page: 'changes',
      name: "a change's diff",
      run: (client) => getConfigChange(client, changeId).then(none),
    },
    {
      page: 'insights',
      name: 'open insights',
      run: async (client) =>
        (
          await getConfigInsights(client, {
            status: { include: ['open'] },
            pageIndex: 0,
            pageSize: 50,
          })
        ).total,
    },
    {
      page: 'insights',
      name: 'analyzers',
      run: async (client) => (await getAnalyzers(client)).length,
    },
  ];
}
