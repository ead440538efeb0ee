// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  clampPageIndex,
  nextVirtualPageSize,
  pageCountOf,
  pageIndexFromInput,
  pageRange,
} from './pagination.ts';

describe('pageCountOf', () => {
  it('rounds up and never goes under one page', () => {
    expect(pageCountOf(0, 50)).toBe(1);
    expect(pageCountOf(50, 50)).toBe(1);
    expect(pageCountOf(51, 50)).toBe(2);
    expect(pageCountOf(100_000, 50)).toBe(2000);
  });
});

describe('pageIndexFromInput', () => {
  it('turns the one-based input into a zero-based index clamped to 1..pageCount', () => {
    expect(pageIndexFromInput('3', 10)).toBe(2);
    expect(pageIndexFromInput('0', 10)).toBe(0);
    expect(pageIndexFromInput('-4', 10)).toBe(0);
    expect(pageIndexFromInput('99', 10)).toBe(9);
    expect(pageIndexFromInput(' 2 ', 10)).toBe(1);
  });

  it('is undefined for text that is not a number', () => {
    expect(pageIndexFromInput('', 10)).toBeUndefined();
    expect(pageIndexFromInput('abc', 10)).toBeUndefined();
  });
});

describe('clampPageIndex and pageRange', () => {
  it('keeps the index on an existing page', () => {
    expect(clampPageIndex(7, 3)).toBe(2);
    expect(clampPageIndex(-1, 3)).toBe(0);
    expect(clampPageIndex(0, 0)).toBe(0);
  });

  it('gives the first and last row numbers of a page', () => {
    expect(pageRange(0, 50, 120)).toEqual({ from: 1, to: 50 });
    expect(pageRange(2, 50, 120)).toEqual({ from: 101, to: 120 });
    expect(pageRange(0, 50, 0)).toEqual({ from: 0, to: 0 });
  });
});

describe('nextVirtualPageSize', () => {
  it('doubles the page size once the last loaded row is visible and more rows exist', () => {
    expect(
      nextVirtualPageSize({ lastVisibleIndex: 49, loadedRows: 50, pageSize: 50, totalRows: 500 }),
    ).toBe(100);
    expect(nextVirtualPageSize({ lastVisibleIndex: 99, loadedRows: 100, pageSize: 100 })).toBe(200);
  });

  it('waits until the last row is reached', () => {
    expect(
      nextVirtualPageSize({ lastVisibleIndex: 30, loadedRows: 50, pageSize: 50, totalRows: 500 }),
    ).toBeUndefined();
  });

  it('stops when every row is loaded or the source returned less than a page', () => {
    expect(
      nextVirtualPageSize({ lastVisibleIndex: 49, loadedRows: 50, pageSize: 50, totalRows: 50 }),
    ).toBeUndefined();
    expect(
      nextVirtualPageSize({ lastVisibleIndex: 29, loadedRows: 30, pageSize: 50 }),
    ).toBeUndefined();
    expect(
      nextVirtualPageSize({ lastVisibleIndex: -1, loadedRows: 0, pageSize: 50 }),
    ).toBeUndefined();
  });
});
