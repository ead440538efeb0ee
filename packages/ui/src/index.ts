export * from './theme/index';
export * from './testIds';
