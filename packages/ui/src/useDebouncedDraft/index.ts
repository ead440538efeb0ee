export * from './useDebouncedDraft.ts';
