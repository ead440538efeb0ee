import { describeIssues, notificationSilenceContract } from '@opsdeck/contracts';
import { Hono } from 'hono';
import { requireAccess } from '../../auth/middleware.ts';
import type { Database } from '../../db/database.ts';
import { badRequest, notFound, readJsonBody } from '../../http/errors.ts';
import type { AppEnv } from '../../http/env.ts';
import {
  celSyntaxError,
  kindOf,
  loadSubject,
  silenceCovers,
  type SilenceRow,
  type SubjectKind,
} from './decide.ts';

type Row = Record<string, unknown>;

const RESOURCE_COLUMNS = {
  config: 'config_id',
  check: 'check_id',
  canary: 'canary_id',
  component: 'component_id',
} as const;

const UNITS: Record<string, number> = {
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 7 * 86_400_000,
};

/** `now`, `now-2h`, `now+7d` (the Elasticsearch date math the reference takes) or a date. */
export function parseMoment(value: unknown, field: string): string | null | undefined {
  if (value === undefined || value === '') return undefined;
  if (value === null || value === 'indefinitely') return null;
  if (typeof value !== 'string') throw badRequest(`${field}: must be a date or now±N{s,m,h,d,w}`);
  const math = /^now(?:([+-])(\d{1,6})([smhdw]))?$/.exec(value.trim());
  if (math) {
    const offset = math[1] ? Number(math[2]) * UNITS[math[3]!]! * (math[1] === '-' ? -1 : 1) : 0;
    return new Date(Date.now() + offset).toISOString();
  }
  const parsed = Date.parse(value);
  if (Number.isNaN(parsed)) throw badRequest(`${field}: must be a date or now±N{s,m,h,d,w}`);
  return new Date(parsed).toISOString();
}

function checkFilter(filter: unknown): void {
  if (typeof filter !== 'string' || filter.trim() === '') return;
  const problem = celSyntaxError(filter);
  if (problem) throw badRequest(`filter: not a CEL expression: ${problem}`);
}

function parseSelectors(value: unknown): unknown[] | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      throw badRequest('selectors: not valid JSON');
    }
  }
  if (!Array.isArray(parsed)) throw badRequest('selectors: must be an array of resource selectors');
  return parsed;
}

/**
 * /api/notification (reference §5): `POST /silence` (notifications write), `GET /silence_preview`
 * and `POST /summary` (notifications read).
 */
export function notificationRoutes(db: Database): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post('/silence', requireAccess('notifications', 'write'), async (c) => {
    const body = await readJsonBody(c);
    const spec: Row = {};
    for (const key of ['description', 'filter'] as const)
      if (body[key] !== undefined && body[key] !== null) spec[key] = body[key];
    const selectors = parseSelectors(body.selectors);
    if (selectors?.length) spec.selectors = selectors;
    if (body.recursive !== undefined) spec.recursive = body.recursive;
    for (const column of Object.values(RESOURCE_COLUMNS))
      if (body[column] !== undefined && body[column] !== null && body[column] !== '')
        spec[column] = body[column];
    const from = parseMoment(body.from, 'from');
    const until = parseMoment(body.until, 'until');
    if (from) spec.from = from;
    if (until) spec.until = until;
    const verdict = notificationSilenceContract.validate(spec);
    if (verdict.ok) checkFilter(spec.filter);
    if (!verdict.ok) throw badRequest(describeIssues(verdict.issues));
    if (body.name !== undefined && typeof body.name !== 'string')
      throw badRequest('name: must be a string');
    await db.query(
      `INSERT INTO notification_silences (name, namespace, description, filter, selectors, "from",
         until, recursive, config_id, check_id, canary_id, component_id, source, created_by)
       VALUES ($1, 'default', $2, $3, $4::jsonb, COALESCE($5::timestamptz, now()), $6, $7, $8, $9,
         $10, $11, 'UI', $12)`,
      [
        body.name ?? null,
        spec.description ?? null,
        spec.filter ?? null,
        spec.selectors ? JSON.stringify(spec.selectors) : null,
        from ?? null,
        until ?? null,
        spec.recursive === true,
        spec.config_id ?? null,
        spec.check_id ?? null,
        spec.canary_id ?? null,
        spec.component_id ?? null,
        c.get('user').id,
      ],
    );
    return c.body(null, 200);
  });

  app.get('/silence_preview', requireAccess('notifications', 'read'), async (c) => {
    const id = c.req.query('id') || undefined;
    const type = c.req.query('type') || undefined;
    const filter = c.req.query('filter') || undefined;
    const selectors = parseSelectors(c.req.query('selectors'));
    const limitText = c.req.query('limit');
    if (limitText !== undefined && !/^\d{1,6}$/.test(limitText))
      throw badRequest('limit: must be a whole number');
    if (type !== undefined && !(type in RESOURCE_COLUMNS))
      throw badRequest(`type: one of ${Object.keys(RESOURCE_COLUMNS).join(', ')}`);
    if (id !== undefined && !/^[0-9a-f-]{36}$/i.test(id)) throw badRequest('id: must be a uuid');
    checkFilter(filter);
    if (!id && !filter && !selectors?.length)
      throw badRequest(
        'at least one of config_id, canary_id, check_id, component_id, filter or selectors is required',
      );
    const limit = limitText === undefined ? 30 : Math.min(Math.max(Number(limitText), 100), 1000);
    const silence: SilenceRow = {
      id: 'preview',
      filter: filter ?? null,
      selectors: selectors ?? null,
      from: null,
      until: null,
      recursive: c.req.query('recursive') === 'true',
      config_id: null,
      check_id: null,
      canary_id: null,
      component_id: null,
    };
    if (id) silence[RESOURCE_COLUMNS[(type ?? 'check') as keyof typeof RESOURCE_COLUMNS]] = id;
    return c.json(await previewSilence(db, silence, limit));
  });

  app.post('/summary', requireAccess('notifications', 'read'), async (c) => {
    return c.json(await sendSummary(db, await readJsonBody(c)));
  });

  // One send with its resource (reference §5: the row plus resource_tags, resource, resource_kind,
  // resource_type, playbook_run and body_markdown, the body as written: Markdown). An id that is
  // not one, or names no send, is a 404 saying so.
  app.get('/send_history/:id', requireAccess('notifications', 'read'), async (c) => {
    const id = c.req.param('id');
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id))
      throw notFound(`no notification send with id ${id}: not an id (a UUID)`);
    const { rows } = await db.query<Row>(
      'SELECT * FROM notification_send_history_summary WHERE id = $1',
      [id],
    );
    const row = rows[0];
    if (!row) throw notFound(`no notification send with id ${id}`);
    return c.json({ ...row, body_markdown: row.body ?? null });
  });

  return app;
}

