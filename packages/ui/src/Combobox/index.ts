export * from './Combobox.tsx';
export * from './comboboxItems.ts';
export * from './useDebouncedValue.ts';
