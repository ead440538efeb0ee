import type { CheckSummary } from '@opsdeck/api-client/health';
import { useEffect, useMemo, useState } from 'react';
import { useRecentStatuses } from '../hooks/recentStatuses.ts';

/** Rows fetched together; the request changes only every this many rows of scrolling. */
const block = 50;
/** The strips wait for the list to settle, so typing or fast scrolling does not fetch per step. */
const settleMs = 250;

function useSettled<T>(value: T): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), settleMs);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

/** The recent results of the rows around `firstVisible` (two blocks: what is on screen and just below). */
export function useVisibleRecentStatuses(
  checks: readonly CheckSummary[],
  entries: Int32Array,
  firstVisible: number,
  summaryUpdatedAt: number,
) {
  const start = Math.floor(firstVisible / block) * block;
  const ids = useMemo(() => {
    const out: string[] = [];
    const end = Math.min(entries.length, start + 2 * block);
    for (let i = start; i < end; i++) {
      const entry = entries[i]!;
      if (entry >= 0) out.push(checks[entry]!.id);
    }
    return out;
  }, [checks, entries, start]);
  return useRecentStatuses(useSettled(ids), summaryUpdatedAt).data;
}
