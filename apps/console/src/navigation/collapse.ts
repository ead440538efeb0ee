/** Spec §2: the sidebar is 224 px open and 56 px collapsed. */
export const SIDEBAR_WIDTH = { expanded: 224, collapsed: 56 } as const;

/** Under this window width the sidebar starts collapsed and opens over the content (spec §2). */
export const AUTO_COLLAPSE_BELOW = 1024;

/** Under this window width (a phone) the collapsed sidebar is gone entirely; it opens as a drawer. */
export const DRAWER_BELOW = 640;

/**
 * How the sidebar sits at a window width: docked beside the content (the remembered choice
 * applies), a rail of icons that opens over the content, or a drawer opened from the header.
 */
export type SidebarLayout = 'docked' | 'rail' | 'drawer';

export function sidebarLayout(windowWidth: number): SidebarLayout {
  if (windowWidth < DRAWER_BELOW) return 'drawer';
  return windowWidth < AUTO_COLLAPSE_BELOW ? 'rail' : 'docked';
}

export const SIDEBAR_STORAGE_KEY = 'opsdeck.console.sidebar.collapsed';

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

function storageOrNull(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // blocked storage (privacy mode): the sidebar still works, it just forgets
  }
}

export function readSidebarCollapsed(storage: Storage | null = storageOrNull()): boolean {
  try {
    return storage?.getItem(SIDEBAR_STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

export function writeSidebarCollapsed(
  collapsed: boolean,
  storage: Storage | null = storageOrNull(),
): void {
  try {
    storage?.setItem(SIDEBAR_STORAGE_KEY, String(collapsed));
  } catch {
    // Not remembering is acceptable; the toggle itself worked.
  }
}
