export * from './ErrorBoundary.tsx';
