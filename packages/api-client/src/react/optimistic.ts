import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * A write shown at once (a mutation's `onMutate`): stops the refetches of every cached query under
 * `queryKey` (so an older reply cannot overwrite the change), applies `update` to each one's data,
 * and returns the undo that puts every one of them back as it was (the mutation's `onError`).
 * `update` returns the data unchanged where the write does not concern it.
 */
export async function applyOptimistic<T>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  update: (data: T) => T,
): Promise<() => void> {
  await queryClient.cancelQueries({ queryKey });
  const before = queryClient.getQueriesData<T>({ queryKey });
  for (const [key, data] of before)
    if (data !== undefined) queryClient.setQueryData(key, update(data));
  return () => {
    for (const [key, data] of before) queryClient.setQueryData(key, data);
  };
}
