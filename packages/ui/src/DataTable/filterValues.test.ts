// @vitest-environment node
import { createColumnHelper, createTable, getCoreRowModel } from '@tanstack/react-table';
import { describe, expect, it } from 'vitest';
import {
  decodeFilterList,
  encodeFilterList,
  multiSelectFilterFn,
  selectFilterFn,
  triStateFilterFn,
} from './filterValues.ts';
import { readPrefixedTimeRange, writePrefixedTimeRange } from './timeRangeUrl.ts';
import { readTableUrlState, writeTableUrlState } from './urlState.ts';

interface Check {
  status: string;
  tags: string[];
}

const column = createColumnHelper<Check>();
function rowsOf(data: Check[]) {
  const table = createTable({
    data,
    columns: [column.accessor('status', {}), column.accessor('tags', {})],
    getCoreRowModel: getCoreRowModel(),
    state: {},
    onStateChange: () => undefined,
    renderFallbackValue: null,
  });
  return table.getCoreRowModel().rows;
}

const [healthy, unhealthy] = rowsOf([
  { status: 'healthy', tags: ['env=prod', 'team:a,b'] },
  { status: 'unhealthy', tags: ['env=dev'] },
]);

describe('filter values', () => {
  it('keep commas and colons inside multi-select values through the URL', () => {
    const values = ['team:a,b', 'plain'];
    const encoded = encodeFilterList(values);
    expect(encoded.split(',')).toHaveLength(2);
    expect(decodeFilterList(encoded)).toEqual(values);
    expect(decodeFilterList('')).toEqual([]);
  });

  it('match rows in client mode as the filter parts write them', () => {
    expect(selectFilterFn(healthy!, 'status', 'healthy')).toBe(true);
    // Equality, not "contains": 'healthy' is inside 'unhealthy'.
    expect(selectFilterFn(unhealthy!, 'status', 'healthy')).toBe(false);
    expect(multiSelectFilterFn(unhealthy!, 'status', 'healthy,unhealthy')).toBe(true);
    expect(multiSelectFilterFn(healthy!, 'tags', encodeFilterList(['team:a,b']))).toBe(true);
    expect(triStateFilterFn(healthy!, 'tags', 'env=prod:-1')).toBe(false);
    expect(triStateFilterFn(unhealthy!, 'tags', 'env=prod:-1')).toBe(true);
    expect(triStateFilterFn(unhealthy!, 'status', 'healthy:1')).toBe(false);
    expect(triStateFilterFn(healthy!, 'status', 'healthy:1,unhealthy:-1')).toBe(true);
  });
});

describe('hidden columns and the time range in the URL', () => {
  it('round-trips hidden columns under the prefix; absent means the defaults, empty means none', () => {
    const written = writeTableUrlState(
      new URLSearchParams('runs.pageIndex=3'),
      { hiddenColumns: ['team', 'latency_ms'] },
      { prefix: 'runs.' },
    );
    expect(written.get('runs.hidden')).toBe('team,latency_ms');
    // Columns are not rows: the page stays.
    expect(written.get('runs.pageIndex')).toBe('3');
    expect(readTableUrlState(written, { prefix: 'runs.' }).hiddenColumns).toEqual([
      'team',
      'latency_ms',
    ]);
    expect(readTableUrlState(new URLSearchParams(), { prefix: 'runs.' }).hiddenColumns).toBe(
      undefined,
    );
    expect(
      readTableUrlState(new URLSearchParams('runs.hidden='), { prefix: 'runs.' }).hiddenColumns,
    ).toEqual([]);
  });

  it('keeps each table’s time range under its own prefix', () => {
    const params = writePrefixedTimeRange(new URLSearchParams('timeRange=now-1h'), 'runs.', {
      type: 'relative',
      display: '2 days',
      range: 'now-2d',
    });
    expect(params.toString()).toBe(
      'timeRange=now-1h&runs.rangeType=relative&runs.timeRange=now-2d',
    );
    expect(readPrefixedTimeRange(params, 'runs.')).toMatchObject({
      type: 'relative',
      range: 'now-2d',
    });
    expect(readPrefixedTimeRange(params, 'jobs.')).toBe(undefined);
    expect(writePrefixedTimeRange(params, 'runs.', undefined).toString()).toBe('timeRange=now-1h');
  });
});
