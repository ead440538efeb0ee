export * from './NameSearch.tsx';
