import type { QueryClient } from '@tanstack/react-query';
import type { ConnectionMonitor } from './connectionMonitor.ts';

/**
 * Feeds every query's and mutation's outcome to the monitor, and when the server is back refetches
 * what failed meanwhile (the pages showing an error recover by themselves). Returns the unwatch.
 */
export function watchQueries(monitor: ConnectionMonitor, queryClient: QueryClient): () => void {
  const stopQueries = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated') return;
    const { action } = event;
    if (action.type === 'failed') monitor.reportFailure(action.error);
    else if (action.type === 'error') monitor.reportFailure(action.error);
    else if (action.type === 'success') monitor.reportSuccess();
  });
  const stopMutations = queryClient.getMutationCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error')
      monitor.reportFailure(event.action.error);
  });
  const stopMonitor = monitor.subscribe(() => {
    if (monitor.state() !== 'online') return;
    void queryClient.invalidateQueries({ predicate: (query) => query.state.status === 'error' });
  });
  return () => {
    stopQueries();
    stopMutations();
    stopMonitor();
  };
}
