export * from './model/index.ts';
export { testIds } from './testIds.ts';
export { healthFeature } from './feature.ts';
export { healthExternalRoutes, healthRoutes } from './routes.ts';
export { HealthPage, HealthPageView, searchDebounceMs } from './HealthPage/HealthPage.tsx';
export { StandaloneHealthPage, type StandaloneHealthPageProps } from './HealthPage/StandaloneHealthPage.tsx';
export { CheckModalView, type CheckModalProps } from './CheckModal/CheckModal.tsx';
export { CheckModal } from './CheckModal/RouterCheckModal.tsx';
export * from './routing/index.ts';