/**
 * The `sent` sends of the last 15 days a silence would have stopped, newest first: each send's
 * resource and event decided by silenceCovers, the engine's own test (its time window aside).
 */
export async function previewSilence(
  db: Database,
  silence: SilenceRow,
  limit: number,
): Promise<Row[] | null> {
  const { rows } = await db.query<
    Row & { resource_id: string; source_event: string; payload: Row | null }
  >(
    `SELECT * FROM notification_send_history
     WHERE status = 'sent' AND created_at > now() - interval '15 days'
     ORDER BY created_at DESC LIMIT 2000`,
  );
  const matched: Row[] = [];
  const kinds = new Map<string, SubjectKind | undefined>();
  for (const row of rows) {
    if (matched.length >= limit) break;
    let kind = row.payload?.resource_kind as SubjectKind | undefined;
    if (!kind) {
      if (!kinds.has(row.resource_id))
        kinds.set(row.resource_id, await kindOf(db, row.resource_id));
      kind = kinds.get(row.resource_id);
    }
    if (!kind) continue;
    const subject = await loadSubject(db, kind, row.resource_id, row.source_event);
    if (!subject || !silenceCovers(silence, subject)) continue;
    const { payload: _payload, ...rest } = row;
    matched.push({
      ...rest,
      resource: { id: subject.id, name: subject.name, type: subject.type, kind: subject.kind },
    });
  }
  return matched.length > 0 ? matched : null;
}

const SUPPRESSED = ['silenced', 'inhibited', 'repeat-interval', 'skipped'];
const IN_PROGRESS = [
  'pending',
  'pending_playbook_run',
  'pending_playbook_completion',
  'evaluating-waitfor',
  'attempting_fallback',
];

/** `a,!b`: what to include and exclude. */
function triState(value: unknown, field: string): { include: string[]; exclude: string[] } {
  if (value === undefined || value === null || value === '') return { include: [], exclude: [] };
  if (typeof value !== 'string') throw badRequest(`${field}: must be a string such as a,!b`);
  const terms = value
    .split(',')
    .map((term) => term.trim())
    .filter(Boolean);
  return {
    include: terms.filter((term) => !term.startsWith('!')),
    exclude: terms.filter((term) => term.startsWith('!')).map((term) => term.slice(1)),
  };
}

