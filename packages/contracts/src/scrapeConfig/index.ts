export * from './scrapers.ts';
export * from './contract.ts';
