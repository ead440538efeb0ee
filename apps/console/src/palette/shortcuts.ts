// The console's keyboard shortcuts, in one place: the shell's own map, the features' additions
// (shellSlots.shortcuts), the chord matcher and the test for "the user is typing". The `?` dialog
// lists what `shortcutList` gives, so it cannot disagree with what the keys do. Loaded with the
// shell (it is small); the palette and the `?` dialog load on first use.

/** What a shortcut does. `go` opens a feature's sidebar page, `link` an address a feature gave. */
export type ShortcutAction =
  | { kind: 'palette' }
  | { kind: 'help' }
  | { kind: 'search' }
  | { kind: 'go'; feature: string }
  | { kind: 'link'; href: string };

export interface Shortcut {
  /** The keys one after the other, separated by a space (`g h`); `Mod+K` is Ctrl+K or ⌘K. */
  keys: string;
  /** What it does, as the `?` dialog says it. */
  title: string;
  action: ShortcutAction;
}

/** How long the second key of a chord (`g` then `h`) may wait. */
const CHORD_WINDOW_MS = 1000;

/** The shell's map. A `go` entry works (and is listed) only when the user has that page. */
export const shellShortcuts: readonly Shortcut[] = [
  { keys: 'Mod+K', title: 'Open the command palette', action: { kind: 'palette' } },
  { keys: '?', title: 'Show keyboard shortcuts', action: { kind: 'help' } },
  { keys: '/', title: 'Focus the page’s search box', action: { kind: 'search' } },
  { keys: 'g h', title: 'Go to Health', action: { kind: 'go', feature: 'health' } },
  { keys: 'g i', title: 'Go to Incidents', action: { kind: 'go', feature: 'incidents' } },
  { keys: 'g c', title: 'Go to Catalog', action: { kind: 'go', feature: 'config' } },
  { keys: 'g p', title: 'Go to Playbooks', action: { kind: 'go', feature: 'playbooks' } },
  { keys: 'g t', title: 'Go to Topology', action: { kind: 'go', feature: 'topology' } },
];

/** A feature's shortcut with its address resolved for this user (undefined: they may not go there). */
export interface FeatureShortcut {
  keys: string;
  title: string;
  href: string | undefined;
}

/**
 * The shortcuts this user has: the shell's, less the pages they cannot open (`pages`: feature name
 * → path, from the sidebar), then the features' that lead somewhere they may go and clash with
 * none before them.
 */
export function shortcutList(
  pages: ReadonlyMap<string, string>,
  features: readonly FeatureShortcut[] = [],
): Shortcut[] {
  const list = shellShortcuts.filter(
    ({ action }) => action.kind !== 'go' || pages.has(action.feature),
  );
  for (const { keys, title, href } of features) {
    const normalized = keys.trim().split(/\s+/).join(' ');
    if (href === undefined || list.some((shortcut) => shortcut.keys === normalized)) continue;
    list.push({ keys: normalized, title, action: { kind: 'link', href } });
  }
  return list;
}

/**
 * Matches key presses against plain-key shortcuts (`Mod+` ones are the listener's): a chord's
 * first key waits up to `windowMs` for the next. A key that ends no chord starts over, alone.
 */
export function createChordMatcher(
  shortcuts: readonly Shortcut[],
  windowMs = CHORD_WINDOW_MS,
): (key: string, now: number) => Shortcut | undefined {
  const plain = shortcuts.filter((shortcut) => !shortcut.keys.startsWith('Mod+'));
  let pending: string[] = [];
  let since = 0;
  const match = (key: string, now: number): Shortcut | undefined => {
    if (pending.length > 0 && now - since > windowMs) pending = [];
    const sequence = [...pending, key].join(' ');
    const hit = plain.find((shortcut) => shortcut.keys === sequence);
    if (hit) {
      pending = [];
      return hit;
    }
    if (plain.some((shortcut) => shortcut.keys.startsWith(`${sequence} `))) {
      pending = [...pending, key];
      since = now;
      return undefined;
    }
    if (pending.length === 0) return undefined;
    pending = [];
    return match(key, now);
  };
  return match;
}

/**
 * Whether a key press belongs to what the user is typing: an input, textarea, select, anything
 * contenteditable, or a CodeMirror editor. Shortcuts (but Ctrl/⌘K) leave those alone.
 */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target.closest('input, textarea, select, [contenteditable], .cm-editor')) {
    const editable = target.closest('[contenteditable]');
    return editable === null || editable.getAttribute('contenteditable') !== 'false'
      ? true
      : target.closest('input, textarea, select, .cm-editor') !== null;
  }
  return target instanceof HTMLElement && target.isContentEditable;
}

/** How `keys` reads in the `?` dialog and on the header button: `Mod` is ⌘ on a Mac, else Ctrl. */
export function keyCaps(keys: string, mac: boolean): string[] {
  return keys
    .split(' ')
    .map((key) =>
      key.startsWith('Mod+') ? `${mac ? '⌘' : 'Ctrl'} ${key.slice(4).toUpperCase()}` : key,
    );
}

/** Whether the keyboard's command key is ⌘ (a Mac or an iPad). */
export function isMac(): boolean {
  return typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
}
