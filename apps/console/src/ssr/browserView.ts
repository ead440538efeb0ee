// The view of this browser (ssr/view.ts) as a server render would have to reproduce it, and the
// cookie that tells the server.

import { isThemeModePreference, resolveThemeMode } from '@opsdeck/ui';
import { readSidebarCollapsed, sidebarLayout } from '../navigation/collapse.ts';
import {
  formatView,
  isRememberedChoice,
  THEME_STORAGE_KEY,
  VIEW_COOKIE,
  type ConsoleView,
} from './view.ts';

function storedKeys(): string[] {
  try {
    return Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i) ?? '');
  } catch {
    return []; // blocked storage: nothing is remembered
  }
}

function storedTheme(): string | null {
  try {
    return localStorage.getItem(THEME_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** What this browser shows now: the theme it resolves to, the sidebar's layout, what it remembers. */
export function browserView(): ConsoleView {
  const stored = storedTheme();
  const prefersDark =
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-color-scheme: dark)').matches;
  const layout = sidebarLayout(window.innerWidth);
  return {
    theme: resolveThemeMode(isThemeModePreference(stored) ? stored : 'system', prefersDark),
    sidebar: layout === 'docked' && readSidebarCollapsed() ? 'collapsed' : layout,
    remembered: storedKeys().some(isRememberedChoice),
  };
}

/** Tells the server this browser's view, for the next page it renders (a year; the whole site). */
export function reportView(view: ConsoleView = browserView()): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${VIEW_COOKIE}=${formatView(view)}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}
