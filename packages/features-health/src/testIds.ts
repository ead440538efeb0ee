// Every test id of @opsdeck/features-health, in one map, so tests and apps never spell them twice.
export const testIds = {
  page: {
    root: 'health-page',
    search: 'health-search',
    refresh: 'health-refresh',
    list: 'health-list',
    row: 'health-row',
    groupRow: 'health-group-row',
    card: 'health-card',
    count: 'health-count',
    sidebar: 'health-sidebar',
  },
  strip: 'health-status-strip',
  modal: {
    root: 'check-modal',
    stats: 'check-modal-stats',
    chart: 'check-modal-chart',
    history: 'check-modal-history',
    runNow: 'check-modal-run-now',
    runResult: 'check-modal-run-result',
    edit: 'check-modal-edit',
    spec: 'check-modal-spec',
    relationships: 'check-modal-relationships',
  },
} as const;
