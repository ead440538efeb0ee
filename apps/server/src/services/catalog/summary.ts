import * as z from 'zod/mini';
import type { SqlRunner } from '../../db/database.ts';
import { FilterError, Params, parseTriState, triStateSql } from './filters.ts';

const COSTS = {
  '1h': 'ci.cost_per_minute * 60',
  '1d': 'ci.cost_total_1d',
  '30d': 'ci.cost_total_30d',
};
const SINCE = /^(\d{1,5})(m|h|d)$/;
const SINCE_MILLIS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
const TAG_KEY = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,252}$/;
// Columns a group may be; any other groupBy entry is a tag key.
const COLUMNS: Record<string, string> = {
  type: 'ci.type',
  config_class: 'ci.config_class',
  health: 'ci.health',
  status: 'ci.status',
};

const window = z.optional(z.object({ since: z.optional(z.string().check(z.maxLength(16))) }));

/** The body of POST /api/catalog/summary (reference §3). */
export const catalogSummaryRequestSchema = z.object({
  changes: window,
  analysis: window,
  cost: z.optional(z.string()),
  deleted: z.optional(z.boolean()),
  filter: z.optional(z.record(z.string(), z.string().check(z.maxLength(1024)))),
  groupBy: z.optional(
    z.array(z.string().check(z.minLength(1), z.maxLength(253))).check(z.maxLength(8)),
  ),
  tags: z.optional(z.array(z.string().check(z.maxLength(1024))).check(z.maxLength(32))),
  status: z.optional(z.string().check(z.maxLength(1024))),
  health: z.optional(z.string().check(z.maxLength(1024))),
});

export type CatalogSummaryRequest = z.infer<typeof catalogSummaryRequestSchema>;

function sinceMillis(text: string | undefined, name: string): number | undefined {
  if (text === undefined || text === '') return undefined;
  const match = SINCE.exec(text);
  if (!match) throw new FilterError(`${name}.since must be a duration such as 30d, 12h or 90m`);
  return Number(match[1]) * SINCE_MILLIS[match[2] as keyof typeof SINCE_MILLIS];
}

/**
 * One row per group (type by default, or the groupBy columns and tag keys): health counts, the
 * newest created/updated, the count, the cost over the window asked, changes since, and open
 * analyses by type. `null` when nothing matches, as Mission Control answers.
 */
