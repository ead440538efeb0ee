import { Hono, type Context } from 'hono';
import { checkSummaryQuerySchema } from '@opsdeck/api-client/health/schemas';
import type { Database } from '../../db/database.ts';
import { requireAccess, requireCapability } from '../../auth/middleware.ts';
import type { AppEnv } from '../../http/env.ts';
import { badRequest, notFound, readValidBody } from '../../http/errors.ts';
import { checkGraph, parseInstant } from './graph.ts';
import { runAndRecord } from './runner.ts';
import { RUNNER_NAME, summaryQueryOf } from './summary.ts';
import type { EncodedReply, SummaryReplies } from './summaryReplies.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The canary service as the console reaches it under /api/canary. */
export function canaryRoutes(db: Database, version: string, summaries: SummaryReplies) {
  const app = new Hono<AppEnv>();

  app.get('/about', requireAccess('canaries', 'read'), (c) =>
    c.json({ version, runnerName: RUNNER_NAME }),
  );

  app.get('/api/summary', requireAccess('canaries', 'read'), async (c) => {
    return sendJson(c, await summaries.get({}));
  });

  app.post('/api/summary', requireAccess('canaries', 'read'), async (c) => {
    const query = summaryQueryOf(await readValidBody(c, checkSummaryQuerySchema));
    if (typeof query === 'string') throw badRequest(query);
    return sendJson(c, await summaries.get(query));
  });

  // canary-checker's check list with recent results (`GET /api?check=&includeMessages=`): the
  // reference's incident page reads a check evidence's statuses from it.
  app.get('/api', requireAccess('canaries', 'read'), async (c) => {
    const check = c.req.query('check');
    if (check !== undefined && !UUID.test(check)) throw badRequest('check must be a check id');
    const messages = c.req.query('includeMessages') === 'true';
    const started = Date.now();
    const checks = await db.query<Record<string, unknown>>(
      `SELECT c.id, c.canary_id, cn.name AS canary_name, cn.namespace AS canary_namespace,
              c.agent_id, c.type, c.name, c.namespace, c.icon, c.description, c.labels, c.status,
              c.severity, c.owner, c.last_runtime, c.last_transition_time, c.created_at,
              c.updated_at, c.deleted_at, c.silenced_at,
              coalesce((SELECT json_agg(s ORDER BY s.time DESC) FROM (
                 SELECT cs.status, cs.invalid, cs.time, cs.duration,
                        CASE WHEN $2::boolean THEN cs.message END AS message,
                        CASE WHEN $2::boolean THEN cs.error END AS error
                 FROM check_statuses cs WHERE cs.check_id = c.id
                 ORDER BY cs.time DESC LIMIT 50) s), '[]'::json) AS "checkStatuses"
       FROM checks c JOIN canaries cn ON cn.id = c.canary_id
       WHERE c.deleted_at IS NULL AND ($1::uuid IS NULL OR c.id = $1::uuid)
       ORDER BY c.name, c.id`,
      [check ?? null, messages],
    );
    return c.json({ duration: Date.now() - started, runnerName: RUNNER_NAME, checks: checks.rows });
  });

  app.get('/api/graph', requireAccess('canaries', 'read'), async (c) => {
    const check = c.req.query('check');
    if (!check || !UUID.test(check)) throw badRequest('check must be a check id');
    const now = Date.now();
    const start = parseInstant(c.req.query('start') ?? '1h', now);
    const endText = c.req.query('end');
    const end = endText ? parseInstant(endText, now) : now;
    // Both must be instants of the years 0001-9999, or Date and Postgres fail on them (a 500).
    if (start === undefined)
      throw badRequest(
        'start must be a duration (1h, 7d) or an RFC3339 time of the years 0001 to 9999',
      );
    if (end === undefined)
      throw badRequest(
        'end must be a duration (1h, 7d) or an RFC3339 time of the years 0001 to 9999',
      );
    if (start > end) throw badRequest('start must be before end');
    const count = c.req.query('count');
    if (count !== undefined && !/^\d+$/.test(count)) throw badRequest('count must be a number');
    return c.json(await checkGraph(db, check, start, end));
  });

  // Console §2: Run Now is for admin, editor, responder and commander, who lack canaries write.
  app.post('/run/check/:id', requireCapability('canaries.run'), async (c) => {
    const id = c.req.param('id');
    if (!UUID.test(id)) throw badRequest('not a check id');
    const result = await runAndRecord(db, id, ownOrigin(c));
    if (result) await summaries.checkRan(id);
    if (!result) throw notFound(`check ${id} not found`);
    return c.json(result);
  });

  return app;
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

// The address this request reached (@hono/node-server keeps the Node request in env.incoming): a
// check's path-only url probes this server there.
function ownOrigin(c: Context): string | undefined {
  const env = c.env as
    { incoming?: { socket?: { localAddress?: string; localPort?: number } } } | undefined;
  const socket = env?.incoming?.socket;
  if (!socket?.localAddress || !socket.localPort) return undefined;
  const host = socket.localAddress.replace(/^::ffff:/, '');
  return `http://${host.includes(':') ? `[${host}]` : host}:${socket.localPort}`;
}
