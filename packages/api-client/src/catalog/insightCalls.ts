import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../client.ts';
import { db } from '../db/index.ts';
import type { CountedRows } from '../db/builder.ts';
import type { CallOptions } from '../http.ts';
import type { IncludeExclude, KeyValueCondition } from './configCalls.ts';
import { catalogKeys } from './keys.ts';
import { analyzerRowSchema, configInsightSchema, type ConfigInsight } from './schemas.ts';

export const configInsightSelect =
  'id,config_id,analysis_type,analyzer,summary,message,severity,status,source,first_observed,last_observed,config_name,config:configs(id,name,config_class,type,tags)';

export type InsightSortBy =
  | 'config_name'
  | 'analysis_type'
  | 'analyzer'
  | 'summary'
  | 'severity'
  | 'status'
  | 'source'
  | 'first_observed'
  | 'last_observed';

/** What the insights list reads from `config_analysis_items` (reference §3 "Insights list"). */
export interface ConfigInsightsQuery {
  configId?: string;
  /** Default `open` (the reference UI's default). */
  status?: IncludeExclude;
  analysisType?: IncludeExclude;
  severity?: IncludeExclude;
  analyzer?: IncludeExclude;
  configType?: IncludeExclude;
  /** The config's tags (`tags->>key`), as the list's tag filter. */
  tags?: readonly KeyValueCondition[];
  /** first_observed on or after / before (ISO 8601). */
  from?: string;
  to?: string;
  sortBy?: InsightSortBy;
  sortOrder?: 'asc' | 'desc';
  pageIndex: number;
  pageSize: number;
}

const hasValues = (value: IncludeExclude | undefined): value is IncludeExclude =>
  Boolean(value?.include?.length || value?.exclude?.length);

export function configInsightsRequest(client: ApiClient, query: ConfigInsightsQuery) {
  const builder = db(client).from('config_analysis_items').select(configInsightSelect);
  if (query.configId) builder.eq('config_id', query.configId);
  const triStates: [string, IncludeExclude | undefined][] = [
    ['status', query.status],
    ['analysis_type', query.analysisType],
    ['severity', query.severity],
    ['analyzer', query.analyzer],
    ['config_type', query.configType],
  ];
  for (const [key, value] of triStates) if (hasValues(value)) builder.triState(key, value);
  if (query.tags?.length) {
    builder.and(
      query.tags.map((tag) => ({
        kind: 'condition' as const,
        column: `tags->>${tag.key}`,
        operator: tag.exclude ? ('neq' as const) : ('eq' as const),
        negated: false,
        value: tag.value,
      })),
    );
  }
  if (query.from) builder.gte('first_observed', query.from);
  if (query.to) builder.lte('first_observed', query.to);
  builder.order(query.sortBy ?? 'first_observed', { direction: query.sortOrder ?? 'desc' });
  return builder
    .range(query.pageIndex * query.pageSize, (query.pageIndex + 1) * query.pageSize - 1)
    .rows(configInsightSchema)
    .count();
}

export function getConfigInsights(
  client: ApiClient,
  query: ConfigInsightsQuery,
  options: CallOptions = {},
): Promise<CountedRows<ConfigInsight>> {
  return configInsightsRequest(client, query).execute(options.signal);
}

export const configInsightsQuery = (client: ApiClient, query: ConfigInsightsQuery) =>
  queryOptions({
    queryKey: catalogKeys.insights(query),
    queryFn: ({ signal }) => getConfigInsights(client, query, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

/** The analyzer filter's options (`config_analysis_analyzers`, open analyses only). */
export async function getAnalyzers(client: ApiClient, options: CallOptions = {}) {
  const rows = await db(client)
    .from('config_analysis_analyzers')
    .rows(analyzerRowSchema)
    .execute(options.signal);
  return [...new Set(rows.flatMap((row) => (row.analyzer ? [row.analyzer] : [])))].sort();
}

export const analyzersQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: catalogKeys.options('analyzers'),
    queryFn: ({ signal }) => getAnalyzers(client, { signal }),
    staleTime: 5 * 60_000,
  });
