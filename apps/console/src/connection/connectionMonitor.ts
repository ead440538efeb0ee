import { isApiError } from '@opsdeck/api-client';

export type ConnectionState = 'online' | 'unreachable';

/** Statuses a proxy in front of a stopped backend answers (Vite's dev proxy, nginx). */
const gatewayStatuses: ReadonlySet<number> = new Set([502, 503, 504]);

/**
 * Whether a failure means the server cannot be reached (rather than that it answered no): a request
 * that got no reply, a gateway's 502/503/504, or a page's code chunk that failed to download.
 */
export function isUnreachable(error: unknown): boolean {
  if (isApiError(error))
    return (
      error.kind === 'network' ||
      error.kind === 'offline' ||
      (error.kind === 'http' && gatewayStatuses.has(error.status ?? 0))
    );
  // The words Chromium, Firefox and Safari use for a dynamic import() whose file did not load.
  return (
    error instanceof TypeError &&
    /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(
      error.message,
    )
  );
}

export interface ConnectionMonitor {
  state(): ConnectionState;
  /** Calls back on every change of state; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** A call failed: when it is unreachability, the monitor goes `unreachable` and starts probing. */
  reportFailure(error: unknown): void;
  /** A call got a reply: the server is there. */
  reportSuccess(): void;
  stop(): void;
}

export interface ConnectionMonitorOptions {
  /** Resolves when the server answered anything at all, rejects when nothing came back. */
  probe: () => Promise<void>;
  /** Waits between probes while unreachable, the last repeated; default 1 s, 2 s, then every 4 s. */
  delays?: readonly number[];
}

/**
 * One view of whether the backend is reachable. While it is not, a probe is sent at growing
 * intervals until something answers; then every listener hears `online` (the console refetches what
 * failed and retries pages whose code did not load), without a reload.
 */
export function createConnectionMonitor({
  probe,
  delays = [1000, 2000, 4000],
}: ConnectionMonitorOptions): ConnectionMonitor {
  let state: ConnectionState = 'online';
  let timer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let stopped = false;
  const listeners = new Set<() => void>();

  const set = (next: ConnectionState) => {
    if (state === next) return;
    state = next;
    for (const listener of [...listeners]) listener();
  };
  const schedule = () => {
    if (stopped || timer !== undefined) return;
    const delay = delays[Math.min(attempt, delays.length - 1)] ?? 4000;
    attempt += 1;
    timer = setTimeout(() => {
      timer = undefined;
      if (state !== 'unreachable') return;
      probe().then(
        () => markOnline(),
        () => schedule(),
      );
    }, delay);
  };
  const markOnline = () => {
    attempt = 0;
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    set('online');
  };

  return {
    state: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reportFailure(error) {
      if (stopped || !isUnreachable(error)) return;
      set('unreachable');
      schedule();
    },
    reportSuccess() {
      if (state === 'unreachable') markOnline();
    },
    stop() {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      listeners.clear();
    },
  };
}

/**
 * A probe for the backend at `apiBase`: any HTTP reply but a gateway's counts as reachable (a 401
 * too: the server is up; the pages' own requests then deal with the session).
 */
export function probeBackend(apiBase: string, fetchImpl: typeof fetch = fetch) {
  return async () => {
    const response = await fetchImpl(`${apiBase.replace(/\/+$/, '')}/about`, {
      cache: 'no-store',
      credentials: 'same-origin',
    });
    await response.body?.cancel();
    if (gatewayStatuses.has(response.status)) throw new Error(`gateway ${response.status}`);
  };
}
