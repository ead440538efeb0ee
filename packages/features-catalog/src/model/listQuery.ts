import type {
  ConfigListQuery,
  ConfigSortBy,
  ConfigSummaryQuery,
  IncludeExclude,
  KeyValueCondition,
} from '@opsdeck/api-client/catalog';
import { decodeTriState, TAG_SEPARATOR, type TriStateSelection } from '@opsdeck/ui';

// The catalog list's URL (console §9's table state: `sortBy`, `sortOrder`, `pageIndex`,
// `pageSize`, `{key}.filter` in the tri-state form) and the request it makes. Plain functions:
// the page reads the table's query and passes it here.

/** The list table's filter keys, each a `{key}.filter` URL param. */
export const listFilterKeys = ['type', 'health', 'status', 'labels', 'tags', 'search'] as const;

const sortable: readonly ConfigSortBy[] = [
  'type',
  'name',
  'health',
  'status',
  'created_at',
  'updated_at',
  'cost_total_30d',
  'changes',
];

export function includeExclude(selection: TriStateSelection): IncludeExclude {
  const include: string[] = [];
  const exclude: string[] = [];
  for (const [value, state] of Object.entries(selection)) {
    (state === 1 ? include : exclude).push(value);
  }
  return { include, exclude };
}

/** `key=value` tri-state options as label or tag conditions (a value may hold `=` itself). */
export function keyValueConditions(selection: TriStateSelection): KeyValueCondition[] {
  return Object.entries(selection).flatMap(([pair, state]) => {
    const at = pair.indexOf(TAG_SEPARATOR);
    if (at <= 0) return [];
    return [
      {
        key: pair.slice(0, at),
        value: pair.slice(at + 1),
        ...(state === -1 ? { exclude: true } : {}),
      },
    ];
  });
}

const isEmpty = (value: IncludeExclude) => !value.include?.length && !value.exclude?.length;

export interface TableQueryInput {
  pageIndex: number;
  pageSize: number;
  sortBy: string | undefined;
  sortOrder: 'asc' | 'desc' | undefined;
  filters: Record<string, string>;
}

/** The configs request of the table's URL state. */
export function configListQueryOf(table: TableQueryInput): ConfigListQuery {
  const { filters } = table;
  const type = includeExclude(decodeTriState(filters.type));
  const health = includeExclude(decodeTriState(filters.health));
  const status = includeExclude(decodeTriState(filters.status));
  const labels = keyValueConditions(decodeTriState(filters.labels));
  const tags = keyValueConditions(decodeTriState(filters.tags));
  const search = filters.search?.trim();
  const sortBy = sortable.find((column) => column === table.sortBy) ?? 'type';
  return {
    ...(isEmpty(type) ? {} : { type }),
    ...(isEmpty(health) ? {} : { health }),
    ...(isEmpty(status) ? {} : { status }),
    ...(labels.length > 0 ? { labels } : {}),
    ...(tags.length > 0 ? { tags } : {}),
    ...(search ? { search } : {}),
    sortBy,
    sortOrder: table.sortOrder ?? 'asc',
    pageIndex: table.pageIndex,
    pageSize: table.pageSize,
  };
}

/** The table's query once `key` is set to `value` ('' clears it): the first page, as the URL's. */
export function withFilter(table: TableQueryInput, key: string, value: string): TableQueryInput {
  const filters = { ...table.filters };
  if (value === '') delete filters[key];
  else filters[key] = value;
  return { ...table, pageIndex: 0, filters };
}

/**
 * Grouped by type (with counts) while nothing narrows the list to rows: no type, search, label or
 * tag chosen — the reference UI's rule for its summary view. Health and status apply to groups.
 */
export function showsGroups(query: ConfigListQuery, groupBy: string | null): boolean {
  return (
    groupBy !== 'none' &&
    !query.type &&
    !query.search &&
    !query.labels?.length &&
    !query.tags?.length
  );
}

/** The summary request of the same filters. */
export function configSummaryQueryOf(query: ConfigListQuery): ConfigSummaryQuery {
  return {
    ...(query.health ? { health: query.health } : {}),
    ...(query.status ? { status: query.status } : {}),
  };
}

/** What the list knows of its total: its count, asked apart from its rows (see listTotal). */
export interface ListTotalInput {
  pageIndex: number;
  pageSize: number;
  /** The rows shown, and whether they are this query's (not the last query's kept on screen). */
  rows: number;
  rowsCurrent: boolean;
  /** The count's answer, and whether it is this query's. */
  count: number | undefined;
  countCurrent: boolean;
}

/**
 * The list's total while its count may still be on the way: the count once it answers for these
 * filters; before that a page that is not full ends the list, so its end is the total; otherwise
 * the last count stays shown until the new one arrives (undefined: nothing known yet).
 */
export function listTotal(input: ListTotalInput): number | undefined {
  if (input.countCurrent && input.count !== undefined) return input.count;
  const ends = input.rows < input.pageSize && (input.rows > 0 || input.pageIndex === 0);
  if (input.rowsCurrent && ends) return input.pageIndex * input.pageSize + input.rows;
  return input.count;
}
