import * as z from 'zod/mini';
import type { SqlRunner } from '../../db/database.ts';
import {
  FilterError,
  labelSelectorSql,
  Params,
  parseDateMath,
  parseLabelSelector,
  parseTriState,
  triStateSql,
  UUID,
} from './filters.ts';

export const CHANGE_SORT_FIELDS = [
  'name',
  'change_type',
  'summary',
  'source',
  'created_at',
  'count',
] as const;
export const SEVERITIES = ['critical', 'high', 'medium', 'low', 'info'] as const;
export const MAX_PAGE_SIZE = 1000;
/** Deeper than any catalog hierarchy; keeps a cycle of relationships from growing the walk. */
export const MAX_CHANGE_DEPTH = 20;

const text = z.string().check(z.maxLength(4096));

/**
 * The body of POST /api/catalog/changes (reference §3); GET sends the same keys as query
 * parameters. Unknown keys are ignored, as Mission Control's JSON binding does.
 */
export const catalogChangesRequestSchema = z.object({
  id: z.optional(text),
  config_type: z.optional(text),
  type: z.optional(text),
  severity: z.optional(text),
  created_by: z.optional(text),
  summary: z.optional(text),
  source: z.optional(text),
  tags: z.optional(text),
  agent_id: z.optional(text),
  from: z.optional(text),
  to: z.optional(text),
  from_inserted_at: z.optional(text),
  to_inserted_at: z.optional(text),
  include_deleted_configs: z.optional(z.boolean()),
  depth: z.optional(z.int().check(z.minimum(0), z.maximum(MAX_CHANGE_DEPTH))),
  recursive: z.optional(z.enum(['upstream', 'downstream', 'none', 'all'])),
  soft: z.optional(z.boolean()),
  page: z.optional(z.int().check(z.minimum(1))),
  page_size: z.optional(z.int().check(z.minimum(1), z.maximum(MAX_PAGE_SIZE))),
  sort_by: z.optional(
    z.enum([...CHANGE_SORT_FIELDS, ...CHANGE_SORT_FIELDS.map((field) => `-${field}` as const)]),
  ),
  lenient: z.optional(z.boolean()),
});

export type CatalogChangesRequest = z.infer<typeof catalogChangesRequestSchema>;

/**
 * Query parameters as the JSON body would carry them: whole numbers and true/false become
 * numbers and booleans, so GET and POST go through one schema.
 */
export function changesRequestFromQuery(query: URLSearchParams): Record<string, unknown> {
  const numeric = new Set(['page', 'page_size', 'depth']);
  const flags = new Set(['include_deleted_configs', 'soft', 'lenient']);
  const body: Record<string, unknown> = {};
  for (const [key, value] of query) {
    if (numeric.has(key) && /^-?\d{1,15}$/.test(value)) body[key] = Number(value);
    else if (flags.has(key) && (value === 'true' || value === 'false'))
      body[key] = value === 'true';
    else body[key] = value;
  }
  return body;
}

/** One row of the reply: the reference's fields, the optional ones left out when empty. */
export interface CatalogChange {
  id: string;
  config_id: string;
  agent_id: string | null;
  external_change_id: string | null;
  change_type: string;
  severity: string | null;
  source: string | null;
  created_at: string;
  count: number;
  summary?: string;
  deleted_at?: string;
  first_observed?: string;
  name?: string;
  type?: string;
  tags?: Record<string, string>;
  created_by?: string;
  external_created_by?: string;
  path?: string;
  inserted_at?: string;
}

export interface CatalogChangesReply {
  summary?: Record<string, number>;
  total?: number;
  changes?: CatalogChange[];
}

const OPTIONAL = [
  'summary',
  'deleted_at',
  'first_observed',
  'name',
  'type',
  'tags',
  'created_by',
  'external_created_by',
  'path',
  'inserted_at',
] as const;

const SORT_COLUMNS: Record<(typeof CHANGE_SORT_FIELDS)[number], string> = {
  name: 'ci.name',
  change_type: 'cc.change_type',
  summary: 'cc.summary',
  source: 'cc.source',
  created_at: 'cc.created_at',
  count: 'cc.count',
};

const LOCAL_AGENT = '00000000-0000-0000-0000-000000000000';

/**
 * The WHERE clause of a request, built once for the count and the page. A value that cannot be
 * read is a FilterError, or is left out when the request is lenient.
 */
