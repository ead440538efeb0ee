// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isThemeModePreference, resolveThemeMode } from './mode.ts';

describe('resolveThemeMode', () => {
  it('follows the OS when the preference is system', () => {
    expect(resolveThemeMode('system', true)).toBe('dark');
    expect(resolveThemeMode('system', false)).toBe('light');
  });

  it('keeps an explicit choice whatever the OS says', () => {
    expect(resolveThemeMode('light', true)).toBe('light');
    expect(resolveThemeMode('dark', false)).toBe('dark');
  });

  it('recognises only the three preferences', () => {
    expect(isThemeModePreference('dark')).toBe(true);
    expect(isThemeModePreference('sepia')).toBe(false);
    expect(isThemeModePreference(null)).toBe(false);
  });
});
