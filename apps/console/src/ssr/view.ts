// What a server render of the console cannot see for itself (the theme a browser shows, how its
// sidebar sits, what it remembers in localStorage), as the browser last told it in a cookie. The
// server renders a page only for a view it can reproduce; the browser checks that the view it has
// now is the one the page was rendered for before hydrating, and renders from scratch otherwise.
// Plain functions, no React and no DOM: the server entry and main.tsx both use them.

import { SIDEBAR_STORAGE_KEY, type SidebarLayout } from '../navigation/collapse.ts';

export const VIEW_COOKIE = 'opsdeck_view';

export type ViewTheme = 'light' | 'dark';
/** The sidebar's layout, with a docked sidebar the user folded as `collapsed`. */
export type ViewSidebar = SidebarLayout | 'collapsed';

export interface ConsoleView {
  theme: ViewTheme;
  sidebar: ViewSidebar;
  /** localStorage holds a choice a first render reads (a table's page size, a refresh rate…). */
  remembered: boolean;
}

const SIDEBARS: readonly ViewSidebar[] = ['docked', 'collapsed', 'rail', 'drawer'];

/** The cookie's value: `light.docked`, `dark.collapsed.remembered`. */
export function formatView(view: ConsoleView): string {
  return [view.theme, view.sidebar, ...(view.remembered ? ['remembered'] : [])].join('.');
}

export function parseView(value: string | undefined): ConsoleView | undefined {
  if (!value) return undefined;
  const [theme, sidebar, ...rest] = value.split('.');
  if (theme !== 'light' && theme !== 'dark') return undefined;
  if (!SIDEBARS.includes(sidebar as ViewSidebar)) return undefined;
  if (rest.length > 1 || (rest.length === 1 && rest[0] !== 'remembered')) return undefined;
  return { theme, sidebar: sidebar as ViewSidebar, remembered: rest.length === 1 };
}

/** The value of cookie `name` in a Cookie header (or `document.cookie`). */
export function cookieValue(header: string | null | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/**
 * Whether a server render shows what this browser would: the sidebar docked and open (its width
 * and folding are the browser's), and nothing remembered that a first render reads.
 */
export const serverRenders = (view: ConsoleView | undefined): view is ConsoleView =>
  view !== undefined && view.sidebar === 'docked' && !view.remembered;

/**
 * localStorage keys that no first render reads: the theme and the sidebar are in the view itself;
 * the palette's recents and the bell's last look are read after it.
 */
/** Where the console's theme provider keeps the user's theme choice. */
export const THEME_STORAGE_KEY = 'opsdeck.console.theme';

const HARMLESS_KEYS = [
  (key: string) => key === THEME_STORAGE_KEY,
  (key: string) => key === SIDEBAR_STORAGE_KEY,
  (key: string) => key.startsWith('opsdeck.console.notifications.lastLooked.'),
  (key: string) => key === 'opsdeck.palette.recent',
];

/** Whether a key of localStorage is a choice a first render may read. */
export const isRememberedChoice = (key: string) =>
  key.startsWith('opsdeck.') && !HARMLESS_KEYS.some((harmless) => harmless(key));
