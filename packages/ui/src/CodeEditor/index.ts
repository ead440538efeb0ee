export * from './CodeEditor';
export * from './parse';
export * from './problems';
export * from './schema';
