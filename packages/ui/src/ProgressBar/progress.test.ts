// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { clampProgress, progressColor } from './progress.ts';

describe('clampProgress', () => {
  it('keeps the value between 5 and 100', () => {
    expect(clampProgress(0)).toBe(5);
    expect(clampProgress(-20)).toBe(5);
    expect(clampProgress(42)).toBe(42);
    expect(clampProgress(150)).toBe(100);
    expect(clampProgress(Number.NaN)).toBe(5);
  });
});

describe('progressColor', () => {
  it.each([
    [10, 'green'],
    [75, 'green'],
    [75.5, 'orange'],
    [90, 'orange'],
    [91, 'red'],
    [250, 'red'],
  ])('%s is %s', (value, color) => {
    expect(progressColor(value)).toBe(color);
  });
});
