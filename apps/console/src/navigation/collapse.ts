/** Spec §2: the sidebar is 224 px open and 56 px collapsed. */
export const SIDEBAR_WIDTH = { expanded: 224, collapsed: 56 } as const;

/** Under this window width an outside click collapses the sidebar (it then overlaps the content). */
export const AUTO_COLLAPSE_BELOW = 1024;

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

export function writeSidebarCollapsed(collapsed: boolean, storage: Storage | null = storageOrNull()): void {
  try {
    storage?.setItem(SIDEBAR_STORAGE_KEY, String(collapsed));
  } catch {
    // Not remembering is acceptable; the toggle itself worked.
  }
}

/** A click outside an open sidebar on a narrow window folds it away. */
export function shouldAutoCollapse(windowWidth: number, collapsed: boolean, clickedInsideSidebar: boolean): boolean {
  return !collapsed && !clickedInsideSidebar && windowWidth < AUTO_COLLAPSE_BELOW;
}
