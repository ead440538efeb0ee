export {
  createSavedView,
  defaultViewQuery,
  deleteSavedView,
  getDefaultView,
  listSavedViews,
  normaliseSearch,
  savedViewLimits,
  savedViewsQuery,
  searchSavedViews,
  setDefaultView,
  updateSavedView,
} from './calls.ts';
/** A saved view and what saving one sends. @public */
export type { SavedView, SavedViewInput } from './calls.ts';
export { viewsInvalidations } from './keys.ts';
/** The domain's one key root, for invalidation after a saved view write. @public */
export { viewsKeys } from './keys.ts';
