export * from './db/index';
