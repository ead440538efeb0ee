// The `data-slot` of each part of the table (Radix/shadcn style): stable hooks for styling from the
// outside, tests and e2e selectors, kept in one map so nobody spells them twice.
export const dataTableSlots = {
  root: 'data-table',
  toolbar: 'data-table-toolbar',
  search: 'data-table-search',
  columnToggle: 'data-table-column-toggle',
  csvExport: 'data-table-csv-export',
  body: 'data-table-body',
  virtualBody: 'data-table-virtual-body',
  row: 'data-table-row',
  skeletonRow: 'data-table-skeleton-row',
  errorRow: 'data-table-error',
  emptyRow: 'data-table-empty',
  pager: 'data-table-pager',
  selectFilter: 'data-table-select-filter',
  triStateFilter: 'data-table-tri-state-filter',
  timeRangeFilter: 'data-table-time-range-filter',
} as const;
