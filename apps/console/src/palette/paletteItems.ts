// What the palette lists, as plain data: the pages and actions this user has, matched against the
// typed text, and the destinations they chose before. Loaded with the palette.
import { resolveLink, type ExtensionView } from '@opsdeck/extensions';
import { shellSlots, type PalettePage, type PaletteRun } from '@opsdeck/extensions/shell';
import type { SidebarEntry } from '../navigation/sidebarModel.ts';

export interface PaletteItem {
  /** Unique in the list (the option's element id is made from it). */
  id: string;
  /** The group heading it is listed under. */
  group: string;
  title: string;
  description?: string;
  keywords?: readonly string[];
  /** Where choosing it goes; for an action run in place, not an address (it is never stored). */
  href: string;
  /** An action run in place on the page (no navigation, never a recent). */
  run?: PaletteRun['run'];
}

const PAGES = 'Pages';
const ACTIONS = 'Actions';
const RECENT = 'Recent';

/**
 * Every page the user may open: the features' palette commands first (they carry keywords), then
 * each sidebar page not already there. Both come from the shell's filtered view and sidebar.
 */
export function pageItems(
  entries: readonly SidebarEntry[],
  extensions: ExtensionView,
): PaletteItem[] {
  const items: PaletteItem[] = [];
  const seen = new Set<string>();
  for (const { id, value } of extensions.data(shellSlots.paletteCommands)) {
    const href = resolveLink(extensions, value.to);
    if (href === undefined || seen.has(href)) continue;
    seen.add(href);
    items.push({ id: `page:${id}`, group: PAGES, title: value.title, href, ...keywords(value) });
  }
  for (const entry of entries) {
    const links = entry.kind === 'group' ? entry.items : [entry];
    for (const link of links) {
      if (seen.has(link.path)) continue;
      seen.add(link.path);
      items.push({
        id: `page:${link.path}`,
        group: PAGES,
        title: entry.kind === 'group' ? `${entry.label}: ${link.label}` : link.label,
        href: link.path,
      });
    }
  }
  return items;
}

/**
 * The page actions this user may perform (the registry left out the others): those run in place
 * that `page` (the page under the palette) offers first, then the links.
 */
export function actionItems(extensions: ExtensionView, page: PalettePage): PaletteItem[] {
  const here: PaletteItem[] = [];
  const links: PaletteItem[] = [];
  for (const { id, value } of extensions.data(shellSlots.paletteActions)) {
    if ('offer' in value) {
      const offered = value.offer(page);
      if (offered)
        here.push({
          id: `action:${id}`,
          group: ACTIONS,
          title: offered.title,
          href: `#${id}`,
          run: offered.run,
          ...keywords(offered),
          ...(offered.description ? { description: offered.description } : {}),
        });
      continue;
    }
    const href = resolveLink(extensions, value.to);
    if (href !== undefined)
      links.push({
        id: `action:${id}`,
        group: ACTIONS,
        title: value.title,
        href,
        ...keywords(value),
      });
  }
  return [...here, ...links];
}

/** The page under the palette as actions see it: `location` is the router's. */
export function palettePage(
  extensions: ExtensionView,
  location: { pathname: string; search: string },
): PalettePage {
  return {
    pathname: location.pathname,
    search: new URLSearchParams(location.search),
    at: (target) => {
      const href = resolveLink(extensions, target);
      return href !== undefined && new URL(href, 'http://x').pathname === location.pathname;
    },
  };
}

function keywords(value: { keywords?: readonly string[] }): { keywords?: readonly string[] } {
  return value.keywords ? { keywords: value.keywords } : {};
}

/** Whether every character of `query` appears in `text` in order (`gtinc` in "go to incidents"). */
function inOrder(query: string, text: string): boolean {
  let at = 0;
  for (const char of text) if (char === query[at]) at += 1;
  return at === query.length;
}

/**
 * How well `query` matches an item, higher better; undefined when it does not. The title counts
 * more than keywords; a word's start more than its middle; the letters in order least.
 */
function matchScore(query: string, item: Pick<PaletteItem, 'title' | 'keywords'>) {
  const wanted = query.trim().toLowerCase().replace(/\s+/g, ' ');
  if (!wanted) return 0;
  let best: number | undefined;
  const fields = [item.title, ...(item.keywords ?? [])];
  fields.forEach((field, index) => {
    const text = field.toLowerCase();
    const at = text.indexOf(wanted);
    let score: number | undefined;
    if (at === 0) score = 100;
    else if (at > 0) score = /[\s:/-]/.test(text[at - 1]!) ? 80 : 60;
    else if (inOrder(wanted.replace(/ /g, ''), text.replace(/ /g, ''))) score = 20;
    if (score === undefined) return;
    if (index > 0) score -= 5;
    best = Math.max(best ?? score, score);
  });
  return best;
}

/** A score from here up is the text itself in a title or keyword, not just its letters in order. */
export const STRONG_MATCH = 60;

/** The items that match with their scores, best first; ties keep their order. */
export function filterItems(
  query: string,
  items: readonly PaletteItem[],
): { item: PaletteItem; score: number }[] {
  return items
    .map((item, index) => ({ item, index, score: matchScore(query, item) }))
    .filter(
      (entry): entry is { item: PaletteItem; index: number; score: number } =>
        entry.score !== undefined,
    )
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map(({ item, score }) => ({ item, score }));
}

const RECENT_KEY = 'opsdeck.palette.recent';
const RECENT_MAX = 5;

/** The destinations chosen last, newest first (this browser only). */
export function readRecent(): PaletteItem[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(RECENT_KEY) ?? '[]');
    if (!Array.isArray(stored)) return [];
    return stored.flatMap((entry: unknown) => {
      if (typeof entry !== 'object' || entry === null) return [];
      const { title, href, description } = entry as Record<string, unknown>;
      if (typeof title !== 'string' || typeof href !== 'string' || !href.startsWith('/')) return [];
      return [
        {
          id: `recent:${href}`,
          group: RECENT,
          title,
          href,
          ...(typeof description === 'string' ? { description } : {}),
        },
      ];
    });
  } catch {
    return [];
  }
}

/** Remembers a chosen destination, first, once. */
export function rememberRecent(item: PaletteItem): void {
  const entry = {
    title: item.title,
    href: item.href,
    ...(item.description ? { description: item.description } : {}),
  };
  const rest = readRecent()
    .filter((recent) => recent.href !== item.href)
    .map(({ title, href, description }) => ({ title, href, description }));
  try {
    localStorage.setItem(RECENT_KEY, JSON.stringify([entry, ...rest].slice(0, RECENT_MAX)));
  } catch {
    // Storage full or refused: the palette works without recents.
  }
}
