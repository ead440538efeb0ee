// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isModifiedClick } from './modifiedClick.ts';

describe('isModifiedClick', () => {
  const plain = {
    button: 0,
    metaKey: false,
    altKey: false,
    ctrlKey: false,
    shiftKey: false,
    defaultPrevented: false,
  };
  it('leaves new-tab, middle and handled clicks to the browser', () => {
    expect(isModifiedClick(plain)).toBe(false);
    expect(isModifiedClick({ ...plain, ctrlKey: true })).toBe(true);
    expect(isModifiedClick({ ...plain, metaKey: true })).toBe(true);
    expect(isModifiedClick({ ...plain, button: 1 })).toBe(true);
    expect(isModifiedClick({ ...plain, defaultPrevented: true })).toBe(true);
  });
});
