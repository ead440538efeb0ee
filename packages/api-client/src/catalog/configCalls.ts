import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../client.ts';
import { db, likeContaining } from '../db/index.ts';
import type { CountedRows } from '../db/builder.ts';
import type { CallOptions } from '../http.ts';
import { isUuid } from '../ids.ts';
import type { Filter, FilterCondition } from '../postgrest/index.ts';
import { catalogKeys } from './keys.ts';
import {
  configDetailSchema,
  configSummaryBody,
  configListItemSchema,
  configStatusRowSchema,
  configSummaryReplySchema,
  configTypeRowSchema,
  keyValueRowSchema,
  type ConfigDetail,
  type ConfigListItem,
  type ConfigSummaryQuery,
  type ConfigSummaryRow,
  type IncludeExclude,
} from './schemas.ts';

// The summary's body and the include/exclude shape are plain, in ./schemas.ts (the server's
// import, ./catalog/schemas, loads no React); the domain's entry still has them from here.
export { configSummaryBody, type ConfigSummaryQuery, type IncludeExclude };

/** A label or tag condition: `key=value`, or `key!=value` when excluded. */
export interface KeyValueCondition {
  key: string;
  value: string;
  exclude?: boolean;
}

export type ConfigSortBy =
  | 'type'
  | 'name'
  | 'health'
  | 'status'
  | 'created_at'
  | 'updated_at'
  | 'cost_total_30d'
  | 'changes';

/** Which configs the catalog list shows (reference §3 "Configs list"), before paging and order. */
export interface ConfigListFilters {
  type?: IncludeExclude;
  status?: IncludeExclude;
  health?: IncludeExclude;
  labels?: readonly KeyValueCondition[];
  tags?: readonly KeyValueCondition[];
  /** Matched with ilike over name, type, description and namespace. */
  search?: string;
  /** Also scraper_id (the scraper page's configs). */
  scraperId?: string;
  includeDeleted?: boolean;
}

/** What the catalog list reads (reference §3 "Configs list"): its filters, a page and an order. */
export interface ConfigListQuery extends ConfigListFilters {
  sortBy?: ConfigSortBy;
  sortOrder?: 'asc' | 'desc';
  pageIndex: number;
  pageSize: number;
}

/** The list's columns: the reference's select, with the agent embedded in the same parameter. */
export const configListSelect =
  'id,type,config_class,status,health,labels,name,tags,created_at,updated_at,deleted_at,cost_per_minute,cost_total_1d,cost_total_30d,changes,analysis,agent:agents(id,name)';

const condition = (
  column: string,
  operator: 'eq' | 'neq' | 'ilike',
  value: string,
): FilterCondition => ({
  kind: 'condition',
  column,
  operator,
  negated: false,
  value,
});

/** `*` and `%` in a search are wildcards to PostgREST; a typed one is matched as text. */
function keyValueConditions(column: 'labels' | 'tags', items: readonly KeyValueCondition[]) {
  return items.map((item) =>
    condition(`${column}->>${item.key}`, item.exclude ? 'neq' : 'eq', item.value),
  );
}

/** The `configs` view with the list's filters applied, reading `select`. */
function filteredConfigs(client: ApiClient, query: ConfigListFilters, select: string) {
  const builder = db(client).from('configs').select(select);
  const type = query.type ?? {};
  if ((type.include?.length ?? 0) === 1 && !type.exclude?.length) {
    builder.eq('type', type.include![0]!);
  } else if (type.include?.length || type.exclude?.length) {
    builder.triState('type', type);
  }
  if (query.status?.include?.length || query.status?.exclude?.length) {
    builder.triState('status', query.status);
  }
  if (query.health?.include?.length || query.health?.exclude?.length) {
    builder.triState('health', query.health);
  }
  if (query.scraperId) builder.eq('scraper_id', query.scraperId);
  const search = query.search?.trim();
  if (search) {
    const pattern = likeContaining(search);
    builder.or(
      ['name', 'type', 'description', 'namespace'].map((column) =>
        condition(column, 'ilike', pattern),
      ),
    );
  }
  const keyValues: Filter[] = [
    ...keyValueConditions('labels', query.labels ?? []),
    ...keyValueConditions('tags', query.tags ?? []),
  ];
  if (keyValues.length > 0) {
    // The reference UI's form is `or=(and(...))`; with a search `or` is taken, so `and=(...)`.
    if (search) builder.and(keyValues);
    else builder.or([{ kind: 'and', negated: false, items: keyValues }]);
  }
  if (!query.includeDeleted) builder.is('deleted_at', null);
  return builder;
}

/** One page of the list, ordered, without a count. */
function configPageRequest(client: ApiClient, query: ConfigListQuery) {
  const builder = filteredConfigs(client, query, configListSelect);
  const sortBy = query.sortBy ?? 'type';
  const direction = query.sortOrder ?? 'asc';
  builder.order(sortBy, { direction });
  // Reference: sorting by type means type then name.
  if (sortBy === 'type') builder.order('name', { direction });
  return builder
    .range(query.pageIndex * query.pageSize, (query.pageIndex + 1) * query.pageSize - 1)
    .rows(configListItemSchema);
}

/** The PostgREST request of a configs list page with its total, without executing it (tests read it). */
export function configListRequest(client: ApiClient, query: ConfigListQuery) {
  // An exact count reads every matching config (100k and more); `estimated` is exact up to the
  // server's max rows (10,000) and the planner's estimate above, which is what a pager needs.
  return configPageRequest(client, query).count('estimated');
}

