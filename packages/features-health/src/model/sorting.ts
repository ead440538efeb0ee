import { uptimePercent } from './uptime.ts';
import type { PreparedSummary } from './prepared.ts';

/** The table's sortable columns: Checks, Health, Uptime, Latency, Transition. */
export const sortColumns = ['name', 'health', 'uptime', 'latency', 'transition'] as const;
export type SortBy = (typeof sortColumns)[number];
export type SortOrder = 'asc' | 'desc';
export interface HealthSort {
  sortBy: SortBy;
  sortOrder: SortOrder;
}
export const defaultSort: HealthSort = { sortBy: 'name', sortOrder: 'asc' };

export function isSortBy(value: string): value is SortBy {
  return (sortColumns as readonly string[]).includes(value);
}

/** A numeric key per check for `sortBy` (NaN: no value, sorts last either way). */
function numericKeys(prepared: PreparedSummary, sortBy: Exclude<SortBy, 'name'>): Float64Array {
  switch (sortBy) {
    case 'latency':
      return prepared.latency;
    case 'transition':
      return prepared.transitionMs;
    case 'health':
      // Ascending puts unhealthy (0) first: what an operator looks for.
      return Float64Array.from(prepared.healthy);
    case 'uptime': {
      const keys = new Float64Array(prepared.checks.length);
      for (let i = 0; i < keys.length; i++)
        keys[i] = uptimePercent(prepared.checks[i]!.uptime) ?? Number.NaN;
      return keys;
    }
  }
}

/** `indexes` sorted by the column (ties by name, then summary order), as a new array. */
export function sortIndexes(
  prepared: PreparedSummary,
  indexes: Int32Array,
  sort: HealthSort,
): Int32Array {
  const out = Int32Array.from(indexes);
  const sign = sort.sortOrder === 'desc' ? -1 : 1;
  const { lowerNames } = prepared;
  const byName = (a: number, b: number) => {
    const x = lowerNames[a]!;
    const y = lowerNames[b]!;
    return x < y ? -1 : x > y ? 1 : a - b;
  };
  if (sort.sortBy === 'name') return out.sort((a, b) => sign * byName(a, b));
  const keys = numericKeys(prepared, sort.sortBy);
  return out.sort((a, b) => {
    const x = keys[a]!;
    const y = keys[b]!;
    const xMissing = Number.isNaN(x);
    const yMissing = Number.isNaN(y);
    if (xMissing || yMissing) return xMissing === yMissing ? byName(a, b) : xMissing ? 1 : -1;
    return x === y ? byName(a, b) : sign * (x - y);
  });
}
