import { describe, expect, it } from 'vitest';
import {
  cookieValue,
  formatView,
  isRememberedChoice,
  parseView,
  serverRenders,
  type ConsoleView,
} from './view.ts';

describe('the view cookie', () => {
  it('reads back what it wrote, and nothing it did not', () => {
    const views: ConsoleView[] = [
      { theme: 'light', sidebar: 'docked', remembered: false },
      { theme: 'dark', sidebar: 'collapsed', remembered: true },
      { theme: 'dark', sidebar: 'drawer', remembered: false },
    ];
    for (const view of views) expect(parseView(formatView(view))).toEqual(view);
    for (const value of [undefined, '', 'dim.docked', 'light.wide', 'light.docked.extra', 'light'])
      expect(parseView(value)).toBeUndefined();
  });

  it('is found among the request’s cookies by its exact name', () => {
    const header = 'ory_kratos_session=a=b; xopsdeck_view=dark.rail; opsdeck_view=light.docked';
    expect(cookieValue(header, 'opsdeck_view')).toBe('light.docked');
    expect(cookieValue(header, 'ory_kratos_session')).toBe('a=b');
    expect(cookieValue(undefined, 'opsdeck_view')).toBeUndefined();
  });

  it('lets the server render only what it can draw as the browser would', () => {
    expect(serverRenders(parseView('light.docked'))).toBe(true);
    expect(serverRenders(parseView('dark.docked'))).toBe(true);
    // Folded, narrow or with remembered choices the first render reads: the browser renders.
    expect(serverRenders(parseView('light.collapsed'))).toBe(false);
    expect(serverRenders(parseView('light.rail'))).toBe(false);
    expect(serverRenders(parseView('light.docked.remembered'))).toBe(false);
    expect(serverRenders(undefined)).toBe(false);
  });

  it('counts a remembered page size or refresh rate, not the theme, sidebar or recents', () => {
    expect(isRememberedChoice('opsdeck.table.catalog.pageSize')).toBe(true);
    expect(isRememberedChoice('opsdeck.health.refreshRate')).toBe(true);
    expect(isRememberedChoice('opsdeck.console.theme')).toBe(false);
    expect(isRememberedChoice('opsdeck.console.sidebar.collapsed')).toBe(false);
    expect(isRememberedChoice('opsdeck.palette.recent')).toBe(false);
    expect(isRememberedChoice('opsdeck.console.notifications.lastLooked.u1')).toBe(false);
    expect(isRememberedChoice('other.app.key')).toBe(false);
  });
});
