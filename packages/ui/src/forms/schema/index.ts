export * from './description.ts';
export * from './model.ts';
export * from './rules.ts';
export * from './url.ts';
export * from './SchemaField.tsx';
export * from './SchemaForm.tsx';
export * from './FormCodeTabs.tsx';
