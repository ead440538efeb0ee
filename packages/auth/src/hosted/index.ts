export * from './organizations.ts';
export * from './resolve.ts';
