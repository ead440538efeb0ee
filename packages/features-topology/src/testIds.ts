// Every test id of @opsdeck/features-topology, in one map, so tests and apps never spell them twice.
export const topologyTestIds = {
  index: {
    root: 'topology-index',
    filters: 'topology-filters',
    count: 'topology-count',
    search: 'topology-search',
  },
  grid: 'topology-grid',
  card: 'topology-card',
  component: {
    root: 'topology-component',
    breadcrumb: 'topology-breadcrumb',
    panel: 'topology-panel',
    actions: 'topology-actions',
    sizeToggle: 'topology-card-size',
  },
  view: 'topology-view',
} as const;
