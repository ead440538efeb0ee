import { promisify } from 'node:util';
import { constants, gzip } from 'node:zlib';
import { Hono, type Context } from 'hono';
import type { Database } from '../db/database';
import { requireAccess } from '../auth/middleware';
import type { AppEnv } from '../http/env';
import { badRequest, notFound, readJsonBody } from '../http/errors';
import { checkGraph, parseInstant } from './graph';
import { runAndRecord } from './runner';
import { parseSummaryBody, RUNNER_NAME, summaryResponseText, type SummaryQuery } from './summary';
import type { SummaryTable } from './summaryTable';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The canary service as the console reaches it under /api/canary. */
export function canaryRoutes(
  db: Database,
  version: string,
  summaryCacheMillis = 0,
  summaryTable?: SummaryTable,
) {
  const app = new Hono<AppEnv>();
  // Like duty's periodically refreshed check_status_summary view: pollers within a few seconds share
  // one computation (and concurrent ones share the same in-flight query). A local run clears it.
  const cache = new Map<string, { until: number; reply: Promise<EncodedReply> }>();
  // Compressed only when cached: one gzip then serves every poller of the window, while compressing
  // each uncached reply would cost more time than it saves on a fast link.
  const compute = async (query: SummaryQuery, compress: boolean) =>
    encodedReply(
      summaryTable ? await summaryTable.responseText(query) : await summaryResponseText(db, query),
      compress,
    );
  const cachedSummary = (query: SummaryQuery) => {
    if (summaryCacheMillis <= 0) return compute(query, false);
    const key = JSON.stringify(query);
    const now = Date.now();
    const hit = cache.get(key);
    if (hit && hit.until > now) return hit.reply;
    const reply = compute(query, true);
    cache.set(key, { until: now + summaryCacheMillis, reply });
    reply.catch(() => cache.delete(key));
    return reply;
  };

  app.get('/about', requireAccess('canaries', 'read'), (c) =>
    c.json({ version, runnerName: RUNNER_NAME }),
  );

  app.get('/api/summary', requireAccess('canaries', 'read'), async (c) => {
    return sendJson(c, await cachedSummary({}));
  });

  app.post('/api/summary', requireAccess('canaries', 'read'), async (c) => {
    const query = parseSummaryBody(await readJsonBody(c));
    if (typeof query === 'string') throw badRequest(query);
    return sendJson(c, await cachedSummary(query));
  });

  app.get('/api/graph', requireAccess('canaries', 'read'), async (c) => {
    const check = c.req.query('check');
    if (!check || !UUID.test(check)) throw badRequest('check must be a check id');
    const now = Date.now();
    const start = parseInstant(c.req.query('start') ?? '1h', now);
    const end = parseInstant(c.req.query('end'), now) ?? now;
    if (start === undefined)
      throw badRequest('start must be a duration (1h, 7d) or an RFC3339 time');
    if (start > end) throw badRequest('start must be before end');
    const count = c.req.query('count');
    if (count !== undefined && !/^\d+$/.test(count)) throw badRequest('count must be a number');
    return c.json(await checkGraph(db, check, start, end));
  });

  app.post('/run/check/:id', requireAccess('canaries', 'write'), async (c) => {
    const id = c.req.param('id');
    if (!UUID.test(id)) throw badRequest('not a check id');
    const result = await runAndRecord(db, id);
    if (result) await summaryTable?.refreshCheck(id);
    cache.clear();
    if (!result) throw notFound(`check ${id} not found`);
    return c.json(result);
  });

  return app;
}

const gzipAsync = promisify(gzip);
/** Below this a reply goes out as it is; above it, gzip (in libuv's pool, off the event loop) pays. */
const COMPRESS_FROM_BYTES = 16 * 1024;

/**
 * A summary reply encoded once: the UTF-8 bytes and, when it is cached, their gzip made on the first
 * request that accepts it. Shared through the reply cache, so fifty pollers cost one encoding and one
 * compression (10,000 checks are ~8 MB of JSON).
 */
interface EncodedReply {
  body: Buffer;
  gzipped?: () => Promise<Buffer>;
}

function encodedReply(text: string, compress: boolean): EncodedReply {
  const body = Buffer.from(text, 'utf8');
  if (!compress || body.byteLength < COMPRESS_FROM_BYTES) return { body };
  let gzipped: Promise<Buffer> | undefined;
  return { body, gzipped: () => (gzipped ??= gzipAsync(body, { level: constants.Z_BEST_SPEED })) };
}

function acceptsGzip(c: Context<AppEnv>): boolean {
  return /\bgzip\b/i.test(c.req.header('Accept-Encoding') ?? '');
}

async function sendJson(c: Context<AppEnv>, reply: EncodedReply): Promise<Response> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Vary: 'Accept-Encoding',
  };
  if (!reply.gzipped || !acceptsGzip(c)) return c.body(bytes(reply.body), 200, headers);
  return c.body(bytes(await reply.gzipped()), 200, { ...headers, 'Content-Encoding': 'gzip' });
}

/** A view of a Node Buffer's bytes (never a SharedArrayBuffer here) in the type Hono's body takes. */
function bytes(buffer: Buffer): Uint8Array<ArrayBuffer> {
  return new Uint8Array(buffer.buffer as ArrayBuffer, buffer.byteOffset, buffer.byteLength);
}
