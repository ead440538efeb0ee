import type { ThemeMode } from './themes.ts';

/** What the user chose: a fixed mode, or follow the operating system. */
export type ThemeModePreference = ThemeMode | 'system';

export function resolveThemeMode(
  preference: ThemeModePreference,
  systemPrefersDark: boolean,
): ThemeMode {
  if (preference === 'system') return systemPrefersDark ? 'dark' : 'light';
  return preference;
}

export function isThemeModePreference(value: unknown): value is ThemeModePreference {
  return value === 'system' || value === 'light' || value === 'dark';
}
