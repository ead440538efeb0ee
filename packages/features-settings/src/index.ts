export { settingsFeatures } from './feature.ts';
/** For other features to link to a kind's list or editor (bound by the app). @public */
export { settingsRoutes } from './routes.ts';
