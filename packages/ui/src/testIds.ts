// Every test id of @opsdeck/ui, in one map, so tests and apps never spell them twice.
export const testIds = {
  button: { spinner: 'ui-button-spinner' },
  modal: { root: 'ui-modal', overlay: 'ui-modal-overlay' },
  confirmDialog: { confirm: 'ui-confirm-dialog-confirm', cancel: 'ui-confirm-dialog-cancel' },
  toast: { region: 'ui-toast-region', item: 'ui-toast' },
  skeleton: {
    page: 'ui-skeleton-page',
    form: 'ui-skeleton-form',
    table: 'ui-skeleton-table',
    text: 'ui-skeleton-text',
  },
  errorPage: {
    stack: 'ui-error-page-stack',
    cause: 'ui-error-page-cause',
    notFound: 'ui-not-found-page',
  },
  themeToggle: 'ui-theme-toggle',
  dataTable: {
    root: 'ui-data-table',
    row: 'ui-data-table-row',
    loading: 'ui-data-table-loading',
    empty: 'ui-data-table-empty',
    expandToggle: 'ui-data-table-expand',
    exportCsv: 'ui-data-table-export-csv',
    pageInput: 'ui-data-table-page-input',
  },
  codeEditor: { root: 'ui-code-editor', problems: 'ui-code-editor-problems' },
  timeRangePicker: {
    trigger: 'ui-time-range-trigger',
    dialog: 'ui-time-range-dialog',
    from: 'ui-time-range-from',
    to: 'ui-time-range-to',
    submit: 'ui-time-range-submit',
    clear: 'ui-time-range-clear',
  },
  triStateFilter: {
    trigger: 'ui-tristate-filter-trigger',
    panel: 'ui-tristate-filter-panel',
    clear: 'ui-tristate-filter-clear',
    search: 'ui-tristate-filter-search',
  },
} as const;
