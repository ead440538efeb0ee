export * from './model/index.ts';
export { healthFeature } from './feature.ts';
/** What the app binds health's links to and from (apps/console/src/features/index.ts). @public */
export { healthExternalRoutes, healthRoutes } from './routes.ts';
export { StandaloneHealthPage } from './HealthPage/StandaloneHealthPage.tsx';
