import { configSummaryBody } from '@opsdeck/api-client/catalog/schemas';
import type { SqlRunner } from '../../db/database.ts';
import { defineJob, type JobDefinition } from '../../jobs/definition.ts';
import { createReplyCache, type ReplyCache } from '../replyCache.ts';
import {
  catalogSummaryRequestSchema,
  queryCatalogSummary,
  type CatalogSummaryRequest,
} from './summary.ts';

/** The tables a catalog summary reads: a write to one through /api/db forgets every reply. */
export const SUMMARY_TABLES: ReadonlySet<string> = new Set([
  'config_items',
  'config_changes',
  'config_analysis',
]);

/** How long a summary reply is reused: the console's own staleTime for it. */
const SUMMARY_CACHE_MILLIS = 30_000;

/**
 * How much longer a kept reply is answered while a fresh one is computed behind it: the catalog
 * home visited now and then shows its groups at once rather than waiting for every config to be
 * read (~0.4 s at 100k on PGlite), as from Mission Control's background-refreshed views.
 */
const SUMMARY_STALE_MILLIS = 10 * 60_000;

export type SummaryCache = ReplyCache;

/**
 * POST /api/catalog/summary's replies, by request. Grouping 100k configs with their kept change
 * counts and insights reads every config (~0.3 s on PGlite), and the catalog home asks for the
 * same groups on every visit: Mission Control answers it from materialized views refreshed in the
 * background; we keep the computed reply for a short window, then answer it while a fresh one is
 * computed behind it, forgotten at once when a catalog table is written through the API (a
 * scraper's writes in a shared PostgreSQL show within the window, or at the ask after a stale
 * answer).
 */
export function createSummaryCache(): SummaryCache {
  return createReplyCache(SUMMARY_CACHE_MILLIS, { staleMillis: SUMMARY_STALE_MILLIS });
}

/** A summary request's key in the cache: its body as validated. */
export const summaryKey = (request: CatalogSummaryRequest) => JSON.stringify(request);

/** A summary, from the cache or computed into it. */
export const cachedSummary = (
  db: SqlRunner,
  summaries: SummaryCache,
  request: CatalogSummaryRequest,
) => summaries.get(summaryKey(request), () => queryCatalogSummary(db, request));

/**
 * Computes the catalog home's groups (the console's body with no filter) into this instance's
 * cache once the jobs start, so that the first visit after a start reads them at once. A failure
 * is recorded; that visit computes them.
 */
export function homeSummaryJob(summaries: SummaryCache): JobDefinition {
  return defineJob({
    name: 'WarmCatalogHomeSummary',
    // Each instance's cache is its own: every instance computes its copy.
    lease: false,
    run: async ({ db, success }) => {
      const request = catalogSummaryRequestSchema.parse(configSummaryBody({}));
      await cachedSummary(db, summaries, request);
      success();
    },
  });
}
