export { ApiClientProvider, useApiClient, type ApiClientProviderProps } from './ApiClientProvider.tsx';