function whereOf(request: CatalogChangesRequest, now: number, params: Params): string[] {
  const conditions: string[] = [];
  const lenient = request.lenient === true;
  const add = (build: () => string | undefined) => {
    try {
      const condition = build();
      if (condition) conditions.push(condition);
    } catch (error) {
      if (!(error instanceof FilterError) || !lenient) throw error;
    }
  };
  const given = (value: string | undefined): value is string =>
    value !== undefined && value.trim() !== '';

  if (given(request.id)) {
    const id = request.id;
    add(() => {
      const include: string[] = [];
      const exclude: string[] = [];
      for (const raw of id.split(',')) {
        const item = raw.trim();
        const negated = item.startsWith('!');
        const value = negated ? item.slice(1) : item;
        if (!UUID.test(value))
          throw new FilterError('id must be config ids (uuids), comma separated');
        (negated ? exclude : include).push(value.toLowerCase());
      }
      const parts: string[] = [];
      if (include.length > 0) {
        const recursive = request.recursive ?? 'downstream';
        if (recursive === 'none') {
          parts.push(`cc.config_id = ANY(${params.bind(include)}::uuid[])`);
        } else {
          const direction =
            recursive === 'downstream' ? 'outgoing' : recursive === 'upstream' ? 'incoming' : 'all';
          const relation = request.soft === true ? 'both' : 'hard';
          const ids = params.bind(include);
          // The configs themselves and what the walk reaches from each (related_config_ids_recursive).
          parts.push(
            `cc.config_id IN (SELECT unnest(${ids}::uuid[]) UNION
              SELECT walk.id FROM unnest(${ids}::uuid[]) AS start(id),
              LATERAL related_config_ids_recursive(start.id, ${params.bind(direction)},
                ${params.bind(request.depth ?? 5)}::int, ${params.bind(relation)},
                ${params.bind(relation)}, ${params.bind(request.include_deleted_configs === true)}) AS walk)`,
          );
        }
      }
      if (exclude.length > 0)
        parts.push(`NOT (cc.config_id = ANY(${params.bind(exclude)}::uuid[]))`);
      return parts.join(' AND ');
    });
  }
  if (given(request.config_type)) {
    const value = request.config_type.replaceAll('__', '::');
    add(() => triStateSql('ci.type', parseTriState(value, 'config_type'), params));
  }
  if (given(request.type)) {
    const value = request.type;
    add(() => triStateSql('cc.change_type', parseTriState(value, 'type'), params));
  }
  if (given(request.severity)) {
    const value = request.severity.trim();
    add(() => {
      const known = SEVERITIES as readonly string[];
      const rank = known.indexOf(value.toLowerCase());
      // `high` means high or worse; any other form is a tri-state list of known severities.
      if (rank >= 0)
        return `lower(cc.severity) = ANY(${params.bind(known.slice(0, rank + 1))}::text[])`;
      const list = parseTriState(value, 'severity');
      for (const item of [...list.include, ...list.exclude])
        if (!known.includes(item.toLowerCase()) && !item.includes('*'))
          throw new FilterError(`severity must be one of ${known.join(', ')}, got "${item}"`);
      return triStateSql('cc.severity', list, params);
    });
  }
  if (given(request.created_by)) {
    const value = request.created_by.trim();
    add(() =>
      UUID.test(value)
        ? `cc.created_by = ${params.bind(value)}::uuid`
        : triStateSql('cc.external_created_by', parseTriState(value, 'created_by'), params),
    );
  }
  if (given(request.summary)) {
    const value = request.summary;
    add(() => triStateSql('cc.summary', parseTriState(value, 'summary'), params));
  }
  if (given(request.source)) {
    const value = request.source;
    add(() => triStateSql('cc.source', parseTriState(value, 'source'), params));
  }
  if (given(request.tags)) {
    const value = request.tags;
    add(() => labelSelectorSql('ci.tags', parseLabelSelector(value, 'tags'), params));
  }
  if (given(request.agent_id)) {
    const value = request.agent_id.trim();
    add(() => {
      if (value === 'local') return `ci.agent_id = ${params.bind(LOCAL_AGENT)}::uuid`;
      if (!UUID.test(value))
        throw new FilterError('agent_id must be an agent id (a uuid) or local');
      return `ci.agent_id = ${params.bind(value)}::uuid`;
    });
  }
  const range = (column: string, key: 'from' | 'to' | 'from_inserted_at' | 'to_inserted_at') => {
    const value = request[key];
    if (!given(value)) return;
    add(() => {
      const at = new Date(parseDateMath(value, now, key)).toISOString();
      return `${column} ${key.startsWith('from') ? '>=' : '<='} ${params.bind(at)}::timestamptz`;
    });
  };
  // reference §3: with neither bound given, the last two days.
  if (!given(request.from) && !given(request.to))
    conditions.push(
      `cc.created_at >= ${params.bind(new Date(now - 2 * 86_400_000).toISOString())}::timestamptz`,
    );
  range('cc.created_at', 'from');
  range('cc.created_at', 'to');
  range('cc.inserted_at', 'from_inserted_at');
  range('cc.inserted_at', 'to_inserted_at');
  // Few configs are deleted: excluding their ids (a small hashed set, by a partial index) spares
  // the join to config_items when no other condition needs it.
  if (request.include_deleted_configs !== true)
    conditions.push(
      'cc.config_id NOT IN (SELECT d.id FROM config_items d WHERE d.deleted_at IS NOT NULL)',
    );
  return conditions;
}

