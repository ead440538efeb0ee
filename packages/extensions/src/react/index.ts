export {
  ExtensionsProvider,
  SlotOutlet,
  useLinkResolver,
  useRouteLink,
  useSlotData,
} from './ExtensionsProvider.tsx';
/** Tab-like slots (a detail page's sub-pages) read their contributions with it (README). @public */
export { useSlot } from './ExtensionsProvider.tsx';
export { PageTitleProvider, usePageTitle } from './pageTitle.tsx';
