export * from './model/index.ts';
export { testIds } from './testIds.ts';
export { HealthPage, searchDebounceMs, type HealthPageProps } from './HealthPage/HealthPage.tsx';
export { CheckModal, type CheckActionsSlot, type CheckModalProps } from './CheckModal/CheckModal.tsx';
export { healthRoute } from './route.tsx';
