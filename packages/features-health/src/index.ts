export * from './model/index.ts';
export {
  HealthPage,
  HealthPageView,
  searchDebounceMs,
  type HealthPageProps,
} from './HealthPage/HealthPage.tsx';
export {
  StandaloneHealthPage,
  type StandaloneHealthPageProps,
} from './HealthPage/StandaloneHealthPage.tsx';
export {
  CheckModalView,
  type CheckActionsSlot,
  type CheckModalProps,
} from './CheckModal/CheckModal.tsx';
export { CheckModal } from './CheckModal/RouterCheckModal.tsx';
export * from './routing/index.ts';
export { healthRoute } from './route.tsx';
