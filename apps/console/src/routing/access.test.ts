import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './access.ts';

describe('safeReturnTo', () => {
  it('keeps a path on this site, with its query', () => {
    expect(safeReturnTo('/health?search=dns&tab=all')).toBe('/health?search=dns&tab=all');
  });

  it('falls back to / for anything that could leave the site', () => {
    for (const value of [
      null,
      undefined,
      '',
      'health',
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
    ]) {
      expect(safeReturnTo(value), String(value)).toBe('/');
    }
  });
});
