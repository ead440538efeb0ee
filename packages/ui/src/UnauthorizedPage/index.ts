export * from './UnauthorizedPage';
