export * from './model/index.ts';
export { HealthPage } from './HealthPage/HealthPage.tsx';
export { StandaloneHealthPage } from './HealthPage/StandaloneHealthPage.tsx';
