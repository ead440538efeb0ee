import {
  isApiError,
  NoChangeStreamError,
  readChangeStream,
  type ApiClient,
  type InvalidatedKey,
} from '@opsdeck/api-client';
import type { LiveUpdatesMode } from '@opsdeck/api-client/react';
import type { QueryClient } from '@tanstack/react-query';

export interface ChangeStreamOptions {
  client: ApiClient;
  queryClient: QueryClient;
  /** Table → query keys, every domain's map merged (`consoleInvalidations`). */
  invalidations: Readonly<Record<string, readonly InvalidatedKey[]>>;
  /**
   * `live` while the stream is open, `reconnecting` from a dropped connection to the next open,
   * `polling` without a stream (or signed out).
   */
  onMode: (mode: LiveUpdatesMode) => void;
  signal: AbortSignal;
  /**
   * The first event after a quiet spell invalidates at once (with the rest of its chunk); events
   * arriving within this window after that flush invalidate each key once, at its end (a burst
   * refetches twice, not once per event); default 150 ms.
   */
  batchMs?: number;
  /** Waits before reconnecting after a failure, the last repeated; default 1 s, 2 s, 5 s, 10 s. */
  reconnectDelays?: readonly number[];
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/**
 * Keeps the server's change stream open for as long as `signal` lives and turns each event into
 * invalidations of the keys its table maps to: the first change after a quiet spell at once, a
 * burst's in one batch per `batchMs`. A `resync`
 * invalidates everything. Without a stream (404 or not `text/event-stream`: a real Mission Control)
 * it stops in `polling` mode; a dropped connection reconnects with `Last-Event-ID`.
 */
export async function runChangeStream(options: ChangeStreamOptions): Promise<void> {
  const { client, queryClient, invalidations, onMode, signal } = options;
  const batchMs = options.batchMs ?? 150;
  const delays = options.reconnectDelays ?? [1000, 2000, 5000, 10_000];
  let lastEventId: string | undefined;
  let pending = new Map<string, InvalidatedKey>();
  let flushTimer: ReturnType<typeof setTimeout> | undefined;
  let lastFlush = Number.NEGATIVE_INFINITY;
  const flush = () => {
    flushTimer = undefined;
    lastFlush = Date.now();
    const keys = [...pending.values()];
    pending = new Map();
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };
  const queue = (keys: readonly InvalidatedKey[]) => {
    for (const key of keys) pending.set(JSON.stringify(key), key);
    if (flushTimer !== undefined) return;
    // Quiet until now: flush on the next task (the events of the same chunk join it); within a
    // burst: at the end of the window the last flush opened.
    const since = Date.now() - lastFlush;
    flushTimer = setTimeout(flush, since >= batchMs ? 0 : batchMs - since);
  };
  signal.addEventListener('abort', () => flushTimer !== undefined && clearTimeout(flushTimer), {
    once: true,
  });

  let failures = 0;
  while (!signal.aborted) {
    try {
      await readChangeStream(client, {
        lastEventId,
        signal,
        onOpen: () => {
          failures = 0;
          onMode('live');
        },
        onEventId: (id) => (lastEventId = id),
        onChange: (event) => queue(invalidations[event.table] ?? []),
        onResync: () => void queryClient.invalidateQueries(),
      });
      // The server ended the stream (its time limit): reconnect at once, from the last id.
    } catch (error) {
      if (signal.aborted) return;
      // Signed out: the 401 handler moves the user on; nothing to stream.
      if (
        error instanceof NoChangeStreamError ||
        (isApiError(error) && (error.status === 401 || error.status === 403))
      ) {
        onMode('polling');
        return;
      }
      onMode('reconnecting');
      await wait(delays[Math.min(failures, delays.length - 1)] ?? 10_000, signal);
      failures += 1;
    }
  }
}
