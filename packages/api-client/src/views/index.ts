export {
  createSavedView,
  defaultViewQuery,
  deleteSavedView,
  getDefaultView,
  listMyTeams,
  listSavedViews,
  myTeamsQuery,
  normaliseSearch,
  savedViewLimits,
  savedViewsQuery,
  searchSavedViews,
  setDefaultView,
  updateSavedView,
} from './calls.ts';
/** A saved view and what saving one sends. @public */
export type { SavedView, SavedViewInput, ViewTeam } from './calls.ts';
export { viewsInvalidations } from './keys.ts';
/** The domain's one key root, for invalidation after a saved view write. @public */
export { viewsKeys } from './keys.ts';
