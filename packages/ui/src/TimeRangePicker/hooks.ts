import { useCallback, useMemo, useState } from 'react';
import { useUrlState } from '../routing/UrlState.tsx';
import {
  clearTimeRangeSearchParams,
  readTimeRangeSearchParams,
  timeRangeSearchParams,
  writeTimeRangeSearchParams,
} from './mapper.ts';
import { addRecentTimeRange, readRecentTimeRanges, writeRecentTimeRanges } from './recent.ts';
import type { AbsoluteTimeRange, TimeRange } from './timeRange.ts';

export interface UseTimeRangeSearchParamsOptions {
  /** More parameters Clear removes (a screen's own time-related ones, e.g. 'duration'). */
  extraParams?: readonly string[];
  /** Parameters that lose their meaning when the range changes (e.g. pageIndex). */
  resetParams?: readonly string[];
  /** Replace the history entry instead of pushing one (default true, like the table and filter state). */
  replace?: boolean;
}

export interface TimeRangeSearchParams {
  timeRange: TimeRange | undefined;
  setTimeRange: (range: TimeRange | undefined) => void;
  /** Removes every time parameter from the URL. */
  clearTimeRange: () => void;
}

/** The time range kept in the URL (rangeType, timeRange, from, to); the URL is the only state. */
export function useTimeRangeSearchParams({
  extraParams = [],
  resetParams = [],
  replace = true,
}: UseTimeRangeSearchParamsOptions = {}): TimeRangeSearchParams {
  const { searchParams, setSearchParams } = useUrlState();
  // Re-read (and re-log an invalid value) only when one of the time parameters changes, not on
  // every unrelated URL change: the memo is keyed on their values.
  const key = timeRangeSearchParams.map((name) => searchParams.get(name) ?? '').join('\n');
  const timeRange = useMemo(() => readTimeRangeSearchParams(searchParams), [key]);
  const resetKey = resetParams.join('\n');
  const extraKey = extraParams.join('\n');

  const setTimeRange = useCallback(
    (range: TimeRange | undefined) =>
      setSearchParams(
        (current) => {
          const next = range
            ? writeTimeRangeSearchParams(current, range)
            : clearTimeRangeSearchParams(current, extraKey ? extraKey.split('\n') : []);
          for (const name of resetKey ? resetKey.split('\n') : []) next.delete(name);
          return next;
        },
        { replace },
      ),
    [setSearchParams, replace, resetKey, extraKey],
  );
  const clearTimeRange = useCallback(() => setTimeRange(undefined), [setTimeRange]);
  return { timeRange, setTimeRange, clearTimeRange };
}

function browserStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined; // some privacy modes throw on access
  }
}

/** The last five absolute ranges, remembered per browser. */
export function useRecentTimeRanges(): [AbsoluteTimeRange[], (range: AbsoluteTimeRange) => void] {
  const [recent, setRecent] = useState(() => readRecentTimeRanges(browserStorage()));
  const remember = useCallback(
    (range: AbsoluteTimeRange) => {
      const next = addRecentTimeRange(recent, range);
      writeRecentTimeRanges(browserStorage(), next);
      setRecent(next);
    },
    [recent],
  );
  return [recent, remember];
}
