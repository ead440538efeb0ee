import { Hono } from 'hono';
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
export function canaryRoutes(db: Database, version: string, summaryCacheMillis = 0, summaryTable?: SummaryTable) {
  const app = new Hono<AppEnv>();
  // Like duty's periodically refreshed check_status_summary view: pollers within a few seconds share
  // one computation (and concurrent ones share the same in-flight query). A local run clears it.
  const cache = new Map<string, { until: number; text: Promise<string> }>();
  const compute = (query: SummaryQuery) => (summaryTable ? summaryTable.responseText(query) : summaryResponseText(db, query));
  const cachedSummary = (query: SummaryQuery) => {
    if (summaryCacheMillis <= 0) return compute(query);
    const key = JSON.stringify(query);
    const now = Date.now();
    const hit = cache.get(key);
    if (hit && hit.until > now) return hit.text;
    const text = compute(query);
    cache.set(key, { until: now + summaryCacheMillis, text });
    text.catch(() => cache.delete(key));
    return text;
  };

  app.get('/about', requireAccess('canaries', 'read'), (c) => c.json({ version, runnerName: RUNNER_NAME }));

  app.get('/api/summary', requireAccess('canaries', 'read'), async (c) => {
    return c.body(await cachedSummary({}), 200, { 'Content-Type': 'application/json' });
  });

  app.post('/api/summary', requireAccess('canaries', 'read'), async (c) => {
    const query = parseSummaryBody(await readJsonBody(c));
    if (typeof query === 'string') throw badRequest(query);
    return c.body(await cachedSummary(query), 200, { 'Content-Type': 'application/json' });
  });

  app.get('/api/graph', requireAccess('canaries', 'read'), async (c) => {
    const check = c.req.query('check');
    if (!check || !UUID.test(check)) throw badRequest('check must be a check id');
    const now = Date.now();
    const start = parseInstant(c.req.query('start') ?? '1h', now);
    const end = parseInstant(c.req.query('end'), now) ?? now;
    if (start === undefined) throw badRequest('start must be a duration (1h, 7d) or an RFC3339 time');
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
