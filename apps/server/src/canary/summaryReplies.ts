import { promisify } from 'node:util';
import { constants, gzip } from 'node:zlib';
import type { Database } from '../db/database';
import { summaryResponseText, type SummaryQuery } from './summary';
import type { SummaryTable } from './summaryTable';

const gzipAsync = promisify(gzip);
/** Below this a reply goes out as it is; above it, gzip (in libuv's pool, off the event loop) pays. */
const COMPRESS_FROM_BYTES = 16 * 1024;

/**
 * A summary reply encoded once: the UTF-8 bytes and, when it is cached, their gzip made on the first
 * request that accepts it. Shared through the reply cache, so fifty pollers cost one encoding and one
 * compression (10,000 checks are ~8 MB of JSON).
 */
export interface EncodedReply {
  body: Buffer;
  gzipped?: () => Promise<Buffer>;
}

function encodedReply(text: string, compress: boolean): EncodedReply {
  const body = Buffer.from(text, 'utf8');
  if (!compress || body.byteLength < COMPRESS_FROM_BYTES) return { body };
  let gzipped: Promise<Buffer> | undefined;
  return { body, gzipped: () => (gzipped ??= gzipAsync(body, { level: constants.Z_BEST_SPEED })) };
}

export interface SummaryRepliesOptions {
  /** How long a reply is reused for the same query (0: never). */
  cacheMillis: number;
  /** Serve from the refreshed summary table; without it every reply is computed from check_summary. */
  table?: SummaryTable;
}

/**
 * The replies of /api/canary/api/summary. Like duty's periodically refreshed check_status_summary
 * view, pollers within a few seconds share one computation (concurrent ones share the in-flight
 * query); a change made through this server is in the very next reply.
 */
export function createSummaryReplies(db: Database, options: SummaryRepliesOptions) {
  const { cacheMillis, table } = options;
  const cache = new Map<string, { until: number; reply: Promise<EncodedReply> }>();
  // Compressed only when cached: one gzip then serves every poller of the window, while compressing
  // each uncached reply would cost more time than it saves on a fast link.
  const compute = async (query: SummaryQuery, compress: boolean) =>
    encodedReply(
      table ? await table.responseText(query) : await summaryResponseText(db, query),
      compress,
    );

  return {
    get(query: SummaryQuery): Promise<EncodedReply> {
      if (cacheMillis <= 0) return compute(query, false);
      const key = JSON.stringify(query);
      const now = Date.now();
      const hit = cache.get(key);
      if (hit && hit.until > now) return hit.reply;
      const reply = compute(query, true);
      cache.set(key, { until: now + cacheMillis, reply });
      reply.catch(() => cache.delete(key));
      return reply;
    },

    /** Checks, canaries or statuses were written: rebuild before the next reply. */
    async changed(): Promise<void> {
      await table?.markDirty();
      cache.clear();
    },

    /** A check was just run here: its row now, without waiting for a full refresh. */
    async checkRan(checkId: string): Promise<void> {
      await table?.refreshCheck(checkId);
      cache.clear();
    },
  };
}

export type SummaryReplies = ReturnType<typeof createSummaryReplies>;
