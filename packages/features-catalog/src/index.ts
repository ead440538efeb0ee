export { catalogFeature } from './feature.ts';
export {
  catalogExternalRoutes,
  catalogRoutes,
  configTypeSearch,
  type CatalogListSearch,
} from './routes.ts';
