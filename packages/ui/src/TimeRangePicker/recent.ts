import { isSameTimeRange } from './mapper.ts';
import type { AbsoluteTimeRange } from './timeRange.ts';

/** At most this many recent absolute ranges are remembered (console spec §9). */
export const MAX_RECENT_TIME_RANGES = 5;
export const RECENT_TIME_RANGES_STORAGE_KEY = 'opsdeck.timeRangePicker.recent';

/** `range` first, without an earlier copy of it, cut to the last five. */
export function addRecentTimeRange(
  recent: readonly AbsoluteTimeRange[],
  range: AbsoluteTimeRange,
): AbsoluteTimeRange[] {
  return [range, ...recent.filter((other) => !isSameTimeRange(other, range))].slice(
    0,
    MAX_RECENT_TIME_RANGES,
  );
}

function isAbsoluteTimeRange(value: unknown): value is AbsoluteTimeRange {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    record['type'] === 'absolute' &&
    typeof record['display'] === 'string' &&
    typeof record['from'] === 'string' &&
    typeof record['to'] === 'string'
  );
}

/** The remembered ranges; anything unreadable (old format, hand-edited, blocked storage) reads as none. */
export function readRecentTimeRanges(
  storage: Pick<Storage, 'getItem'> | undefined,
): AbsoluteTimeRange[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(RECENT_TIME_RANGES_STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter(isAbsoluteTimeRange).slice(0, MAX_RECENT_TIME_RANGES)
      : [];
  } catch {
    return [];
  }
}

export function writeRecentTimeRanges(
  storage: Pick<Storage, 'setItem'> | undefined,
  recent: readonly AbsoluteTimeRange[],
): void {
  try {
    storage?.setItem(
      RECENT_TIME_RANGES_STORAGE_KEY,
      JSON.stringify(recent.slice(0, MAX_RECENT_TIME_RANGES)),
    );
  } catch {
    // Full or blocked storage: the list is a convenience, losing it is fine.
  }
}
