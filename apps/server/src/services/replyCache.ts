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
 */
export function createReplyCache(windowMillis: number): ReplyCache {
  const entries = new Map<string, { at: number; reply: Promise<unknown> }>();
  return {
    get<T>(key: string, compute: () => Promise<T>): Promise<T> {
      if (windowMillis <= 0) return compute();
      const now = Date.now();
      const kept = entries.get(key);
      if (kept && now - kept.at < windowMillis) return kept.reply as Promise<T>;
      const reply = compute();
      entries.delete(key);
      entries.set(key, { at: now, reply });
      // Oldest first: a Map iterates in insertion order.
      while (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      reply.catch(() => {
        if (entries.get(key)?.reply === reply) entries.delete(key);
      });
      return reply;
    },
    forget() {
      entries.clear();
    },
  };
}
