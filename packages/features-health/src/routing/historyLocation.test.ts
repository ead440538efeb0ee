import { describe, expect, it } from 'vitest';
import { isModifiedClick, withSearch } from './historyLocation.ts';

describe('withSearch', () => {
  it('replaces the query and keeps the path and hash', () => {
    expect(withSearch({ pathname: '/ops/health', hash: '#top' }, new URLSearchParams('a=1&b=two words'))).toBe('/ops/health?a=1&b=two+words#top');
  });
  it('drops the question mark when nothing is left', () => {
    expect(withSearch({ pathname: '/health', hash: '' }, new URLSearchParams())).toBe('/health');
  });
});

describe('isModifiedClick', () => {
  const plain = { button: 0, metaKey: false, altKey: false, ctrlKey: false, shiftKey: false, defaultPrevented: false };
  it('leaves new-tab, middle and handled clicks to the browser', () => {
    expect(isModifiedClick(plain)).toBe(false);
    expect(isModifiedClick({ ...plain, ctrlKey: true })).toBe(true);
    expect(isModifiedClick({ ...plain, metaKey: true })).toBe(true);
    expect(isModifiedClick({ ...plain, button: 1 })).toBe(true);
    expect(isModifiedClick({ ...plain, defaultPrevented: true })).toBe(true);
  });
});
