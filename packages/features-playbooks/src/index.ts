export { playbooksFeature } from './feature.ts';
export { playbooksExternalRoutes } from './routes.ts';
/** For other features to link to a playbook or a run (job history's playbook links). @public */
export { playbooksRoutes, type PlaybookRunsSearch } from './routes.ts';
