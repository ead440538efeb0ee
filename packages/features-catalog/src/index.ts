export { catalogFeature } from './feature.ts';
export { catalogExternalRoutes, catalogRoutes } from './routes.ts';
