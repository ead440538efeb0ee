// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { statusColor } from './statusColor.ts';

describe('statusColor', () => {
  it.each([
    ['degraded', 'red'],
    ['missing', 'red'],
    ['unhealthy', 'red'],
    ['unknown', 'gray'],
    ['suspended', 'gray'],
    ['warning', 'orange'],
    ['mixed', 'orange'],
    ['healthy', 'green'],
    ['good', 'green'],
    ['', 'green'],
  ])('%s is %s', (status, color) => {
    expect(statusColor(status)).toBe(color);
  });

  it('ignores case and surrounding spaces', () => {
    expect(statusColor(' Unhealthy ')).toBe('red');
    expect(statusColor('SUSPENDED')).toBe('gray');
  });

  it('treats a missing status as green ("anything else")', () => {
    expect(statusColor(undefined)).toBe('green');
  });
});
