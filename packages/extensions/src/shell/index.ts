export * from './slots.ts';
