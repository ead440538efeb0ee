import { useToast } from '@opsdeck/ui';
import { useCallback } from 'react';
import { hostedErrorMessage } from '../hosted/resolve.ts';

/**
 * §8: a hosted-mode response error shows a toast with the server's message. Hand the returned
 * function to a QueryCache/MutationCache `onError`, or call it from a catch. Needs `ToastProvider`.
 */
export function useHostedErrorToast(): (error: unknown) => void {
  const toast = useToast();
  return useCallback((error: unknown) => void toast.error(hostedErrorMessage(error)), [toast]);
}
