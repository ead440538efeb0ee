// Forms described as data (settings spec §3): the description types, walking a description against
// a value (model, url) and the validation compiled from it (rules). Pure, no React: ui's SchemaForm
// renders these, and the server runs the same rules on a write, so both name the same path.
export * from './description.ts';
export * from './model.ts';
export * from './rules.ts';
export * from './url.ts';
export * from './validation.ts';
export * from './valueSource.ts';
export * from './parse.ts';
export * from './issues.ts';
