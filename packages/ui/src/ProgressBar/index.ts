export * from './ProgressBar.tsx';
export * from './progress.ts';
