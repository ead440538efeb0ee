export * from './ErrorPage.tsx';