/** One page of the `configs` view with its total from `Content-Range` (`Prefer: count=estimated`). */
export function getConfigList(
  client: ApiClient,
  query: ConfigListQuery,
  options: CallOptions = {},
): Promise<CountedRows<ConfigListItem>> {
  return configListRequest(client, query).execute(options.signal);
}

export const configListQuery = (client: ApiClient, query: ConfigListQuery) =>
  queryOptions({
    queryKey: catalogKeys.list(query),
    queryFn: ({ signal }) => getConfigList(client, query, { signal }),
    // The page keeps its rows while the next page or filter loads.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

/** One page of the `configs` view alone: what a search keystroke waits for. */
export function getConfigPage(
  client: ApiClient,
  query: ConfigListQuery,
  options: CallOptions = {},
): Promise<ConfigListItem[]> {
  return configPageRequest(client, query).execute(options.signal);
}

export const configPageQuery = (client: ApiClient, query: ConfigListQuery) =>
  queryOptions({
    queryKey: catalogKeys.page(query),
    queryFn: ({ signal }) => getConfigPage(client, query, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

/** The list's filters alone: what its count depends on (not the page, not the order). */
export function configListFiltersOf(query: ConfigListQuery): ConfigListFilters {
  const {
    pageIndex: _page,
    pageSize: _size,
    sortBy: _sortBy,
    sortOrder: _order,
    ...filters
  } = query;
  return filters;
}

/**
 * The request for how many configs match the filters, without a row: `limit=0` with
 * `Prefer: count=estimated` (exact up to the server's max rows, the planner's estimate above).
 */
export function configCountRequest(client: ApiClient, filters: ConfigListFilters) {
  return filteredConfigs(client, filters, 'id').limit(0).count('estimated');
}

async function getConfigCount(
  client: ApiClient,
  filters: ConfigListFilters,
  options: CallOptions = {},
): Promise<number> {
  return (await configCountRequest(client, filters).execute(options.signal)).total;
}

/**
 * The count of a list, asked apart from its rows: the rows of a search need not wait for every
 * match to be counted (at 100k configs a term matching a few thousand reads the whole table to
 * count them), and a new page or order of the same filters counts nothing again.
 */
export const configCountQuery = (client: ApiClient, query: ConfigListQuery) => {
  const filters = configListFiltersOf(query);
  return queryOptions({
    queryKey: catalogKeys.count(filters),
    queryFn: ({ signal }) => getConfigCount(client, filters, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
};

/** What `POST /catalog/summary` reads: the list's filters that apply to groups. */
/** The catalog grouped by type with counts, health, changes, insights and cost per group. */
export function getConfigSummary(
  client: ApiClient,
  query: ConfigSummaryQuery,
  options: CallOptions = {},
): Promise<ConfigSummaryRow[]> {
  return client.catalog.post('summary', {
    json: configSummaryBody(query),
    prefer: null,
    schema: configSummaryReplySchema,
    signal: options.signal,
  });
}

export const configSummaryQuery = (client: ApiClient, query: ConfigSummaryQuery) =>
  queryOptions({
    queryKey: catalogKeys.summary(query),
    queryFn: ({ signal }) => getConfigSummary(client, query, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

/** One config with its scrape time, agent, counts and scraper (`config_detail`). */
export async function getConfigDetail(
  client: ApiClient,
  id: string,
  options: CallOptions = {},
): Promise<ConfigDetail | null> {
  if (!isUuid(id)) return null;
  return db(client)
    .from('config_detail')
    .select('*')
    .eq('id', id)
    .rows(configDetailSchema)
    .maybeSingle()
    .execute(options.signal);
}

export const configDetailQuery = (client: ApiClient, id: string) =>
  queryOptions({
    queryKey: catalogKeys.detail(id),
    queryFn: ({ signal }) => getConfigDetail(client, id, { signal }),
    staleTime: 30_000,
  });

/** The filter bar's options: config types, statuses, and label and tag pairs. */
export interface ConfigFilterOptions {
  types: string[];
  statuses: string[];
  labels: { key: string; value: string }[];
  tags: { key: string; value: string }[];
}

const distinct = (values: (string | null | undefined)[]) => [
  ...new Set(values.filter((value): value is string => Boolean(value))),
];

const pairs = (rows: { key: string; value?: unknown }[]) =>
  rows.flatMap(({ key, value }) =>
    typeof value === 'string'
      ? [{ key, value }]
      : value == null
        ? []
        : [{ key, value: String(value) }],
  );

export async function getConfigFilterOptions(
  client: ApiClient,
  options: CallOptions = {},
): Promise<ConfigFilterOptions> {
  const from = db(client);
  const [types, statuses, labels, tags] = await Promise.all([
    from.from('config_types').rows(configTypeRowSchema).execute(options.signal),
    from.from('config_statuses').rows(configStatusRowSchema).execute(options.signal),
    from.from('config_labels').rows(keyValueRowSchema).execute(options.signal),
    from.from('config_tags').rows(keyValueRowSchema).execute(options.signal),
  ]);
  return {
    types: distinct(types.map((row) => row.type)).sort(),
    statuses: distinct(statuses.map((row) => row.status)).sort(),
    labels: pairs(labels),
    tags: pairs(tags),
  };
}

export const configFilterOptionsQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: catalogKeys.options('configs'),
    queryFn: ({ signal }) => getConfigFilterOptions(client, { signal }),
    staleTime: 5 * 60_000,
  });
