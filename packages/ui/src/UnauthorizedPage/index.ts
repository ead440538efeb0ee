export * from './UnauthorizedPage.tsx';
