const MAX_ENTRIES = 64;

export interface ReplyCache {
  /** The value for `key`, computed by `compute` unless one younger than the window is kept. */
  get<T>(key: string, compute: () => Promise<T>): Promise<T>;
  forget(): void;
}

/**
 * Computed replies kept for a short window, by request: for reads that go over a whole estate (a
 * catalog summary, the topology's components) and that a page asks again within seconds. A module
 * forgets them at once when one of the tables they read is written through the API; writes behind
 * it (the check scheduler, another instance on a shared PostgreSQL) show within the window.
 * Concurrent asks for one key share one computation; a failed one is not kept.
 *
 * With `staleMillis`, a reply past its window but within that much more is still answered at once
 * while a fresh one is computed behind it (stale-while-revalidate), so a page visited now and then
 * never waits for the whole estate; a write through the API still forgets everything, and the
 * next ask after it waits for a fresh reply.
 */
export function createReplyCache(
  windowMillis: number,
  options: { staleMillis?: number } = {},
): ReplyCache {
  const staleMillis = options.staleMillis ?? 0;
  const entries = new Map<string, Entry>();
  // Bumped by forget(): a computation started before a write must not be kept after it.
  let generation = 0;

  const keep = (key: string, entry: Entry) => {
    entries.delete(key);
    entries.set(key, entry);
    // Oldest first: a Map iterates in insertion order.
    while (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  };

  const refresh = (key: string, kept: Entry, compute: () => Promise<unknown>) => {
    kept.refreshing = true;
    const started = generation;
    const at = Date.now();
    compute().then(
      (value) => {
        if (generation === started && entries.get(key) === kept)
          keep(key, { at, reply: Promise.resolve(value), settled: true });
      },
      // The stale reply stays until its time is up; the next ask past the window tries again.
      () => {
        kept.refreshing = false;
      },
    );
  };

  return {
    get<T>(key: string, compute: () => Promise<T>): Promise<T> {
      if (windowMillis <= 0) return compute();
      const now = Date.now();
      const kept = entries.get(key);
      if (kept && now - kept.at < windowMillis) return kept.reply as Promise<T>;
      if (kept?.settled && now - kept.at < windowMillis + staleMillis) {
        if (!kept.refreshing) refresh(key, kept, compute);
        return kept.reply as Promise<T>;
      }
      const entry: Entry = { at: now, reply: compute() };
      keep(key, entry);
      entry.reply.then(
        () => {
          entry.settled = true;
        },
        () => {
          if (entries.get(key) === entry) entries.delete(key);
        },
      );
      return entry.reply as Promise<T>;
    },
    forget() {
      generation += 1;
      entries.clear();
    },
  };
}

interface Entry {
  at: number;
  reply: Promise<unknown>;
  /** The reply has been computed (a stale one may be answered only then). */
  settled?: boolean;
  /** A fresh reply is being computed behind this stale one. */
  refreshing?: boolean;
}
