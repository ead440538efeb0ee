export {
  createSavedView,
  defaultViewQuery,
  deleteSavedView,
  myTeamsQuery,
  normaliseSearch,
  savedViewLimits,
  savedViewsQuery,
  searchSavedViews,
  setDefaultView,
  updateSavedView,
} from './calls.ts';
/** The plain calls behind the queries, for callers without React Query. @public */
export { getDefaultView, listMyTeams, listSavedViews } from './calls.ts';
/** A saved view and what saving one sends. @public */
export type { SavedView, SavedViewInput, ViewTeam } from './calls.ts';
export { viewsInvalidations } from './keys.ts';
/** The domain's one key root, for invalidation after a saved view write. @public */
export { viewsKeys } from './keys.ts';
