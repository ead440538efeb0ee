export * from './checks.ts';
export * from './contract.ts';
export * from './fixtures.conformance.ts';
