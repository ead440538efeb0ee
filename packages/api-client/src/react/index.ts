export { ApiClientProvider, useApiClient } from './ApiClientProvider.tsx';
