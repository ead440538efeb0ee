export {
  ExtensionsProvider,
  SlotOutlet,
  useRouteLink,
  useSlot,
  type SlotItem,
} from './ExtensionsProvider.tsx';
export { PageTitleProvider, usePageTitle } from './pageTitle.tsx';
