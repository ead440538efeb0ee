import { describe, expect, it } from 'vitest';
import { AUTO_COLLAPSE_BELOW, readSidebarCollapsed, shouldAutoCollapse, SIDEBAR_STORAGE_KEY, writeSidebarCollapsed } from './collapse.ts';

function memoryStorage() {
  const values = new Map<string, string>();
  return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value), values };
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

  it('auto-collapses only an open sidebar, on an outside click, under 1024 px', () => {
    expect(shouldAutoCollapse(AUTO_COLLAPSE_BELOW - 1, false, false)).toBe(true);
    expect(shouldAutoCollapse(AUTO_COLLAPSE_BELOW, false, false)).toBe(false);
    expect(shouldAutoCollapse(800, false, true)).toBe(false);
    expect(shouldAutoCollapse(800, true, false)).toBe(false);
  });
});