export async function queryCatalogSummary(
  db: SqlRunner,
  request: CatalogSummaryRequest,
  now = Date.now(),
): Promise<Record<string, unknown>[] | null> {
  const cost = request.cost ?? '';
  if (cost !== '' && !(cost in COSTS))
    throw new FilterError('cost range is not allowed. allowed (1h, 1d, 30d)');
  const groupBy = request.groupBy && request.groupBy.length > 0 ? request.groupBy : ['type'];
  const params = new Params();
  const groups = groupBy.map((key) => {
    if (COLUMNS[key]) return COLUMNS[key];
    if (!TAG_KEY.test(key)) throw new FilterError(`groupBy: "${key}" is not a column or tag key`);
    return `(ci.tags->>${params.bind(key)}::text)`;
  });

  const conditions: string[] = [];
  if (request.deleted !== true) conditions.push('ci.deleted_at IS NULL');
  for (const [key, value] of Object.entries(request.filter ?? {})) {
    if (!TAG_KEY.test(key)) throw new FilterError(`filter: "${key}" is not a label key`);
    const condition = triStateSql(
      `(ci.labels->>${params.bind(key)}::text)`,
      parseTriState(value, `filter.${key}`),
      params,
    );
    if (condition) conditions.push(condition);
  }
  for (const tag of request.tags ?? []) {
    const match = /^([^=!]+)(!?=)(.*)$/.exec(tag);
    if (!match || !TAG_KEY.test(match[1]!.trim()))
      throw new FilterError(`tags: "${tag}" must be key=value or key!=value`);
    const column = `(ci.tags->>${params.bind(match[1]!.trim())}::text)`;
    conditions.push(
      match[2] === '='
        ? `${column} = ${params.bind(match[3])}`
        : `${column} IS DISTINCT FROM ${params.bind(match[3])}`,
    );
  }
  for (const key of ['status', 'health'] as const) {
    const value = request[key];
    if (!value) continue;
    const condition = triStateSql(`ci.${key}`, parseTriState(value, key), params);
    if (condition) conditions.push(condition);
  }
  const changesSince = sinceMillis(request.changes?.since, 'changes');
  const analysisSince = sinceMillis(request.analysis?.since, 'analysis');
  const changeWindow =
    changesSince === undefined
      ? ''
      : `AND cc.created_at >= ${params.bind(new Date(now - changesSince).toISOString())}::timestamptz`;
  const analysisWindow =
    analysisSince === undefined
      ? ''
      : `AND ca.last_observed >= ${params.bind(new Date(now - analysisSince).toISOString())}::timestamptz`;
  const groupList = groups.map((group, index) => `${group} AS g${index}`).join(', ');
  const groupRefs = groups.map((_, index) => `g${index}`).join(', ');
  const sameGroup = (alias: string) =>
    groups.map((_, index) => `${alias}.g${index} IS NOT DISTINCT FROM s.g${index}`).join(' AND ');
  const costColumn = cost ? COSTS[cost as keyof typeof COSTS] : 'NULL::numeric';
  const where = conditions.length > 0 ? `AND ${conditions.join(' AND ')}` : '';

  // Each part aggregates straight to its groups (a few dozen rows), computed once (MATERIALIZED:
  // the per-group lookups below must not run it again per group): the configs by group and health
  // in one pass, the changes and analyses joined to their configs. No per-config intermediate of
  // 100k rows is kept.
  const { rows } = await db.query<Record<string, unknown>>(
    `WITH by_health AS MATERIALIZED (
       SELECT ${groupList}, ci.health, count(*) AS n, max(ci.created_at) AS created_at,
              max(ci.updated_at) AS updated_at, sum(${costColumn}) AS cost
       FROM config_items ci WHERE true ${where}
       GROUP BY ${groupRefs}, ci.health
     ),
     changes AS MATERIALIZED (
       SELECT ${groupList}, count(*) AS n
       FROM config_changes cc JOIN config_items ci ON ci.id = cc.config_id
       WHERE true ${where} ${changeWindow}
       GROUP BY ${groupRefs}
     ),
     analyses AS MATERIALIZED (
       SELECT ${groupList}, ca.analysis_type, count(*) AS n
       FROM config_analysis ca JOIN config_items ci ON ci.id = ca.config_id
       WHERE ca.status = 'open' ${where} ${analysisWindow}
       GROUP BY ${groupRefs}, ca.analysis_type
     )
     SELECT ${groupRefs},
       jsonb_object_agg(s.health, s.n) FILTER (WHERE s.health IS NOT NULL) AS health,
       max(s.created_at) AS created_at,
       max(s.updated_at) AS updated_at,
       sum(s.n)::int AS count,
       sum(s.cost)::float8 AS cost,
       coalesce((SELECT sum(c.n) FROM changes c WHERE ${sameGroup('c')}), 0)::int AS changes,
       (SELECT jsonb_object_agg(coalesce(a.analysis_type, 'other'), a.n) FROM analyses a
        WHERE ${sameGroup('a')}) AS analysis
     FROM by_health s
     GROUP BY ${groupRefs}
     ORDER BY ${groupRefs}`,
    params.values,
  );
  if (rows.length === 0) return null;
  return rows.map((row) => {
    const reply: Record<string, unknown> = {};
    groupBy.forEach((key, index) => {
      reply[key] = row[`g${index}`] ?? null;
    });
    reply.health = row.health ?? null;
    reply.created_at = row.created_at;
    reply.updated_at = row.updated_at;
    reply.count = row.count;
    if (cost) reply[`cost_${cost}`] = row.cost ?? null;
    reply.changes = row.changes;
    reply.analysis = row.analysis ?? {};
    return reply;
  });
}
