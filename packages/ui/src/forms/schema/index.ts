export * from './description';
export * from './model';
export * from './rules';
export * from './url';
export * from './SchemaField';
export * from './SchemaForm';
export * from './FormCodeTabs';
