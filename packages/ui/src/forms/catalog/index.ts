export * from './connections';
export * from './checks';
