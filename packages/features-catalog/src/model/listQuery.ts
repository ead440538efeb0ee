import type {
  ConfigListQuery,
  ConfigSortBy,
  ConfigSummaryQuery,
  IncludeExclude,
  KeyValueCondition,
} from '@opsdeck/api-client/catalog';
import { decodeTriState, TAG_SEPARATOR, type TriStateSelection } from '@opsdeck/ui';
import type { DataTableQuery } from '@opsdeck/ui/data-table';

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

/** The configs request of the table's URL state. */
export function configListQueryOf(table: DataTableQuery): ConfigListQuery {
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
