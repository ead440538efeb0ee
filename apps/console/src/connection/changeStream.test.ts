import { createApiClient, type InvalidatedKey } from '@opsdeck/api-client';
import { catalogInvalidations } from '@opsdeck/api-client/catalog';
import { playbookKeys } from '@opsdeck/api-client/playbooks';
import type { LiveUpdatesMode } from '@opsdeck/api-client/react';
import { createFakeBackend, text, type FakeBackend } from '@opsdeck/testing';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { runChangeStream } from './changeStream.ts';
import { consoleInvalidations } from './invalidations.ts';

const sse = (body: string) => text(body, { headers: { 'content-type': 'text/event-stream' } });
const change = (id: number, table: string) =>
  `event: change\nid: ${id}\ndata: ${JSON.stringify({ id, table, action: 'update', ids: ['x'], count: 1, actor: 'system', at: '2026-11-27T10:00:00Z' })}\n\n`;

const runsKey = playbookKeys.runList({ pageIndex: 0, pageSize: 50 });
// The catalog's root key, as its domain declares it.
const catalogKey = catalogInvalidations.config_items![0]!;

let backend: FakeBackend | undefined;
let controller: AbortController | undefined;
afterEach(async () => {
  controller?.abort();
  await backend?.close();
});

function seededQueryClient() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(runsKey, { rows: [], total: 0 });
  queryClient.setQueryData(catalogKey, { rows: [] });
  return queryClient;
}

function start(
  queryClient: QueryClient,
  invalidations: Record<string, readonly InvalidatedKey[]> = consoleInvalidations,
  timing: { batchMs?: number; reconnectDelays?: number[] } = {},
) {
  controller = new AbortController();
  const modes: LiveUpdatesMode[] = [];
  const done = runChangeStream({
    client: createApiClient({ baseUrl: `${backend!.url}/api` }),
    queryClient,
    invalidations,
    onMode: (mode) => modes.push(mode),
    signal: controller.signal,
    batchMs: timing.batchMs ?? 10,
    reconnectDelays: timing.reconnectDelays ?? [20],
  });
  return { modes, done };
}

const until = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe('the change stream', () => {
  it("invalidates the keys a change's table maps to, and nothing else", async () => {
    backend = await createFakeBackend({
      'GET /api/events': () => sse(`: hello\n\n${change(7, 'playbook_runs')}`),
    });
    const queryClient = seededQueryClient();
    const { modes } = start(queryClient);
    await until(() => queryClient.getQueryState(runsKey)?.isInvalidated === true);
    expect(queryClient.getQueryState(catalogKey)?.isInvalidated).toBe(false);
    expect(modes).toContain('live');
  });

  it('resumes with Last-Event-ID after the server ends the stream, and a resync invalidates everything', async () => {
    let calls = 0;
    backend = await createFakeBackend({
      'GET /api/events': () => {
        calls += 1;
        return calls === 1
          ? sse(change(41, 'incidents'))
          : sse(`event: resync\nid: 99\ndata: {"id":99}\n\n`);
      },
    });
    const queryClient = seededQueryClient();
    start(queryClient);
    await until(() => queryClient.getQueryState(catalogKey)?.isInvalidated === true);
    const [first, second] = backend.requestsTo('GET /api/events');
    expect(first?.headers['last-event-id']).toBeUndefined();
    expect(second?.headers['last-event-id']).toBe('41');
    expect(second?.headers.accept).toBe('text/event-stream');
    expect(queryClient.getQueryState(runsKey)?.isInvalidated).toBe(true);
  });

  it('is reconnecting from a failed connection until the next one opens, then live', async () => {
    let calls = 0;
    backend = await createFakeBackend({
      'GET /api/events': () => {
        calls += 1;
        return calls === 1
          ? text('down', { status: 503 })
          : sse(`: hello\n\n${change(8, 'playbook_runs')}`);
      },
    });
    const queryClient = seededQueryClient();
    const { modes } = start(queryClient);
    await until(() => queryClient.getQueryState(runsKey)?.isInvalidated === true);
    // (The stream ends after its event and opens again: live once more, never polling.)
    expect(modes.slice(0, 2)).toEqual(['reconnecting', 'live']);
    expect(modes).not.toContain('polling');
  });

  it('invalidates the first change after a quiet spell at once, not at the end of the batch window', async () => {
    backend = await createFakeBackend({
      'GET /api/events': () => sse(change(7, 'playbook_runs')),
    });
    const queryClient = seededQueryClient();
    // A window far longer than the wait below: only a leading flush invalidates in time.
    start(queryClient, consoleInvalidations, { batchMs: 60_000, reconnectDelays: [60_000] });
    await until(() => queryClient.getQueryState(runsKey)?.isInvalidated === true, 3000);
  });

  it('batches a burst after that flush: each key once per window, at its end', async () => {
    let calls = 0;
    backend = await createFakeBackend({
      'GET /api/events': () => {
        calls += 1;
        if (calls === 1) return sse(change(1, 'playbook_runs'));
        if (calls === 2) return sse(change(2, 'config_items') + change(3, 'config_items'));
        if (calls === 3) return sse(change(4, 'config_items'));
        return text('down', { status: 503 });
      },
    });
    const queryClient = seededQueryClient();
    const invalidated: { key: string; at: number }[] = [];
    const invalidate = queryClient.invalidateQueries.bind(queryClient);
    queryClient.invalidateQueries = ((filters?: { queryKey?: readonly unknown[] }) => {
      invalidated.push({ key: JSON.stringify(filters?.queryKey), at: Date.now() });
      return invalidate(filters);
    }) as typeof queryClient.invalidateQueries;
    start(queryClient, consoleInvalidations, { batchMs: 400, reconnectDelays: [60_000] });
    await until(() => queryClient.getQueryState(catalogKey)?.isInvalidated === true);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const catalog = invalidated.filter(({ key }) => key === JSON.stringify(catalogKey));
    expect(calls).toBeGreaterThanOrEqual(3);
    // Three config_items events within the window: one invalidation, a window after the first.
    expect(catalog).toHaveLength(1);
    expect(catalog[0]!.at - invalidated[0]!.at).toBeGreaterThanOrEqual(350);
    expect(invalidated[0]!.key).not.toBe(JSON.stringify(catalogKey));
  });

  it('stops in polling mode where the backend has no stream (404: a real Mission Control)', async () => {
    backend = await createFakeBackend({});
    const queryClient = seededQueryClient();
    const { modes, done } = start(queryClient);
    await done;
    expect(modes).toEqual(['polling']);
    expect(backend.requestsTo('GET /api/events')).toHaveLength(1);
  });

  it('stops in polling mode when /events answers something else than a stream (an HTML fallback)', async () => {
    backend = await createFakeBackend({
      'GET /api/events': () =>
        text('<!doctype html><p>console', { headers: { 'content-type': 'text/html' } }),
    });
    const { modes, done } = start(seededQueryClient());
    await done;
    expect(modes).toEqual(['polling']);
    expect(backend.requestsTo('GET /api/events')).toHaveLength(1);
  });
});
