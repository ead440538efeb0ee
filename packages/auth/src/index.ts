export * from './session.ts';
export { testIds } from './testIds.ts';
