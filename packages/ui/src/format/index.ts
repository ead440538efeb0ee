export * from './date';
export * from './duration';
export * from './bytes';
