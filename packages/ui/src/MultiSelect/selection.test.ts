// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isAllSelected, SELECT_ALL, toggleSelection } from './selection.ts';

const all = ['healthy', 'unhealthy', 'unknown'];

describe('toggleSelection', () => {
  it('selects everything when select-all is picked', () => {
    expect(toggleSelection([], SELECT_ALL, all)).toEqual(all);
    expect(toggleSelection(['unknown'], SELECT_ALL, all)).toEqual(all);
  });

  it('clears everything when select-all is removed', () => {
    expect(toggleSelection(all, SELECT_ALL, all)).toEqual([]);
  });

  it('toggles single options and keeps option order', () => {
    expect(toggleSelection(['unknown'], 'healthy', all)).toEqual(['healthy', 'unknown']);
    expect(toggleSelection(['healthy', 'unknown'], 'healthy', all)).toEqual(['unknown']);
  });

  it('drops values that are not options', () => {
    expect(toggleSelection(['gone'], 'healthy', all)).toEqual(['healthy']);
  });
});

describe('isAllSelected', () => {
  it('is true only when every option is selected', () => {
    expect(isAllSelected(all, all)).toBe(true);
    expect(isAllSelected(['healthy'], all)).toBe(false);
    expect(isAllSelected([], [])).toBe(false);
  });
});
