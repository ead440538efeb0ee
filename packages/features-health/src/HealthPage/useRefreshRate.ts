import { useCallback, useState } from 'react';
import { defaultRefreshRate } from '../model/refreshRate.ts';

const storageKey = 'opsdeck.health.refreshRate';

function readStored(): string {
  try {
    return localStorage.getItem(storageKey) ?? defaultRefreshRate;
  } catch {
    return defaultRefreshRate; // storage can be blocked; the default applies then
  }
}

/** The summary refresh rate, a per-browser setting ('' is off). */
export function useRefreshRate(): [string, (rate: string) => void] {
  const [rate, setRate] = useState(readStored);
  const update = useCallback((next: string) => {
    setRate(next);
    try {
      localStorage.setItem(storageKey, next);
    } catch {
      // not persisted; the choice still applies to this page
    }
  }, []);
  return [rate, update];
}
