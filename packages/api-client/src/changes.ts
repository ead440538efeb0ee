import { createParser } from 'eventsource-parser';
import { array, nullable, number, object, safeParse, string, union, type output } from 'zod/mini';
import type { ApiClient } from './client.ts';
import { isApiError } from './errors.ts';

/** One write the server announces on `GET /api/events` (`event: change`). */
export const changeEventSchema = object({
  id: union([number(), string()]),
  table: string(),
  action: string(),
  ids: nullable(array(string())),
  actor: nullable(string()),
  at: string(),
});
// `output`, not `infer`: the declaration bundler would write `infer<…>`, which is no identifier.
export type ChangeEvent = output<typeof changeEventSchema>;

/** A query key as TanStack Query takes it. */
export type InvalidatedKey = readonly unknown[];

/**
 * What a domain declares: for each table the server writes, the query keys (prefixes) a change to it
 * makes stale. A domain lists only its own keys; the console merges every domain's map.
 */
export type TableInvalidations = Readonly<Record<string, readonly InvalidatedKey[]>>;

/** Every domain's map as one: a table several domains read invalidates all of their keys. */
export function mergeInvalidations(
  ...maps: readonly TableInvalidations[]
): Record<string, InvalidatedKey[]> {
  const merged: Record<string, InvalidatedKey[]> = {};
  for (const map of maps)
    for (const [table, keys] of Object.entries(map)) (merged[table] ??= []).push(...keys);
  return merged;
}

/** Thrown when the backend has no change stream (a real Mission Control): keep polling instead. */
export class NoChangeStreamError extends Error {
  override readonly name = 'NoChangeStreamError';
}

export interface ChangeStreamHandlers {
  /** Resume after this event id (sent as `Last-Event-ID`). */
  lastEventId?: string;
  signal?: AbortSignal;
  /** The stream answered: events follow. */
  onOpen?: () => void;
  onChange: (event: ChangeEvent) => void;
  /** The server lost track of what this client saw: reload everything shown. */
  onResync: () => void;
  /** Every event id seen, to resume from. */
  onEventId?: (id: string) => void;
}

const eventStreamType = /^text\/event-stream\b/i;

/**
 * Reads `GET {base}/events` until the server ends it (resolves) or the connection fails (rejects).
 * A 404/405/501 or a reply that is not `text/event-stream` rejects with `NoChangeStreamError`.
 */
export async function readChangeStream(
  client: ApiClient,
  handlers: ChangeStreamHandlers,
): Promise<void> {
  let response: Response;
  try {
    response = await client.general.stream('events', {
      signal: handlers.signal,
      headers: handlers.lastEventId ? { 'Last-Event-ID': handlers.lastEventId } : undefined,
    });
  } catch (error) {
    if (isApiError(error) && [404, 405, 501].includes(error.status ?? 0))
      throw new NoChangeStreamError(`The backend has no change stream (${error.status})`);
    throw error;
  }
  if (!eventStreamType.test(response.headers.get('content-type') ?? '') || !response.body) {
    await response.body?.cancel();
    throw new NoChangeStreamError('The backend answered /events with something else than a stream');
  }
  handlers.onOpen?.();
  const parser = createParser({
    onEvent(message) {
      if (message.id) handlers.onEventId?.(message.id);
      if (message.event === 'resync') return handlers.onResync();
      if (message.event !== 'change') return;
      let data: unknown;
      try {
        data = JSON.parse(message.data);
      } catch {
        return;
      }
      const parsed = safeParse(changeEventSchema, data);
      if (parsed.success) handlers.onChange(parsed.data);
    },
  });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      parser.feed(value);
    }
  } finally {
    reader.releaseLock();
  }
}
