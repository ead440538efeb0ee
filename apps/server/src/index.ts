export * from './db/index';
export * from './auth/index';
