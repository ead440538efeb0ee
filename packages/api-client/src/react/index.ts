export { ApiClientProvider, useApiClient } from './ApiClientProvider.tsx';
export { LiveUpdatesProvider, useLiveUpdates, type LiveUpdatesMode } from './LiveUpdates.tsx';
export { applyOptimistic } from './optimistic.ts';
