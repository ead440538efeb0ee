export * from './CodeEditor.tsx';
export * from './parse.ts';
export * from './problems.ts';
export * from './schema.ts';
