// Every test id of @opsdeck/ui, in one map, so tests and apps never spell them twice.
export const testIds = {
  button: { spinner: 'ui-button-spinner' },
  modal: { root: 'ui-modal', overlay: 'ui-modal-overlay' },
  confirmDialog: { confirm: 'ui-confirm-dialog-confirm', cancel: 'ui-confirm-dialog-cancel' },
  toast: { region: 'ui-toast-region', item: 'ui-toast' },
  skeleton: { page: 'ui-skeleton-page', form: 'ui-skeleton-form', table: 'ui-skeleton-table', text: 'ui-skeleton-text' },
  errorPage: { stack: 'ui-error-page-stack', cause: 'ui-error-page-cause' },
  themeToggle: 'ui-theme-toggle',
  triStateFilter: { trigger: 'ui-tristate-filter-trigger', panel: 'ui-tristate-filter-panel', clear: 'ui-tristate-filter-clear' },
} as const;
