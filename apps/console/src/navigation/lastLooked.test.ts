import { describe, expect, it } from 'vitest';
import {
  isNotificationsPath,
  lastLookedKey,
  NEVER_LOOKED_WINDOW_MS,
  readLastLooked,
  writeLastLooked,
} from './lastLooked.ts';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

const now = new Date('2026-11-28T10:00:00.000Z');

describe('the bell’s last-looked moment', () => {
  it('starts a day back, then remembers the moment per user', () => {
    const storage = memoryStorage();
    expect(readLastLooked('ada', now, storage)).toBe(
      new Date(now.getTime() - NEVER_LOOKED_WINDOW_MS).toISOString(),
    );
    writeLastLooked('ada', now, storage);
    expect(readLastLooked('ada', new Date('2026-11-29T00:00:00Z'), storage)).toBe(
      now.toISOString(),
    );
    // Another user of the same browser keeps their own.
    expect(readLastLooked('bob', now, storage)).not.toBe(now.toISOString());
    expect(storage.getItem(lastLookedKey('ada'))).toBe(now.toISOString());
  });

  it('reads a garbled or unreadable value as never looked', () => {
    const storage = memoryStorage();
    storage.setItem(lastLookedKey('ada'), 'yesterday-ish');
    expect(Date.parse(readLastLooked('ada', now, storage))).toBe(
      now.getTime() - NEVER_LOOKED_WINDOW_MS,
    );
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(Date.parse(readLastLooked('ada', now, broken))).toBe(
      now.getTime() - NEVER_LOOKED_WINDOW_MS,
    );
    expect(writeLastLooked('ada', now, broken)).toBe(now.toISOString());
  });

  it('knows the notifications area’s pages', () => {
    expect(isNotificationsPath('/notifications')).toBe(true);
    expect(isNotificationsPath('/notifications/silences')).toBe(true);
    expect(isNotificationsPath('/notificationsx')).toBe(false);
    expect(isNotificationsPath('/health')).toBe(false);
  });
});
