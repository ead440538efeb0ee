// Every test id of @opsdeck/features-logs, in one map, so tests and apps never spell them twice.
export const logsTestIds = {
  root: 'logs-page',
  lines: 'logs-lines',
  line: 'logs-line',
  summary: 'logs-summary',
  error: 'logs-error',
  empty: 'logs-empty',
  download: 'logs-download',
  loadMore: 'logs-load-more',
} as const;
