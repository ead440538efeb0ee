// Filters beside a table, under its URL scheme: each writes `{id}.{key}.filter` (the time range
// its `{id}.rangeType`/`timeRange`/`from`/`to`) and returns the table to its first page. They are
// ui's Select, MultiSelect, TriStateFilter and TimeRangePicker, so they sit on the overlay stack:
// Escape closes the open filter only, never a Modal around it.
import styled from 'styled-components';
import type { SelectOption } from '../Select/ListboxSelect.tsx';
import { MultiSelect } from '../MultiSelect/MultiSelect.tsx';
import { Select } from '../Select/Select.tsx';
import { TimeRangePicker } from '../TimeRangePicker/TimeRangePicker.tsx';
import { decodeTriState, encodeTriState } from '../TriState/triStateCodec.ts';
import { TriStateFilter, type TriStateFilterOption } from '../TriState/TriStateFilter.tsx';
import { decodeFilterList, encodeFilterList } from './filterValues.ts';
import { dataTableSlots } from './slots.ts';
import type { DataTableState } from './useDataTable.tsx';

const Slot = styled.div`
  display: contents;
`;

// A value no option can have: Select marks the "All" choice as picked while no filter is set.
const ALL = '\u0000all';

function checkedKey<TData>(dataTable: DataTableState<TData>, filterKey: string): string {
  // An undeclared key would be written but never read back: fail where the mistake is made.
  if (!dataTable.filterKeys.includes(filterKey)) {
    throw new Error(
      `ui: the filter '${filterKey}' is not in the table's filters (${dataTable.filterKeys.join(', ') || 'none'})`,
    );
  }
  return filterKey;
}

interface FilterPartProps<TData> {
  dataTable: DataTableState<TData>;
  /** The key in `{id}.{key}.filter`; must be in the table's `filters`. */
  filterKey: string;
  label: string;
  disabled?: boolean;
}

export interface DataTableSelectFilterProps<TData> extends FilterPartProps<TData> {
  options: readonly SelectOption[];
  /** Several values at once (`a,b` in the URL, matched by `multiSelectFilterFn` in client mode). */
  multiple?: boolean;
  /** The choice that clears a single select (default 'All'). */
  allLabel?: string;
}

export function DataTableSelectFilter<TData>({
  dataTable,
  filterKey,
  label,
  options,
  multiple = false,
  allLabel = 'All',
  disabled,
}: DataTableSelectFilterProps<TData>) {
  const key = checkedKey(dataTable, filterKey);
  const value = dataTable.query.filters[key] ?? '';
  return (
    <Slot data-slot={dataTableSlots.selectFilter}>
      {multiple ? (
        <MultiSelect
          label={label}
          options={options}
          value={decodeFilterList(value)}
          placeholder={allLabel}
          selectAllLabel={null}
          disabled={disabled}
          onChange={(values) => dataTable.setFilter(key, encodeFilterList(values))}
        />
      ) : (
        <Select
          label={label}
          options={[{ value: ALL, label: allLabel }, ...options]}
          value={value === '' ? ALL : value}
          disabled={disabled}
          onChange={(picked) => dataTable.setFilter(key, picked === ALL ? '' : picked)}
        />
      )}
    </Slot>
  );
}

export interface DataTableTriStateFilterProps<TData> extends FilterPartProps<TData> {
  options: readonly TriStateFilterOption[];
  /** Options are `key=value` tags: choosing one replaces the option with the same key. */
  tagMode?: boolean;
  placeholder?: string;
}

/** Include/exclude values, in the spec's tri-state form (`failed:1,running:-1`). */
export function DataTableTriStateFilter<TData>({
  dataTable,
  filterKey,
  label,
  options,
  tagMode,
  placeholder,
  disabled,
}: DataTableTriStateFilterProps<TData>) {
  const key = checkedKey(dataTable, filterKey);
  return (
    <Slot data-slot={dataTableSlots.triStateFilter}>
      <TriStateFilter
        label={label}
        options={options}
        value={decodeTriState(dataTable.query.filters[key])}
        tagMode={tagMode}
        placeholder={placeholder}
        disabled={disabled}
        onChange={(selection) => dataTable.setFilter(key, encodeTriState(selection))}
      />
    </Slot>
  );
}

export interface DataTableTimeRangeFilterProps<TData> {
  dataTable: DataTableState<TData>;
  label?: string;
  /** An empty range reads 'Indefinitely'. */
  allowIndefinite?: boolean;
  /** What an empty range reads instead of 'Indefinitely' (TimeRangePicker's indefiniteLabel). */
  indefiniteLabel?: string;
  showFutureTimeRanges?: boolean;
  disabled?: boolean;
}

/**
 * The table's time range, under its prefix (`{id}.rangeType`, `{id}.timeRange`, ...); the fetch
 * reads `query.timeRange`, client mode filters the `timeRangeColumn`.
 */
export function DataTableTimeRangeFilter<TData>({
  dataTable,
  label = 'Time range',
  allowIndefinite = true,
  indefiniteLabel,
  showFutureTimeRanges,
  disabled,
}: DataTableTimeRangeFilterProps<TData>) {
  return (
    <Slot data-slot={dataTableSlots.timeRangeFilter}>
      <TimeRangePicker
        label={label}
        value={dataTable.timeRange}
        onChange={dataTable.setTimeRange}
        allowIndefinite={allowIndefinite}
        {...(indefiniteLabel ? { indefiniteLabel } : {})}
        showFutureTimeRanges={showFutureTimeRanges}
        disabled={disabled}
      />
    </Slot>
  );
}
