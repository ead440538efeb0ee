export { catalogFeature } from './feature.ts';
export { catalogExternalRoutes, catalogRoutes } from './routes.ts';
/** A typed link to the catalog list narrowed to one type, for apps that link into it. @public */
export { configTypeSearch, type CatalogListSearch } from './routes.ts';
