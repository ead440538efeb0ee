export { topologyFeature } from './feature.ts';
export { topologyExternalRoutes, topologyRoutes } from './routes.ts';
export { topologyTestIds } from './testIds.ts';
