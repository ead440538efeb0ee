import { createReplyCache, type ReplyCache } from '../replyCache.ts';

/** The tables a catalog summary reads: a write to one through /api/db forgets every reply. */
export const SUMMARY_TABLES: ReadonlySet<string> = new Set([
  'config_items',
  'config_changes',
  'config_analysis',
]);

/** How long a summary reply is reused: the console's own staleTime for it. */
const SUMMARY_CACHE_MILLIS = 30_000;

export type SummaryCache = ReplyCache;

/**
 * POST /api/catalog/summary's replies, by request. Grouping 100k configs with their kept change
 * counts and insights reads every config (~0.3 s on PGlite), and the catalog home asks for the
 * same groups on every visit: Mission Control answers it from materialized views refreshed in the
 * background; we keep the computed reply for a short window instead, forgotten at once when a
 * catalog table is written through the API (a scraper's writes in a shared PostgreSQL show within
 * the window).
 */
export function createSummaryCache(): SummaryCache {
  return createReplyCache(SUMMARY_CACHE_MILLIS);
}
