export { connectionsFeature } from './feature.ts';
/** For other features to link to the connections list or a connection's form (bound by the app). @public */
export { connectionsRoutes } from './routes.ts';
