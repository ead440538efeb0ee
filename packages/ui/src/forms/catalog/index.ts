export * from './connections.ts';
export * from './checks.ts';
