export { connectionsFeature, integrationsFeature } from './feature.ts';
/** For other features to link to these pages (bound by the app). @public */
export { connectionsRoutes } from './routes.ts';
/** The settings editors and the logs page these pages link to, for the app to bind. */
export { connectionsExternalRoutes } from './routes.ts';
