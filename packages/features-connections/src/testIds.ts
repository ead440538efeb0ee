// Every test id of @opsdeck/features-connections, in one map, so tests and apps never spell them twice.
export const connectionsTestIds = {
  list: 'connections-list',
  add: 'connections-add',
  form: 'connections-form',
  typePicker: 'connections-type-picker',
  readOnly: 'connections-read-only',
  testResult: 'connections-test-result',
  integrations: 'integrations-list',
  addIntegration: 'integrations-add',
  wizard: 'integrations-wizard',
} as const;
