export * from './date';
export * from './age';
export * from './duration';
export * from './bytes';
