export * from './CollapsibleFilters.tsx';
