export * from './model/index.ts';
export { healthFeature } from './feature.ts';
export { healthExternalRoutes, healthRoutes } from './routes.ts';
export { StandaloneHealthPage } from './HealthPage/StandaloneHealthPage.tsx';
