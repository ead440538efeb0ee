import type { ComponentType } from 'react';

/** What a console route tells the shell through react-router's `handle`. */
export interface ConsoleRouteHandle {
  title?: string;
  ownHeader?: boolean;
  refreshable?: boolean;
  headerActions?: ComponentType;
}

export function isConsoleRouteHandle(value: unknown): value is ConsoleRouteHandle {
  return typeof value === 'object' && value !== null;
}

/** The deepest route that says something wins (a detail page over its list). */
export function currentHandle(matches: ReadonlyArray<{ handle: unknown }>): ConsoleRouteHandle {
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (isConsoleRouteHandle(handle)) return handle;
  }
  return {};
}
