// The form description types, model and rules live in @opsdeck/contracts (data, no React, so the
// server runs the same rules); ui keeps the form engine that renders them.
// Named, not `export *`: a star re-export of another package, reached through ui's own barrels, is
// emitted by the bundler as a runtime merge that a consumer's strict bundler cannot see through.
export type * from '@opsdeck/contracts/form';
/** The form model and rules as ui exported them before they moved (issue 32). @public */
export {
  BYTES_QUANTITY_PATTERN,
  DNS1123_MESSAGE,
  DNS1123_PATTERN,
  FIELDS_MESSAGE,
  INTEGER_MESSAGE,
  KEY_VALUE_MESSAGE,
  LIST_MESSAGE,
  MILLICORES_PATTERN,
  NUMBER_MESSAGE,
  REQUIRED_MESSAGE,
  buildUrl,
  bytes,
  conditionHolds,
  defaultValues,
  dns1123,
  emptyValue,
  emptyValueSource,
  everyProblem,
  fieldRule,
  formIssues,
  formValuesOf,
  getPath,
  integer,
  isDns1123,
  isShown,
  itemDefault,
  joinPath,
  leafFields,
  lineColumnAt,
  listMaxMessage,
  listMinMessage,
  millicores,
  offsetAt,
  parseDocument,
  parsePath,
  removePath,
  required,
  rulesFor,
  setPath,
  submittedValues,
  text,
  validationSchemaOf,
  valueSource,
  valueSourceKind,
  valueSourceKinds,
  valueSourcePaths,
} from '@opsdeck/contracts/form';
export * from './SchemaField.tsx';
export * from './SchemaForm.tsx';
export * from './FormCodeTabs.tsx';
