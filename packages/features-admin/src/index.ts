export { adminFeatures } from './feature.ts';
/** For the app to bind where a job's resource links to. @public */
export { adminExternalRoutes, adminRoutes } from './routes.ts';
