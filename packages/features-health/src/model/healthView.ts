import type { CheckSummary } from '@opsdeck/api-client/health';
import { buildGroupIndex, groupRows, type HealthRows } from './grouping.ts';
import {
  collectLabelOptions,
  decodeLabelFilter,
  emptyLabelFilter,
  isEmptyLabelFilter,
  matchesLabelFilter,
  type LabelFilter,
  type LabelOption,
} from './labels.ts';
import { prepareSummary, type PreparedSummary } from './prepared.ts';
import { normalizeSearch, searchIndexes } from './search.ts';
import { sortIndexes } from './sorting.ts';
import { buildTabIndex, checksInTab, type TabOption } from './tabs.ts';
import type { HealthViewState } from './viewState.ts';

export interface HealthView {
  prepared: PreparedSummary;
  tabs: TabOption[];
  /** Labels present in the current tab. */
  labelOptions: LabelOption[];
  labelFilter: LabelFilter;
  rows: HealthRows;
  /** Checks in the tab that the label filter keeps, before Hide Passing and search. */
  matchingLabels: number;
}

export type HealthViewInput = Pick<
  HealthViewState,
  'search' | 'groupBy' | 'tabBy' | 'tab' | 'hidePassing' | 'labels' | 'sortBy' | 'sortOrder'
>;

/** Remembers the last result and recomputes only when one of its inputs changed (by identity). */
function lastValue<Args extends readonly unknown[], R>(
  compute: (...args: Args) => R,
): (...args: Args) => R {
  let lastArgs: Args | null = null;
  let last!: R;
  return (...args: Args) => {
    if (
      lastArgs &&
      lastArgs.length === args.length &&
      lastArgs.every((arg, i) => Object.is(arg, args[i]))
    )
      return last;
    last = compute(...args);
    lastArgs = args;
    return last;
  };
}

function keepMatching(
  prepared: PreparedSummary,
  indexes: Int32Array,
  filter: LabelFilter,
  hidePassing: boolean,
): Int32Array {
  if (isEmptyLabelFilter(filter) && !hidePassing) return indexes;
  const out = new Int32Array(indexes.length);
  let n = 0;
  for (let i = 0; i < indexes.length; i++) {
    const c = indexes[i]!;
    if (hidePassing && prepared.healthy[c]) continue;
    if (!matchesLabelFilter(prepared.checks[c]!.labels, filter)) continue;
    out[n++] = c;
  }
  return out.subarray(0, n);
}

/**
 * The health page's pipeline, one memoized stage per input: summary → tab → label filter and Hide
 * Passing → sort → search → grouping. A keystroke reruns only search and grouping, and a query that
 * extends the previous one scans only the previous matches.
 */
export function createHealthViewModel() {
  const prepare = lastValue((checks: readonly CheckSummary[]) => prepareSummary(checks));
  const tabIndex = lastValue(buildTabIndex);
  const inTab = lastValue(checksInTab);
  const labelOptions = lastValue((prepared: PreparedSummary, indexes: Int32Array) =>
    collectLabelOptions(prepared.checks, indexes),
  );
  const labelFilter = lastValue(decodeLabelFilter);
  const matching = lastValue(
    (prepared: PreparedSummary, indexes: Int32Array, filter: LabelFilter) =>
      keepMatching(prepared, indexes, filter, false),
  );
  const visible = lastValue(
    (prepared: PreparedSummary, indexes: Int32Array, hidePassing: boolean) =>
      keepMatching(prepared, indexes, emptyLabelFilter, hidePassing),
  );
  const sorted = lastValue(
    (
      prepared: PreparedSummary,
      indexes: Int32Array,
      sortBy: HealthViewInput['sortBy'],
      sortOrder: HealthViewInput['sortOrder'],
    ) => sortIndexes(prepared, indexes, { sortBy, sortOrder }),
  );
  let searchBase: Int32Array | null = null;
  let lastQuery = '';
  let lastResult: Int32Array = new Int32Array(0);
  const search = (prepared: PreparedSummary, base: Int32Array, query: string): Int32Array => {
    if (base === searchBase && query === lastQuery) return lastResult;
    // Every haystack that contains the new query also contains the old one it extends.
    const candidates =
      base === searchBase && lastQuery !== '' && query.includes(lastQuery) ? lastResult : base;
    lastResult = searchIndexes(prepared.searchIndex, candidates, query);
    searchBase = base;
    lastQuery = query;
    return lastResult;
  };
  const groupIndex = lastValue(buildGroupIndex);
  const rows = lastValue(groupRows);

  return function computeHealthView(
    checks: readonly CheckSummary[],
    input: HealthViewInput,
    collapsed: ReadonlySet<string>,
  ): HealthView {
    const prepared = prepare(checks);
    const tabs = tabIndex(checks, input.tabBy);
    const tabChecks = inTab(tabs, input.tab);
    const filter = labelFilter(input.labels);
    const labelled = matching(prepared, tabChecks, filter);
    const shown = visible(prepared, labelled, input.hidePassing);
    const ordered = sorted(prepared, shown, input.sortBy, input.sortOrder);
    const found = search(prepared, ordered, normalizeSearch(input.search));
    const groups = input.groupBy === 'none' ? null : groupIndex(checks, input.groupBy);
    return {
      prepared,
      tabs: tabs.tabs,
      labelOptions: labelOptions(prepared, tabChecks),
      labelFilter: filter,
      rows: rows(
        prepared,
        found,
        input.groupBy,
        groups,
        sortOf(input.sortBy, input.sortOrder),
        collapsed,
      ),
      matchingLabels: labelled.length,
    };
  };
}

// One object per (sortBy, sortOrder) so the grouping memo sees the same sort as the same input.
const sorts = new Map<
  string,
  { sortBy: HealthViewInput['sortBy']; sortOrder: HealthViewInput['sortOrder'] }
>();
function sortOf(sortBy: HealthViewInput['sortBy'], sortOrder: HealthViewInput['sortOrder']) {
  const key = `${sortBy}:${sortOrder}`;
  let sort = sorts.get(key);
  if (!sort) sorts.set(key, (sort = { sortBy, sortOrder }));
  return sort;
}
