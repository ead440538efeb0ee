export * from './connections.ts';
export * from './contract.ts';
export * from './fixtures.conformance.ts';
export * from './urlFields.ts';
