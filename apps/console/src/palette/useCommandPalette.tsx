import { resolveLink, type ExtensionView } from '@opsdeck/extensions';
import { shellSlots } from '@opsdeck/extensions/shell';
import { pageSearchSelector } from '@opsdeck/ui';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { SidebarEntry } from '../navigation/sidebarModel.ts';
import { createChordMatcher, isTypingTarget, shortcutList, type Shortcut } from './shortcuts.ts';

// The palette and the shortcuts dialog load on first use: the shell carries only this listener.
const Palette = lazy(() => import('./Palette.tsx'));
const ShortcutsDialog = lazy(() => import('./ShortcutsDialog.tsx'));

/** Feature name → the path of its sidebar page, for the pages this user may open. */
function sidebarPages(entries: readonly SidebarEntry[] | undefined): Map<string, string> {
  const pages = new Map<string, string>();
  for (const entry of entries ?? []) {
    for (const link of entry.kind === 'group' ? entry.items : [entry])
      pages.set(link.name, link.path);
  }
  return pages;
}

/** Puts focus in the page's search box (ui's `pageSearchProps`); false when the page has none. */
function focusPageSearch(): boolean {
  const box = document.querySelector<HTMLElement>(`main ${pageSearchSelector}`);
  if (!box) return false;
  box.focus();
  if (box instanceof HTMLInputElement) box.select();
  return true;
}

export interface CommandPalette {
  openPalette: () => void;
  /** The open palette or shortcuts dialog (nothing while both are closed). */
  element: React.ReactNode;
}

/**
 * The command palette and the keyboard shortcuts for the signed-in shell: one keydown listener on
 * the window, and the dialogs it opens. `entries` and `extensions` are the shell's own (already
 * filtered by the user's flags and rights); until they are known, nothing answers.
 */
export function useCommandPalette(
  entries: readonly SidebarEntry[] | undefined,
  extensions: ExtensionView | undefined,
): CommandPalette {
  const navigate = useNavigate();
  const [open, setOpen] = useState<'palette' | 'help' | undefined>();
  const pages = useMemo(() => sidebarPages(entries), [entries]);
  const shortcuts = useMemo(
    () =>
      shortcutList(
        pages,
        extensions?.data(shellSlots.shortcuts).map(({ value }) => ({
          keys: value.keys,
          title: value.title,
          href: resolveLink(extensions, value.to),
        })),
      ),
    [pages, extensions],
  );
  const run = useRef<(shortcut: Shortcut) => boolean>(() => false);
  run.current = ({ action }) => {
    switch (action.kind) {
      case 'palette':
        setOpen('palette');
        return true;
      case 'help':
        setOpen('help');
        return true;
      case 'search':
        return focusPageSearch();
      case 'go': {
        const path = pages.get(action.feature);
        if (path) void navigate(path);
        return path !== undefined;
      }
      case 'link':
        void navigate(action.href);
        return true;
    }
  };

  const ready = entries !== undefined && extensions !== undefined;
  useEffect(() => {
    if (!ready) return;
    const match = createChordMatcher(shortcuts);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat) return;
      const palette = shortcuts.find((shortcut) => shortcut.action.kind === 'palette');
      if (
        (event.ctrlKey || event.metaKey) &&
        !event.altKey &&
        !event.shiftKey &&
        event.key.toLowerCase() === 'k' &&
        palette
      ) {
        event.preventDefault();
        run.current(palette);
        return;
      }
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTypingTarget(event.target)) return;
      // A dialog (the palette, a check's modal, a confirm) keeps its keys to itself.
      if (event.target instanceof Element && event.target.closest('[role="dialog"]')) return;
      if (document.querySelector('[aria-modal="true"]')) return;
      const hit = match(event.key, event.timeStamp);
      if (hit && run.current(hit)) event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [ready, shortcuts]);

  const close = useCallback(() => setOpen(undefined), []);
  const openPalette = useCallback(() => setOpen('palette'), []);
  let element: React.ReactNode = null;
  if (open === 'palette' && entries && extensions) {
    element = (
      <Suspense fallback={null}>
        <Palette entries={entries} extensions={extensions} onClose={close} />
      </Suspense>
    );
  } else if (open === 'help') {
    element = (
      <Suspense fallback={null}>
        <ShortcutsDialog shortcuts={shortcuts} onClose={close} />
      </Suspense>
    );
  }
  return { openPalette, element };
}
