// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PAGE_SIZE,
  GRID_PAGE_SIZE_OPTIONS,
  PAGE_SIZE_OPTIONS,
  pageSizeOptionsFor,
  pageSizeStorageKey,
  parsePageSize,
  readStoredPageSize,
  storePageSize,
  type PageSizeStorage,
} from './pageSize.ts';

function memoryStorage(): PageSizeStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
  };
}

describe('page size options', () => {
  it('are the spec values, 50 by default, and 50/100/200 for the grid', () => {
    expect(PAGE_SIZE_OPTIONS).toEqual([5, 10, 25, 50, 100, 150, 200, 250, 300, 500, 1000]);
    expect(DEFAULT_PAGE_SIZE).toBe(50);
    expect(pageSizeOptionsFor('grid')).toEqual(GRID_PAGE_SIZE_OPTIONS);
    expect(GRID_PAGE_SIZE_OPTIONS).toEqual([50, 100, 200]);
  });

  it('parses only positive integers', () => {
    expect(parsePageSize('25')).toBe(25);
    expect(parsePageSize('0')).toBeUndefined();
    expect(parsePageSize('-5')).toBeUndefined();
    expect(parsePageSize('1.5')).toBeUndefined();
    expect(parsePageSize(null)).toBeUndefined();
  });
});

describe('remembered page size', () => {
  it('is kept per table', () => {
    const storage = memoryStorage();
    storePageSize(storage, 'checks', 100);
    storePageSize(storage, 'runs', 10);
    expect(readStoredPageSize(storage, 'checks', PAGE_SIZE_OPTIONS)).toBe(100);
    expect(readStoredPageSize(storage, 'runs', PAGE_SIZE_OPTIONS)).toBe(10);
    expect(storage.data.get(pageSizeStorageKey('checks'))).toBe('100');
  });

  it('ignores sizes the table does not offer and missing or blocked storage', () => {
    const storage = memoryStorage();
    storePageSize(storage, 'grid', 25);
    expect(readStoredPageSize(storage, 'grid', GRID_PAGE_SIZE_OPTIONS)).toBeUndefined();
    expect(readStoredPageSize(undefined, 'grid', PAGE_SIZE_OPTIONS)).toBeUndefined();
    const blocked: PageSizeStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(readStoredPageSize(blocked, 'checks', PAGE_SIZE_OPTIONS)).toBeUndefined();
    expect(() => storePageSize(blocked, 'checks', 50)).not.toThrow();
  });
});
