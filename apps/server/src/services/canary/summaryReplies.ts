import { promisify } from 'node:util';
import { constants, gzip } from 'node:zlib';
import type { Database } from '../../db/database.ts';
import { defineJob, type JobDefinition } from '../../jobs/definition.ts';
import { summaryResponseText, type SummaryQuery } from './summary.ts';
import type { SummaryTable } from './summaryTable.ts';

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
  /** Distinct queries cached at once, oldest dropped first (default 32). */
  maxEntries?: number;
  /** Bytes of cached bodies and their gzip, oldest dropped first (default 64 MiB: a few 10k-check replies). */
  maxBytes?: number;
}

interface CachedReply {
  until: number;
  reply: Promise<EncodedReply>;
  /** Counted once the body (and later its gzip) exists; also what identifies this entry. */
  size: { bytes: number };
  expiry: ReturnType<typeof setTimeout>;
}

/**
 * The replies of /api/canary/api/summary. Like duty's periodically refreshed check_status_summary
 * view, pollers within a few seconds share one computation (concurrent ones share the in-flight
 * query); a change made through this server is in the very next reply. The cache is keyed by the
 * POST body, so it is bounded by entries and bytes and forgets a reply when its window ends.
 */
export function createSummaryReplies(db: Database, options: SummaryRepliesOptions) {
  const { cacheMillis, table, maxEntries = 32, maxBytes = 64 * 1024 * 1024 } = options;
  const cache = new Map<string, CachedReply>();
  let cachedBytes = 0;
  // Compressed only when cached: one gzip then serves every poller of the window, while compressing
  // each uncached reply would cost more time than it saves on a fast link.
  const compute = async (query: SummaryQuery, compress: boolean) =>
    encodedReply(
      table ? await table.responseText(query) : await summaryResponseText(db, query),
      compress,
    );

  // Replies already handed out stay valid for their callers; only the cache lets go of them.
  const drop = (key: string, size: CachedReply['size']) => {
    const entry = cache.get(key);
    if (entry?.size !== size) return;
    cache.delete(key);
    cachedBytes -= size.bytes;
    clearTimeout(entry.expiry);
  };
  const clear = () => {
    for (const [key, entry] of cache) drop(key, entry.size);
  };
  const account = (key: string, size: CachedReply['size'], bytes: number) => {
    if (cache.get(key)?.size !== size) return;
    size.bytes += bytes;
    cachedBytes += bytes;
    // Map order is insertion order: the oldest go first, this one too if it alone is over the bound.
    for (const [oldKey, old] of cache) {
      if (cachedBytes <= maxBytes) break;
      drop(oldKey, old.size);
    }
  };
  const cachedCompute = async (
    query: SummaryQuery,
    key: string,
    size: CachedReply['size'],
  ): Promise<EncodedReply> => {
    const encoded = await compute(query, true);
    account(key, size, encoded.body.byteLength);
    const { gzipped } = encoded;
    if (!gzipped) return encoded;
    let counted: Promise<Buffer> | undefined;
    const countedGzip = async () => {
      const zipped = await gzipped();
      account(key, size, zipped.byteLength);
      return zipped;
    };
    return { body: encoded.body, gzipped: () => (counted ??= countedGzip()) };
  };

  return {
    get(query: SummaryQuery): Promise<EncodedReply> {
      if (cacheMillis <= 0) return compute(query, false);
      const key = JSON.stringify(query);
      const now = Date.now();
      const hit = cache.get(key);
      if (hit && hit.until > now) return hit.reply;
      if (hit) drop(key, hit.size);
      for (const [oldKey, old] of cache) {
        if (cache.size < maxEntries) break;
        drop(oldKey, old.size);
      }
      const size = { bytes: 0 };
      const reply = cachedCompute(query, key, size);
      const expiry = setTimeout(() => drop(key, size), cacheMillis);
      // The window's end must not keep a process that is shutting down alive.
      expiry.unref();
      cache.set(key, { until: now + cacheMillis, reply, size, expiry });
      reply.catch(() => drop(key, size));
      return reply;
    },

    /** Checks, canaries or statuses were written: rebuild before the next reply. */
    async changed(): Promise<void> {
      await table?.markDirty();
      clear();
    },

    /**
     * The summary table rebuilt when stale (the refresh job); answers whether it was. False without
     * a table.
     */
    async refreshStale(): Promise<boolean> {
      if (!table || !(await table.refreshIfStale())) return false;
      clear();
      return true;
    },

    /** A check was just run here: its row now, without waiting for a full refresh. */
    async checkRan(checkId: string): Promise<void> {
      await table?.refreshCheck(checkId);
      clear();
    },

    /** What the cache holds now (to watch its bounds). */
    cacheUsage(): { entries: number; bytes: number } {
      return { entries: cache.size, bytes: cachedBytes };
    },
  };
}

export type SummaryReplies = ReturnType<typeof createSummaryReplies>;

/**
 * Rebuilds the summary table once it is older than its stale window (reference job name), so a
 * poll after a quiet spell is served fresh rows; a run that found it fresh leaves no record.
 */
export function summaryRefreshJob(summaries: SummaryReplies, staleMillis: number): JobDefinition {
  return defineJob({
    name: 'RefreshCheckStatusSummary',
    schedule: `@every ${Math.max(1, Math.round(staleMillis / 1000))}s`,
    record: 'busy',
    run: async (context) => {
      if (await summaries.refreshStale()) context.success();
    },
  });
}
