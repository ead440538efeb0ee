import type { CheckSummary } from '@opsdeck/api-client/health';
import { checkAgent } from './checkFields.ts';
import type { PreparedSummary } from './prepared.ts';
import { labelKeyOf } from './tabs.ts';
import type { HealthSort } from './sorting.ts';

/** Group By: none, group name (canary_name, the default), name, description, type, agent, or 'label:{key}'. */
export type GroupBy =
  'none' | 'canary_name' | 'name' | 'description' | 'type' | 'agent' | `label:${string}`;
export const defaultGroupBy: GroupBy = 'canary_name';
const fixedGroupBys: readonly string[] = [
  'none',
  'canary_name',
  'name',
  'description',
  'type',
  'agent',
];

export function isGroupBy(value: string): value is GroupBy {
  return fixedGroupBys.includes(value) || labelKeyOf(value) !== null;
}

/** Aggregate health of a group (spec §4): all healthy good, none healthy bad, else mixed. */
export type GroupAggregate = 'good' | 'mixed' | 'bad';

export interface HealthGroup {
  /** The grouped-by value ('' when the checks have none). */
  key: string;
  count: number;
  healthy: number;
  aggregate: GroupAggregate;
  passed: number;
  failed: number;
  /** The slowest member's latency. */
  latency: number | null;
  /** The latest transition of a member, epoch ms (NaN: none). */
  lastTransitionMs: number;
}

export function groupValueOf(check: CheckSummary, groupBy: GroupBy): string {
  switch (groupBy) {
    case 'none':
      return '';
    case 'canary_name':
      return check.canary_name ?? '';
    case 'name':
      return check.name;
    case 'description':
      return check.description ?? '';
    case 'type':
      return check.type;
    case 'agent':
      return checkAgent(check);
    default:
      return check.labels?.[groupBy.slice(6)] ?? '';
  }
}

/** Per check its group number, and the group keys: computed once per summary and Group By. */
export interface GroupIndex {
  groupOf: Int32Array;
  keys: string[];
  /** The keys lowercased, for ordering groups by name without lowercasing in the comparator. */
  lowerKeys: string[];
}

export function buildGroupIndex(checks: readonly CheckSummary[], groupBy: GroupBy): GroupIndex {
  const groupOf = new Int32Array(checks.length);
  const keys: string[] = [];
  const ids = new Map<string, number>();
  for (let i = 0; i < checks.length; i++) {
    const key = groupValueOf(checks[i]!, groupBy);
    let id = ids.get(key);
    if (id === undefined) {
      id = keys.length;
      ids.set(key, id);
      keys.push(key);
    }
    groupOf[i] = id;
  }
  return { groupOf, keys, lowerKeys: keys.map((key) => key.toLowerCase()) };
}

/**
 * The rows to render: an entry >= 0 is a check index, an entry < 0 is group number -(entry + 1).
 * Typed arrays keep 50,000 rows from becoming 50,000 objects on every keystroke.
 */
export interface HealthRows {
  rows: Int32Array;
  groups: HealthGroup[];
  /** Checks shown or folded into collapsed groups. */
  checkCount: number;
}

export function isGroupRow(entry: number): boolean {
  return entry < 0;
}

export function groupNumberOf(entry: number): number {
  return -entry - 1;
}

/**
 * Groups the (already sorted) `indexes`, keeping their order inside each group. Sorting by name
 * orders groups by key; any other column orders them by their first (best-ranked) member.
 */
export function groupRows(
  prepared: PreparedSummary,
  indexes: Int32Array,
  groupBy: GroupBy,
  groupIndex: GroupIndex | null,
  sort: HealthSort,
  collapsed: ReadonlySet<string> = new Set(),
): HealthRows {
  if (groupBy === 'none' || !groupIndex)
    return { rows: indexes, groups: [], checkCount: indexes.length };
  const { groupOf, keys, lowerKeys } = groupIndex;
  const total = keys.length;
  const counts = new Int32Array(total);
  const order: number[] = [];
  for (let i = 0; i < indexes.length; i++) {
    const g = groupOf[indexes[i]!]!;
    if (counts[g] === 0) order.push(g);
    counts[g]!++;
  }
  if (sort.sortBy === 'name') {
    const sign = sort.sortOrder === 'desc' ? -1 : 1;
    order.sort((a, b) => {
      const x = lowerKeys[a]!;
      const y = lowerKeys[b]!;
      return x < y ? -sign : x > y ? sign : a - b;
    });
  }
  // Each group's slot in the output, then a single pass drops every check into place.
  const groupNumber = new Int32Array(total).fill(-1);
  const start = new Int32Array(total);
  // Collapsed looked up once per group, not once per check.
  const folded = new Uint8Array(total);
  const groups: HealthGroup[] = [];
  let cursor = 0;
  for (const g of order) {
    const key = keys[g]!;
    groupNumber[g] = groups.length;
    groups.push({
      key,
      count: counts[g]!,
      healthy: 0,
      aggregate: 'good',
      passed: 0,
      failed: 0,
      latency: null,
      lastTransitionMs: Number.NaN,
    });
    cursor++; // the group row
    start[g] = cursor;
    if (collapsed.has(key)) folded[g] = 1;
    else cursor += counts[g]!;
  }
  const rows = new Int32Array(cursor);
  const fill = Int32Array.from(start);
  for (const g of order) rows[start[g]! - 1] = -(groupNumber[g]! + 1);
  for (let i = 0; i < indexes.length; i++) {
    const c = indexes[i]!;
    const g = groupOf[c]!;
    const group = groups[groupNumber[g]!]!;
    group.healthy += prepared.healthy[c]!;
    group.passed += prepared.passed[c]!;
    group.failed += prepared.failed[c]!;
    const latency = prepared.latency[c]!;
    if (!Number.isNaN(latency) && (group.latency === null || latency > group.latency))
      group.latency = latency;
    const transition = prepared.transitionMs[c]!;
    // NaN compares false both ways: a group without a transition yet takes the first one.
    if (!Number.isNaN(transition) && !(transition <= group.lastTransitionMs))
      group.lastTransitionMs = transition;
    if (!folded[g]) rows[fill[g]!++] = c;
  }
  for (const group of groups)
    group.aggregate =
      group.healthy === group.count ? 'good' : group.healthy === 0 ? 'bad' : 'mixed';
  return { rows, groups, checkCount: indexes.length };
}
