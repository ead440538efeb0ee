// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { readTableUrlState, tableParamNames, writeTableUrlState } from './urlState.ts';

const createdAtDesc = { id: 'created_at', desc: true };

describe('readTableUrlState', () => {
  it('reads sortBy/sortOrder, {key}.filter, pageIndex and pageSize', () => {
    const params = new URLSearchParams(
      'sortBy=name&sortOrder=desc&status.filter=healthy&pageIndex=3&pageSize=100&q=x',
    );
    expect(readTableUrlState(params)).toEqual({
      sorting: [{ id: 'name', desc: true }],
      columnFilters: [{ id: 'status', value: 'healthy' }],
      pageIndex: 3,
      pageSize: 100,
    });
  });

  it('falls back to the default sort, page 0 and no page size', () => {
    expect(readTableUrlState(new URLSearchParams(), { defaultSort: createdAtDesc })).toEqual({
      sorting: [createdAtDesc],
      columnFilters: [],
      pageIndex: 0,
      pageSize: undefined,
    });
  });

  it('sorts ascending when sortOrder is missing or invalid and ignores bad numbers', () => {
    const state = readTableUrlState(
      new URLSearchParams('sortBy=name&sortOrder=sideways&pageIndex=-1&pageSize=abc'),
    );
    expect(state.sorting).toEqual([{ id: 'name', desc: false }]);
    expect(state.pageIndex).toBe(0);
    expect(state.pageSize).toBeUndefined();
  });

  it('keeps two tables apart by prefix', () => {
    const params = new URLSearchParams(
      'checks.sortBy=name&checks.sortOrder=asc&runs.sortBy=status&runs.pageIndex=2&runs.status.filter=FAILED',
    );
    expect(readTableUrlState(params, { prefix: 'checks.' }).sorting).toEqual([
      { id: 'name', desc: false },
    ]);
    const runs = readTableUrlState(params, { prefix: 'runs.' });
    expect(runs.sorting).toEqual([{ id: 'status', desc: false }]);
    expect(runs.pageIndex).toBe(2);
    expect(runs.columnFilters).toEqual([{ id: 'status', value: 'FAILED' }]);
    expect(readTableUrlState(params, { prefix: 'checks.' }).columnFilters).toEqual([]);
  });

  it('reads only the filter keys it is told about', () => {
    const params = new URLSearchParams('name.filter=api&other.filter=x&empty.filter=');
    expect(readTableUrlState(params, { filterKeys: ['name', 'empty'] }).columnFilters).toEqual([
      { id: 'name', value: 'api' },
    ]);
  });
});

describe('writeTableUrlState', () => {
  it('writes sorting and keeps unrelated params', () => {
    const next = writeTableUrlState(new URLSearchParams('q=x'), {
      sorting: [{ id: 'name', desc: false }],
    });
    expect(next.toString()).toBe('q=x&sortBy=name&sortOrder=asc');
    expect(writeTableUrlState(next, { sorting: [] }).toString()).toBe('q=x');
  });

  it('replaces filters and drops the page index when sort or filters change', () => {
    const params = new URLSearchParams('name.filter=a&pageIndex=4&pageSize=25');
    const next = writeTableUrlState(params, {
      columnFilters: [
        { id: 'status', value: 'FAILED' },
        { id: 'name', value: '' },
      ],
    });
    expect(next.toString()).toBe('pageSize=25&status.filter=FAILED');
    expect(writeTableUrlState(params, { sorting: [createdAtDesc] }).has('pageIndex')).toBe(false);
  });

  it('writes page index (omitting page 0) and page size', () => {
    const names = tableParamNames('t.');
    const next = writeTableUrlState(
      new URLSearchParams(),
      { pageIndex: 2, pageSize: 100 },
      { prefix: 't.' },
    );
    expect(next.get(names.pageIndex)).toBe('2');
    expect(next.get(names.pageSize)).toBe('100');
    expect(writeTableUrlState(next, { pageIndex: 0 }, { prefix: 't.' }).has(names.pageIndex)).toBe(
      false,
    );
  });

  it("leaves another table's filters alone when its filter keys are known", () => {
    const params = new URLSearchParams('runs.status.filter=FAILED&name.filter=a');
    const next = writeTableUrlState(params, { columnFilters: [] }, { filterKeys: ['name'] });
    expect(next.toString()).toBe('runs.status.filter=FAILED');
  });

  it('round-trips through readTableUrlState', () => {
    const state = {
      sorting: [{ id: 'created_at', desc: true }],
      columnFilters: [{ id: 'name', value: 'a,b & c' }],
      pageIndex: 5,
      pageSize: 200,
    };
    expect(readTableUrlState(writeTableUrlState(new URLSearchParams(), state))).toEqual(state);
  });
});
