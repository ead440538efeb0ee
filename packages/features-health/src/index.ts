export * from './model/index.ts';
