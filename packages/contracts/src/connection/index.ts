export * from './connections.ts';
export * from './contract.ts';
