export * from './MultiSelect.tsx';
export * from './selection.ts';
