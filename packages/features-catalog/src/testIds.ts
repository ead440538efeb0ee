// Every test id of @opsdeck/features-catalog, in one map, so tests and apps never spell them twice.
export const catalogTestIds = {
  nav: 'catalog-nav',
  list: { root: 'catalog-list', groups: 'catalog-groups', count: 'catalog-count' },
  config: {
    root: 'catalog-config',
    header: 'catalog-config-header',
    actions: 'catalog-config-actions',
    tabs: 'catalog-config-tabs',
    spec: 'catalog-config-spec',
  },
  changes: { root: 'catalog-changes', detail: 'catalog-change-detail' },
  diff: { root: 'catalog-diff', line: 'catalog-diff-line', compare: 'catalog-diff-compare' },
  insights: { root: 'catalog-insights' },
  relationships: {
    root: 'catalog-relationships',
    graph: 'catalog-relationships-graph',
    node: 'catalog-relationships-node',
  },
  checks: { root: 'catalog-checks' },
  playbooks: { root: 'catalog-playbooks' },
  scrapers: { root: 'catalog-scrapers', detail: 'catalog-scraper' },
} as const;