interface ChangeRow {
  id: string;
  config_id: string;
  agent_id: string | null;
  external_change_id: string | null;
  change_type: string;
  severity: string | null;
  source: string | null;
  created_at: string;
  count: number;
  summary: string | null;
  deleted_at: string | null;
  first_observed: string | null;
  name: string | null;
  type: string | null;
  tags: Record<string, string> | null;
  created_by: string | null;
  external_created_by: string | null;
  path: string | null;
  inserted_at: string | null;
}

/**
 * POST /api/catalog/changes: one page of changes with the total and the page's counts by change
 * type. Every part is omitted when empty, so nothing found is `{}` (reference §3).
 */
export async function queryCatalogChanges(
  db: SqlRunner,
  request: CatalogChangesRequest,
  now = Date.now(),
): Promise<CatalogChangesReply> {
  const params = new Params();
  const conditions = whereOf(request, now, params);
  const sortBy = request.sort_by ?? '-created_at';
  const descending = sortBy.startsWith('-');
  const column = SORT_COLUMNS[sortBy.replace(/^-/, '') as keyof typeof SORT_COLUMNS];
  // Changes alone unless a filter or the order reads the config (its type, tags, agent, name); the
  // count joins only for a filter. Joined, a live config is also said as `ci.deleted_at IS NULL`
  // (what the NOT IN above means), so the planner may walk the live configs' name index: sorted by
  // name, a page is then 50 index steps instead of a sort of every change in the range.
  const filtersConfigs = conditions.some((sql) => /\bci\./.test(sql));
  const fromOf = (joined: boolean) => {
    const where = [
      ...conditions,
      ...(joined && request.include_deleted_configs !== true ? ['ci.deleted_at IS NULL'] : []),
    ];
    return `FROM config_changes cc
    ${joined ? 'JOIN config_items ci ON ci.id = cc.config_id' : ''}
    ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}`;
  };
  const from = fromOf(filtersConfigs || column.startsWith('ci.'));
  const { rows: counted } = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total ${fromOf(filtersConfigs)}`,
    params.values,
  );
  const total = counted[0]?.total ?? 0;
  if (total === 0) return {};

  // Plain ASC/DESC: created_at's index (created_at DESC, id DESC) then gives the page in order.
  const direction = descending ? 'DESC' : 'ASC';
  const pageSize = request.page_size ?? 50;
  const offset = ((request.page ?? 1) - 1) * pageSize;
  const order = `${column} ${direction}, cc.id ${direction}`;
  const { rows } = await db.query<ChangeRow>(
    `SELECT cc.id, cc.config_id, ci.agent_id, cc.external_change_id, cc.change_type, cc.severity,
            cc.source, cc.created_at, cc.count, cc.summary, ci.deleted_at, cc.first_observed,
            ci.name, ci.type, ci.tags, cc.created_by, cc.external_created_by, ci.path,
            cc.inserted_at
     FROM (SELECT cc.* ${from} ORDER BY ${order}
           LIMIT ${params.bind(pageSize)} OFFSET ${params.bind(offset)}) cc
     JOIN config_items ci ON ci.id = cc.config_id
     ORDER BY ${order}`,
    params.values,
  );
  if (rows.length === 0) return { total };
  const summary: Record<string, number> = {};
  const changes = rows.map((row) => {
    summary[row.change_type] = (summary[row.change_type] ?? 0) + 1;
    const change: Record<string, unknown> = {
      id: row.id,
      config_id: row.config_id,
      agent_id: row.agent_id,
      external_change_id: row.external_change_id,
      change_type: row.change_type,
      severity: row.severity,
      source: row.source,
      created_at: row.created_at,
      count: row.count,
    };
    for (const key of OPTIONAL) {
      const value = row[key];
      const empty =
        value === null ||
        value === '' ||
        (typeof value === 'object' && Object.keys(value).length === 0);
      if (!empty) change[key] = value;
    }
    return change as unknown as CatalogChange;
  });
  return { summary, total, changes };
}
