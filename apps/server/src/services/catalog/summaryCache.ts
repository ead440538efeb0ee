/** The tables a catalog summary reads: a write to one through /api/db forgets every reply. */
export const SUMMARY_TABLES: ReadonlySet<string> = new Set([
  'config_items',
  'config_changes',
  'config_analysis',
]);

/** How long a summary reply is reused: the console's own staleTime for it. */
const SUMMARY_CACHE_MILLIS = 30_000;
const MAX_ENTRIES = 64;

export interface SummaryCache {
  /** The reply to `key`, computed by `compute` unless one younger than the window is kept. */
  get<T>(key: string, compute: () => Promise<T>): Promise<T>;
  forget(): void;
}

/**
 * POST /api/catalog/summary's replies, by request. Grouping 100k configs with their changes and
 * insights reads every row (~0.3-1 s on PGlite), and the catalog home asks for the same groups on
 * every visit: Mission Control answers it from materialized views refreshed in the background; we
 * keep the computed reply for a short window instead, forgotten at once when a catalog table is
 * written through the API (a scraper's writes in a shared PostgreSQL show within the window).
 * Concurrent asks for one key share one computation; a failed one is not kept.
 */
export function createSummaryCache(windowMillis = SUMMARY_CACHE_MILLIS): SummaryCache {
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
