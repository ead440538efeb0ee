export * from './ProgressBar';
export * from './progress';
