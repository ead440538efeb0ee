import { isApiError } from '@opsdeck/api-client';
import { QueryClient } from '@tanstack/react-query';

/** Spec §9: query cache stale time 300000 ms. */
export const QUERY_STALE_TIME = 300_000;

/** One retry for a lost connection; a reply from the server (4xx, 5xx) will not change by asking again. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && (error.kind === 'http' || error.kind === 'validation')) return false;
  return failureCount < 1;
}

export function createConsoleQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: QUERY_STALE_TIME, retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
