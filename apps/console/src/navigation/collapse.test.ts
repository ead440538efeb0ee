import { describe, expect, it } from 'vitest';
import {
  AUTO_COLLAPSE_BELOW,
  DRAWER_BELOW,
  readSidebarCollapsed,
  SIDEBAR_STORAGE_KEY,
  sidebarLayout,
  writeSidebarCollapsed,
} from './collapse.ts';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    values,
  };
}

describe('sidebar collapse', () => {
  it('remembers the choice and reads it back', () => {
    const storage = memoryStorage();
    expect(readSidebarCollapsed(storage)).toBe(false);
    writeSidebarCollapsed(true, storage);
    expect(storage.values.get(SIDEBAR_STORAGE_KEY)).toBe('true');
    expect(readSidebarCollapsed(storage)).toBe(true);
    writeSidebarCollapsed(false, storage);
    expect(readSidebarCollapsed(storage)).toBe(false);
  });

  it('treats blocked storage as "open" and does not throw when writing', () => {
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(readSidebarCollapsed(blocked)).toBe(false);
    expect(() => writeSidebarCollapsed(true, blocked)).not.toThrow();
    expect(readSidebarCollapsed(null)).toBe(false);
  });

  it('docks the sidebar from 1024 px, folds it to a rail under that and to a drawer on a phone', () => {
    expect(AUTO_COLLAPSE_BELOW).toBe(1024);
    expect(sidebarLayout(1440)).toBe('docked');
    expect(sidebarLayout(AUTO_COLLAPSE_BELOW)).toBe('docked');
    expect(sidebarLayout(AUTO_COLLAPSE_BELOW - 1)).toBe('rail');
    expect(sidebarLayout(DRAWER_BELOW)).toBe('rail');
    expect(sidebarLayout(DRAWER_BELOW - 1)).toBe('drawer');
    expect(sidebarLayout(360)).toBe('drawer');
  });
});