/** `POST /api/notification/summary`: the send history grouped by resource (reference §5). */
export async function sendSummary(
  db: Database,
  body: Row,
): Promise<{ total: number; results: Row[] | null }> {
  const pageSizeRaw = body.pageSize ?? 50;
  const pageIndexRaw = body.pageIndex ?? 0;
  if (!Number.isInteger(pageSizeRaw) || (pageSizeRaw as number) < 1)
    throw badRequest('pageSize: must be a positive whole number');
  if (!Number.isInteger(pageIndexRaw) || (pageIndexRaw as number) < 0)
    throw badRequest('pageIndex: must be a whole number');
  if (body.search !== undefined && typeof body.search !== 'string')
    throw badRequest('search: must be a string');
  const pageSize = Math.min(pageSizeRaw as number, 50);
  const status = triState(body.status, 'status');
  const resourceType = triState(body.resourceType, 'resourceType');
  const resourceKind = triState(body.resourceKind, 'resourceKind');
  const from = parseMoment(body.from, 'from');
  const to = parseMoment(body.to, 'to');
  const search = typeof body.search === 'string' && body.search !== '' ? body.search : undefined;
  const pattern = search
    ? search.includes('*')
      ? search.replace(/[%_\\]/g, '\\$&').replace(/\*/g, '%')
      : `${search.replace(/[%_\\]/g, '\\$&')}%`
    : null;
  const params: unknown[] = [
    status.include,
    status.exclude,
    resourceType.include,
    resourceType.exclude,
    resourceKind.include,
    resourceKind.exclude,
    from ?? null,
    to ?? null,
    pattern,
    body.includeDeletedResources === true,
    SUPPRESSED,
    IN_PROGRESS,
  ];
  const grouped = `
    WITH resources AS (
      SELECT id, jsonb_build_object('id', id, 'name', name, 'type', type, 'status', status,
               'deleted_at', deleted_at) AS resource, 'check' AS kind, type, name, deleted_at, status
        FROM checks
      UNION ALL
      SELECT id, jsonb_build_object('id', id, 'name', title, 'type', type, 'status', status),
             'incident', type, title, NULL::timestamptz, status FROM incidents
      UNION ALL
      SELECT r.id, jsonb_build_object('id', r.id, 'name', p.name, 'type', 'playbook_run', 'status', r.status),
             'playbook_run', 'playbook_run', p.name, NULL::timestamptz, r.status
        FROM playbook_runs r JOIN playbooks p ON p.id = r.playbook_id
    ), history AS (
      SELECT h.*, r.resource, r.kind, r.type AS rtype FROM notification_send_history h
        JOIN resources r ON r.id = h.resource_id
      WHERE (cardinality($1::text[]) = 0 OR h.status = ANY ($1))
        AND NOT (h.status = ANY ($2::text[]))
        AND (cardinality($3::text[]) = 0 OR r.type = ANY ($3))
        AND NOT (r.type = ANY ($4::text[]))
        AND (cardinality($5::text[]) = 0 OR r.kind = ANY ($5))
        AND NOT (r.kind = ANY ($6::text[]))
        AND ($7::timestamptz IS NULL OR h.created_at >= $7)
        AND ($8::timestamptz IS NULL OR h.created_at <= $8)
        AND ($9::text IS NULL OR r.name LIKE $9)
        AND ($10 OR r.deleted_at IS NULL)
    )
    SELECT resource_id, (array_agg(resource))[1] AS resource, (array_agg(rtype))[1] AS resource_type,
           (array_agg(kind))[1] AS resource_kind, NULL::jsonb AS resource_tags,
           (array_agg(resource_health ORDER BY created_at DESC))[1] AS resource_health,
           (array_agg(resource_status ORDER BY created_at DESC))[1] AS resource_status,
           NULL::text AS resource_health_description,
           min(first_observed) AS first_observed, max(created_at) AS last_seen,
           count(*)::int AS total,
           (array_agg(body ORDER BY created_at DESC))[1] AS last_message,
           count(*) FILTER (WHERE status = 'sent')::int AS sent,
           count(*) FILTER (WHERE status = 'error')::int AS error,
           count(*) FILTER (WHERE status = ANY ($11::text[]))::int AS suppressed,
           count(*) FILTER (WHERE status = ANY ($12::text[]))::int AS in_progress
    FROM history GROUP BY resource_id`;
  const { rows: counted } = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM (${grouped}) g`,
    params,
  );
  const { rows } = await db.query<Row>(
    `${grouped} ORDER BY last_seen DESC, resource_id LIMIT $13 OFFSET $14`,
    [...params, pageSize, (pageIndexRaw as number) * pageSize],
  );
  const results = rows.map(({ resource_id: _id, ...rest }) => rest);
  return { total: counted[0]?.total ?? 0, results: results.length > 0 ? results : null };
}

/**
 * `POST /api/notification/sink`: a webhook receiver that keeps nothing and answers 204 — where the
 * demo's team channel sends, so a demo on its own shows real sends through the whole engine.
 */
export function notificationSinkRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post('/', async (c) => {
    await c.req.arrayBuffer();
    return c.body(null, 204);
  });
  return app;
}
