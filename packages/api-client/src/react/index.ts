export { ApiClientProvider, useApiClient } from './ApiClientProvider.tsx';
export {
  LiveUpdatesProvider,
  useLiveUpdates,
  usePollingInterval,
  type LiveUpdatesMode,
} from './LiveUpdates.tsx';
