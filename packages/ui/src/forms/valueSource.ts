// A value typed in or read from a config map or secret: its shape and rule live in @opsdeck/contracts.
export {
  emptyValueSource,
  valueSource,
  valueSourceKind,
  valueSourceKinds,
  valueSourcePaths,
  type KeyRef,
  type ValueSource,
  type ValueSourceKind,
} from '@opsdeck/contracts/form';
