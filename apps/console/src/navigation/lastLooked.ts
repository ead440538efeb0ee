// When the user last opened /notifications, per user in this browser (console §2's bell counts the
// failed sends after it). Plain functions over a Storage, so they test without a DOM.

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

function storageOrNull(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // blocked storage: the bell then counts from the start of the session
  }
}

/** One key per user, so two people sharing a browser each keep their own moment. */
export const lastLookedKey = (userId: string) =>
  `opsdeck.console.notifications.lastLooked.${userId}`;

/** Before anyone looked, the bell counts the failures of the last day, not of all time. */
export const NEVER_LOOKED_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The ISO moment the user last looked; a day before `now` if never (or unreadable). */
export function readLastLooked(
  userId: string,
  now: Date = new Date(),
  storage: Storage | null = storageOrNull(),
): string {
  let stored: string | null = null;
  try {
    stored = storage?.getItem(lastLookedKey(userId)) ?? null;
  } catch {
    stored = null;
  }
  if (stored && !Number.isNaN(Date.parse(stored))) return new Date(stored).toISOString();
  return new Date(now.getTime() - NEVER_LOOKED_WINDOW_MS).toISOString();
}

/** Remembers that the user looked at `now`; answers the moment written. */
export function writeLastLooked(
  userId: string,
  now: Date = new Date(),
  storage: Storage | null = storageOrNull(),
): string {
  const at = now.toISOString();
  try {
    storage?.setItem(lastLookedKey(userId), at);
  } catch {
    // Not remembering is acceptable: the count resets for this session only.
  }
  return at;
}

/** Whether a path is the notifications area (its pages mark the failures seen). */
export const isNotificationsPath = (pathname: string) =>
  pathname === '/notifications' || pathname.startsWith('/notifications/');
