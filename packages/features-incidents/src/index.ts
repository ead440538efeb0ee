export { incidentsFeature } from './feature.ts';
export { incidentExternalRoutes, incidentRoutes } from './routes.ts';
