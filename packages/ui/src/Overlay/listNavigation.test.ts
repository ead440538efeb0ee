// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { moveActiveIndex } from './listNavigation.ts';

// Items 0..4 with 1 and 4 disabled.
const enabled = [0, 2, 3];

describe('moveActiveIndex', () => {
  it('steps over disabled items and stops at the ends of a listbox', () => {
    expect(moveActiveIndex('ArrowDown', enabled, 0, false)).toBe(2);
    expect(moveActiveIndex('ArrowDown', enabled, 3, false)).toBe(3);
    expect(moveActiveIndex('ArrowUp', enabled, 2, false)).toBe(0);
    expect(moveActiveIndex('ArrowUp', enabled, 0, false)).toBe(0);
  });

  it('wraps around in a menu', () => {
    expect(moveActiveIndex('ArrowDown', enabled, 3, true)).toBe(0);
    expect(moveActiveIndex('ArrowUp', enabled, 0, true)).toBe(3);
  });

  it('goes to the first and last enabled item with Home and End', () => {
    expect(moveActiveIndex('Home', enabled, 3, false)).toBe(0);
    expect(moveActiveIndex('End', enabled, 0, true)).toBe(3);
  });

  it('leaves other keys to the caller and stays put with nothing enabled', () => {
    expect(moveActiveIndex('Enter', enabled, 0, false)).toBeUndefined();
    expect(moveActiveIndex('a', enabled, 0, true)).toBeUndefined();
    expect(moveActiveIndex('ArrowDown', [], 2, true)).toBe(2);
    expect(moveActiveIndex('End', [], 2, false)).toBe(2);
  });
});
