import { isNotFoundError } from '@opsdeck/api-client';
import { useToast } from '@opsdeck/ui';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { createToastDeduper } from './toastDeduper.ts';
import { toastMessageForError } from './toastMessage.ts';

/**
 * Every failed query or mutation shows its user message as a toast (spec §8), unless it opted out.
 * `messageFor` picks the words (hosted mode shows the server's message); null means no toast.
 */
export function useApiErrorToasts(
  queryClient: QueryClient,
  messageFor: (error: unknown) => string | null = toastMessageForError,
): void {
  const toast = useToast();
  useEffect(() => {
    const shouldShow = createToastDeduper();
    // A query opts out with `meta: { toast: false }` when its page shows the error itself.
    const report = (error: unknown, meta: Record<string, unknown> | undefined) => {
      if (meta?.toast === false) return;
      // A page that says "Not found" itself (meta `showsNotFound`) needs no toast saying it again.
      if (meta?.showsNotFound === true && isNotFoundError(error)) return;
      const message = messageFor(error);
      if (message && shouldShow(message)) toast.error(message);
    };
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error')
        report(event.action.error, event.query.meta);
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error')
        report(event.action.error, event.mutation.meta);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient, toast, messageFor]);
}
