export { playbooksFeature } from './feature.ts';
export { playbooksExternalRoutes, playbooksRoutes } from './routes.ts';
export { playbooksTestIds } from './testIds.ts';
