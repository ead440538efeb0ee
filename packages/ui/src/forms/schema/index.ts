// The form description types, model and rules live in @opsdeck/contracts (data, no React, so the
// server runs the same rules); ui keeps the form engine that renders them.
export * from '@opsdeck/contracts/form';
export * from './SchemaField.tsx';
export * from './SchemaForm.tsx';
export * from './FormCodeTabs.tsx';
