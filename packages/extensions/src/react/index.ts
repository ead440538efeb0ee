export { ExtensionsProvider, SlotOutlet, useRouteLink } from './ExtensionsProvider.tsx';
/** A data slot's values and links given as data, for the hosts of data slots (the shell). @public */
export { useLinkResolver, useSlotData } from './ExtensionsProvider.tsx';
/** Tab-like slots (a detail page's sub-pages) read their contributions with it (README). @public */
export { useSlot } from './ExtensionsProvider.tsx';
export { PageTitleProvider, usePageTitle } from './pageTitle.tsx';
