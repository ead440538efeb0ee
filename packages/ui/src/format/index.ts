export * from './date.ts';
export * from './age.ts';
export * from './duration.ts';
export * from './bytes.ts';
export * from './typePath.ts';
export * from './inputLimits.ts';
export * from './configIdentity.ts';
