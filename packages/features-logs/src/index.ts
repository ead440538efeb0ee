export { logsFeature } from './feature.ts';
/** For other features to link to a component's logs. @public */
export { logsRoutes, type LogsSearch } from './routes.ts';
