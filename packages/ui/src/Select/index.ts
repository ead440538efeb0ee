export * from './Select.tsx';
