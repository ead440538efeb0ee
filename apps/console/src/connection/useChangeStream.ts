import { useApiClient, type LiveUpdatesMode } from '@opsdeck/api-client/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { runChangeStream } from './changeStream.ts';
import { consoleInvalidations } from './invalidations.ts';

/** While `enabled` (signed in), the change stream invalidates queries; returns the live mode. */
export function useChangeStream(enabled: boolean): LiveUpdatesMode {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<LiveUpdatesMode>('polling');
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    void runChangeStream({
      client,
      queryClient,
      invalidations: consoleInvalidations,
      onMode: setMode,
      signal: controller.signal,
    });
    return () => {
      controller.abort();
      setMode('polling');
    };
  }, [enabled, client, queryClient]);
  return mode;
}
