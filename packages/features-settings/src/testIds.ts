// Every test id of @opsdeck/features-settings, in one map, so tests and apps never spell them twice.
export const settingsTestIds = {
  list: 'settings-list',
  add: 'settings-add',
  editor: 'settings-editor',
  specForm: 'settings-spec-form',
  readOnly: 'settings-read-only',
  viewOnly: 'settings-view-only',
  draftRestored: 'settings-draft-restored',
  typeGrid: 'settings-type-grid',
  members: 'settings-members',
  jobs: 'settings-jobs',
} as const;
