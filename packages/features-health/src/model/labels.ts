import type { CheckSummary } from '@opsdeck/api-client/health';
import { decodeTriStateEntries, encodeTriStateEntries, type TriStateValue } from '@opsdeck/ui';

export interface LabelOption {
  key: string;
  /** Distinct values in the current tab, sorted. */
  values: string[];
  /** Every value is 'true' or 'false': offered as one tri-state toggle. */
  boolean: boolean;
}

/**
 * A label filter: per key the values to include (any of them) and to exclude (none of them).
 * A boolean label's tri-state is its 'true' value included (1) or excluded (-1).
 */
export interface LabelFilter {
  include: ReadonlyMap<string, ReadonlySet<string>>;
  exclude: ReadonlyMap<string, ReadonlySet<string>>;
}

export const emptyLabelFilter: LabelFilter = { include: new Map(), exclude: new Map() };

/** The labels present on `checks[i]` for every i in `indexes`, as filter options sorted by key. */
export function collectLabelOptions(
  checks: readonly CheckSummary[],
  indexes: Int32Array,
): LabelOption[] {
  const byKey = new Map<string, Set<string>>();
  for (let i = 0; i < indexes.length; i++) {
    const labels = checks[indexes[i]!]!.labels;
    if (!labels) continue;
    for (const key in labels) {
      let values = byKey.get(key);
      if (!values) byKey.set(key, (values = new Set()));
      values.add(labels[key]!);
    }
  }
  const options: LabelOption[] = [];
  for (const [key, set] of byKey) {
    const values = [...set].sort();
    options.push({
      key,
      values,
      boolean: values.every((value) => value === 'true' || value === 'false'),
    });
  }
  return options.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

const separator = '=';

/** Reads the `labels` URL parameter: tri-state entries of 'key=value' (spec §3 escaping). */
export function decodeLabelFilter(text: string | null | undefined): LabelFilter {
  const include = new Map<string, Set<string>>();
  const exclude = new Map<string, Set<string>>();
  for (const [item, state] of decodeTriStateEntries(text)) {
    const at = item.indexOf(separator);
    if (at <= 0) continue;
    const key = item.slice(0, at);
    const target = state === 1 ? include : exclude;
    let values = target.get(key);
    if (!values) target.set(key, (values = new Set()));
    values.add(item.slice(at + 1));
  }
  return include.size || exclude.size ? { include, exclude } : emptyLabelFilter;
}

export function encodeLabelFilter(filter: LabelFilter): string {
  const entries: Array<[string, TriStateValue]> = [];
  for (const [key, values] of filter.include)
    for (const value of values) entries.push([`${key}${separator}${value}`, 1]);
  for (const [key, values] of filter.exclude)
    for (const value of values) entries.push([`${key}${separator}${value}`, -1]);
  return encodeTriStateEntries(entries);
}

export function isEmptyLabelFilter(filter: LabelFilter): boolean {
  return filter.include.size === 0 && filter.exclude.size === 0;
}

/** How many label keys the filter narrows by (a key both included and excluded counts once). */
export function filteredLabelCount(filter: LabelFilter): number {
  return new Set([...filter.include.keys(), ...filter.exclude.keys()]).size;
}

function withValues(
  map: ReadonlyMap<string, ReadonlySet<string>>,
  key: string,
  values: readonly string[],
): Map<string, ReadonlySet<string>> {
  const next = new Map(map);
  if (values.length) next.set(key, new Set(values));
  else next.delete(key);
  return next;
}

/** The multi-select of a non-boolean label: checks with any of `values` for `key` (none: no filter). */
export function setLabelValues(
  filter: LabelFilter,
  key: string,
  values: readonly string[],
): LabelFilter {
  return {
    include: withValues(filter.include, key, values),
    exclude: withValues(filter.exclude, key, []),
  };
}

/** The tri-state of a boolean label: 1 keeps checks whose label is 'true', -1 drops them, 0 clears. */
export function setBooleanLabel(
  filter: LabelFilter,
  key: string,
  state: TriStateValue,
): LabelFilter {
  return {
    include: withValues(filter.include, key, state === 1 ? ['true'] : []),
    exclude: withValues(filter.exclude, key, state === -1 ? ['true'] : []),
  };
}

export function booleanLabelState(filter: LabelFilter, key: string): TriStateValue {
  if (filter.include.get(key)?.has('true')) return 1;
  if (filter.exclude.get(key)?.has('true')) return -1;
  return 0;
}

export function selectedLabelValues(filter: LabelFilter, key: string): string[] {
  return [...(filter.include.get(key) ?? [])];
}

export function matchesLabelFilter(
  labels: Readonly<Record<string, string>> | null | undefined,
  filter: LabelFilter,
): boolean {
  for (const [key, values] of filter.include) {
    const value = labels?.[key];
    if (value === undefined || !values.has(value)) return false;
  }
  for (const [key, values] of filter.exclude) {
    const value = labels?.[key];
    if (value !== undefined && values.has(value)) return false;
  }
  return true;
}
