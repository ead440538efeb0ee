export { ApiClientProvider, useApiClient } from './ApiClientProvider.tsx';
export { LiveUpdatesProvider, useLiveUpdates, type LiveUpdatesMode } from './LiveUpdates.tsx';
