export * from './cards.ts';
export * from './filters.ts';
export * from './grid.ts';
export * from './properties.ts';
export * from './status.ts';
