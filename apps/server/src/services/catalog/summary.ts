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

/** The changes windows each config's count is kept for (migration 004), by length. */
const KEPT_WINDOWS: ReadonlyMap<number, string> = new Map([
  [7 * SINCE_MILLIS.d, 'changes_7d'],
  [30 * SINCE_MILLIS.d, 'changes_30d'],
]);

export interface CatalogSummaryOptions {
  /** The end of the windows counted here (default: the clock). */
  now?: number;
  /**
   * `kept` (default): a 7- or 30-day changes window is read from each config's kept count, as of
   * the last advance of the windows (at most a minute old); `live` counts the changes.
   */
  changes?: 'kept' | 'live';
}

/**
 * One row per group (type by default, or the groupBy columns and tag keys): health counts, the
 * newest created/updated, the count, the cost over the window asked, changes since, and open
 * analyses by type. `null` when nothing matches, as Mission Control answers.
 */
export async function queryCatalogSummary(
  db: SqlRunner,
  request: CatalogSummaryRequest,
  options: CatalogSummaryOptions = {},
): Promise<Record<string, unknown>[] | null> {
  const now = options.now ?? Date.now();
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
  // Health (and status, when filtered on) are grouped by as well: a group's rows are filtered on
  // them once grouped, a few dozen rows, rather than config by config (ILIKE on 100k rows is most of
  // a scan's time on PGlite).
  const keys = [...groups, 'ci.health'];
  const keyNames = [...groups.map((_, index) => `k${index}`), 'health'];
  const groupConditions: string[] = [];
  for (const key of ['status', 'health'] as const) {
    const value = request[key];
    if (!value) continue;
    const condition = triStateSql(key, parseTriState(value, key), params);
    if (!condition) continue;
    groupConditions.push(condition);
    if (key === 'status') {
      keys.push('ci.status');
      keyNames.push('status');
    }
  }
  const changesSince = sinceMillis(request.changes?.since, 'changes');
  const analysisSince = sinceMillis(request.analysis?.since, 'analysis');
  const keptChanges =
    options.changes === 'live' || changesSince === undefined
      ? undefined
      : KEPT_WINDOWS.get(changesSince);
  const changeWindow =
    changesSince === undefined || keptChanges
      ? ''
      : `AND cc.created_at > ${params.bind(new Date(now - changesSince).toISOString())}::timestamptz`;
  const analysisWindow =
    analysisSince === undefined
      ? ''
      : `AND ca.last_observed >= ${params.bind(new Date(now - analysisSince).toISOString())}::timestamptz`;
  const keyList = keys.map((key, index) => `${key} AS ${keyNames[index]}`).join(', ');
  const keyRefs = keyNames.join(', ');
  const groupRefs = groups.map((_, index) => `k${index}`).join(', ');
  const sameGroup = (alias: string) =>
    groups.map((_, index) => `${alias}.k${index} IS NOT DISTINCT FROM m.k${index}`).join(' AND ');
  const costColumn = cost ? COSTS[cost as keyof typeof COSTS] : 'NULL::numeric';
  const where = conditions.length > 0 ? `AND ${conditions.join(' AND ')}` : '';
  // On the grouped rows' own health and status columns, unqualified: the same text (and bound
  // values) filters the configs' groups and the changes' groups.
  const grouped = groupConditions.length > 0 ? `AND ${groupConditions.join(' AND ')}` : '';

  // One pass over the configs, each joined to its kept changes count and to its open analyses by
  // type (a jsonb object, null for most), grouped by the keys and that object: a group's analyses
  // are its objects' counts times their configs. A window that is not kept counts the changes,
  // joined to their configs. Each part is computed once (MATERIALIZED) and is at most a few hundred
  // rows.
  const { rows } = await db.query<Record<string, unknown>>(
    `WITH analyses AS (
       SELECT a.config_id, jsonb_object_agg(a.analysis_type, a.n) AS kinds
       FROM (
         SELECT ca.config_id, coalesce(ca.analysis_type, 'other') AS analysis_type, count(*) AS n
         FROM config_analysis ca
         WHERE ca.status = 'open' ${analysisWindow}
         GROUP BY 1, 2
       ) a
       GROUP BY a.config_id
     ),
     configs AS MATERIALIZED (
       SELECT ${keyList}, an.kinds, count(*) AS n, max(ci.created_at) AS created_at,
              max(ci.updated_at) AS updated_at, sum(${costColumn}) AS cost,
              ${keptChanges ? `sum(kept.${keptChanges})` : 'NULL::numeric'} AS changes
       FROM config_items ci
       ${keptChanges ? 'JOIN opsdeck.config_change_counts kept ON kept.config_id = ci.id' : ''}
       LEFT JOIN analyses an ON an.config_id = ci.id
       WHERE true ${where}
       GROUP BY ${keyRefs}, an.kinds
     ),
     ${
       keptChanges
         ? ''
         : `changes AS MATERIALIZED (
       SELECT ${keyList}, count(*) AS n
       FROM config_changes cc JOIN config_items ci ON ci.id = cc.config_id
       WHERE true ${where} ${changeWindow}
       GROUP BY ${keyRefs}
     ),`
     }
     matched AS MATERIALIZED (SELECT * FROM configs WHERE true ${grouped})
     SELECT ${groupRefs},
       (SELECT jsonb_object_agg(h.health, h.n) FROM (
          SELECT c.health, sum(c.n) AS n FROM matched c
          WHERE ${sameGroup('c')} AND c.health IS NOT NULL GROUP BY c.health) h) AS health,
       max(m.created_at) AS created_at,
       max(m.updated_at) AS updated_at,
       sum(m.n)::int AS count,
       sum(m.cost)::float8 AS cost,
       ${
         keptChanges
           ? 'coalesce(sum(m.changes), 0)::int'
           : `coalesce((SELECT sum(c.n) FROM changes c WHERE ${sameGroup('c')} ${grouped}), 0)::int`
       } AS changes,
       (SELECT jsonb_object_agg(t.kind, t.n) FROM (
          SELECT e.key AS kind, sum(e.value::numeric * c.n) AS n
          FROM matched c, jsonb_each(c.kinds) e
          WHERE ${sameGroup('c')} GROUP BY e.key) t) AS analysis
     FROM matched m
     GROUP BY ${groupRefs}
     ORDER BY ${groupRefs}`,
    params.values,
  );
  if (rows.length === 0) return null;
  return rows.map((row) => {
    const reply: Record<string, unknown> = {};
    groupBy.forEach((key, index) => {
      reply[key] = row[`k${index}`] ?? null;
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
