export * from './checks.ts';
export * from './contract.ts';
