export * from './MultiSelect';
export * from './selection';
