import type {
  CatalogChangesQuery,
  ChangesSortBy,
  ConfigInsightsQuery,
  InsightSortBy,
} from '@opsdeck/api-client/catalog';
import { decodeTriState, type TriStateSelection } from '@opsdeck/ui';
import {
  describeRelativeRange,
  relativeRangeMinutes,
  resolveTimeRange,
  type RelativeTimeRange,
  type TimeRange,
} from '@opsdeck/ui/time-range';
import type { DataTableQuery } from '@opsdeck/ui/data-table';
import { includeExclude, keyValueConditions } from './listQuery.ts';

// The changes and insights tables' URL state → their requests (reference §3). Shared by the
// catalog-wide pages and a config's sub-pages, which add the config's id.

export const changesFilterKeys = ['configType', 'changeType', 'severity', 'tags'] as const;
export const insightsFilterKeys = [
  'status',
  'analysisType',
  'severity',
  'analyzer',
  'configType',
  'tags',
] as const;

/** `a,!b`: the tri-state grammar of the changes endpoint's filters. */
export function triStateText(selection: TriStateSelection): string | undefined {
  const { include = [], exclude = [] } = includeExclude(selection);
  const text = [...include, ...exclude.map((value) => `!${value}`)].join(',');
  return text === '' ? undefined : text;
}

/** `k=v,k2!=v2`: a label selector of the tri-state `key=value` options. */
export function labelSelector(selection: TriStateSelection): string | undefined {
  const text = keyValueConditions(selection)
    .map(({ key, value, exclude }) => `${key}${exclude ? '!=' : '='}${value}`)
    .join(',');
  return text === '' ? undefined : text;
}

/**
 * Date math every backend reads: the picker's months and years (`now-1mo`) are not Go datemath's
 * units, so a relative range goes as days, hours or minutes (`now-30d`).
 */
export function portableDateMath(range: string): string {
  const minutes = relativeRangeMinutes(range);
  if (minutes === undefined) return range;
  const sign = range.startsWith('now+') ? '+' : '-';
  const amount = Math.abs(minutes);
  if (amount % 1440 === 0) return `now${sign}${amount / 1440}d`;
  if (amount % 60 === 0) return `now${sign}${amount / 60}h`;
  return `now${sign}${amount}m`;
}

/** The range a changes table shows while the URL has none (the picker shows it as chosen). */
export function defaultChangesRange(range: string): RelativeTimeRange {
  return { type: 'relative', display: describeRelativeRange(range) ?? range, range };
}

/** A time range as the endpoint's from/to: relative ranges as date math, others as instants. */
export function timeRangeBounds(
  range: TimeRange | undefined,
  fallback: string,
): { from: string; to: string } {
  if (!range) return { from: fallback, to: 'now' };
  if (range.type === 'relative') {
    const math = portableDateMath(range.range);
    return math.startsWith('now+') ? { from: 'now', to: math } : { from: math, to: 'now' };
  }
  const resolved = resolveTimeRange(range);
  if (!resolved) return { from: fallback, to: 'now' };
  return {
    from: resolved.from.toUTC().toISO() ?? fallback,
    to: resolved.to.toUTC().toISO() ?? 'now',
  };
}

const changeSorts: readonly ChangesSortBy[] = [
  'name',
  'change_type',
  'summary',
  'source',
  'created_at',
  'count',
];

export interface ChangesScope {
  configId?: string;
  /** A config's changes can include its relations' (`all`) or only its own (`none`). */
  recursive?: CatalogChangesQuery['recursive'];
  /** Date math used when the URL has no range: the reference UI's `now-2d`, longer on a config. */
  defaultFrom: string;
}

export function changesQueryOf(table: DataTableQuery, scope: ChangesScope): CatalogChangesQuery {
  const { filters } = table;
  const configType = triStateText(decodeTriState(filters.configType));
  const changeType = triStateText(decodeTriState(filters.changeType));
  const tags = labelSelector(decodeTriState(filters.tags));
  const severity = filters.severity || undefined;
  return {
    ...(scope.configId ? { configId: scope.configId } : {}),
    ...(configType ? { configType } : {}),
    ...(changeType ? { changeType } : {}),
    ...(severity ? { severity } : {}),
    ...(tags ? { tags } : {}),
    ...timeRangeBounds(table.timeRange, scope.defaultFrom),
    recursive: scope.recursive ?? 'none',
    sortBy: changeSorts.find((sort) => sort === table.sortBy) ?? 'created_at',
    sortOrder: table.sortOrder ?? 'desc',
    pageIndex: table.pageIndex,
    pageSize: table.pageSize,
  };
}

const insightSorts: readonly InsightSortBy[] = [
  'config_name',
  'analysis_type',
  'analyzer',
  'summary',
  'severity',
  'status',
  'source',
  'first_observed',
  'last_observed',
];

export function insightsQueryOf(table: DataTableQuery, configId?: string): ConfigInsightsQuery {
  const { filters } = table;
  const pick = (key: string) => {
    const value = includeExclude(decodeTriState(filters[key]));
    return value.include?.length || value.exclude?.length ? value : undefined;
  };
  // The reference UI shows open insights until a status is picked.
  const status = pick('status') ?? { include: ['open'] };
  const tags = keyValueConditions(decodeTriState(filters.tags));
  const resolved = table.timeRange ? resolveTimeRange(table.timeRange) : undefined;
  const optional = {
    analysisType: pick('analysisType'),
    severity: pick('severity'),
    analyzer: pick('analyzer'),
    configType: pick('configType'),
  };
  return {
    ...(configId ? { configId } : {}),
    status,
    ...Object.fromEntries(Object.entries(optional).filter(([, value]) => value !== undefined)),
    ...(tags.length > 0 ? { tags } : {}),
    ...(resolved
      ? {
          from: resolved.from.toUTC().toISO() ?? undefined,
          to: resolved.to.toUTC().toISO() ?? undefined,
        }
      : {}),
    sortBy: insightSorts.find((sort) => sort === table.sortBy) ?? 'first_observed',
    sortOrder: table.sortOrder ?? 'desc',
    pageIndex: table.pageIndex,
    pageSize: table.pageSize,
  };
}
