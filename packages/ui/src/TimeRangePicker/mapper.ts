import { DateTime } from 'luxon';
import { quickRangeDefinitions } from './pickerRanges.ts';
import {
  describeRelativeRange,
  isRelativeTime,
  resolveRelativeRange,
  INVALID_RELATIVE_TIME_RANGE,
} from './relative.ts';
import {
  CUSTOM_TIME_RANGE_DISPLAY,
  INDEFINITE_TIME_RANGE_DISPLAY,
  isQuickRangeName,
  NO_TIME_RANGE_DISPLAY,
  type AbsoluteTimeRange,
  type ResolvedTimeRange,
  type TimeRange,
} from './timeRange.ts';

export const INVALID_MAPPED_TIME_RANGE = 'Invalid mapped time range';

/** The moments of a quick range; logs 'Invalid mapped time range' and gives undefined for an unknown name. */
export function resolveMappedRange(name: string, now: DateTime): ResolvedTimeRange | undefined {
  if (!isQuickRangeName(name)) {
    console.error(INVALID_MAPPED_TIME_RANGE, name);
    return undefined;
  }
  return quickRangeDefinitions[name].resolve(now);
}

/** The absolute-value variant: a quick range as an absolute range. Throws for an unknown name. */
export function mappedRangeToAbsolute(name: string, now: DateTime): AbsoluteTimeRange {
  if (!isQuickRangeName(name)) throw new Error(`${INVALID_MAPPED_TIME_RANGE}: ${name}`);
  const { from, to } = quickRangeDefinitions[name].resolve(now);
  return {
    type: 'absolute',
    display: quickRangeDefinitions[name].display,
    from: toIso(from),
    to: toIso(to),
  };
}

function toIso(moment: DateTime): string {
  return moment.toISO() ?? '';
}

/** The two moments of any time range, at `now`; undefined (with the spec's log line) when invalid. */
export function resolveTimeRange(
  range: TimeRange,
  now: DateTime = DateTime.now(),
): ResolvedTimeRange | undefined {
  switch (range.type) {
    case 'relative':
      return resolveRelativeRange(range.range, now);
    case 'mapped':
      return resolveMappedRange(range.range, now);
    case 'absolute': {
      const from = DateTime.fromISO(range.from, { setZone: true });
      const to = DateTime.fromISO(range.to, { setZone: true });
      return from.isValid && to.isValid ? { from, to } : undefined;
    }
  }
}

/** A submitted from/to pair as the absolute range labelled 'Custom'. */
export function customTimeRange(from: DateTime, to: DateTime): AbsoluteTimeRange {
  return { type: 'absolute', display: CUSTOM_TIME_RANGE_DISPLAY, from: toIso(from), to: toIso(to) };
}

export interface DisplayTimeRangeOptions {
  /** With no range, read 'Indefinitely' (true) or 'Please select time range' (false). */
  allowIndefinite?: boolean;
}

/** What the picker's button reads. */
export function displayTimeRange(
  range: TimeRange | undefined,
  { allowIndefinite = false }: DisplayTimeRangeOptions = {},
): string {
  if (!range) return allowIndefinite ? INDEFINITE_TIME_RANGE_DISPLAY : NO_TIME_RANGE_DISPLAY;
  return range.display;
}

/**
 * The URL parameters of a time range:
 * - `rangeType`: absolute | relative | mapped
 * - `timeRange`: the relative range (`now-2d`) or the quick range name (`yesterday`)
 * - `from`, `to`: ISO moments of an absolute range
 */
export const timeRangeSearchParams = ['rangeType', 'timeRange', 'from', 'to'] as const;

/** Reads the time range from the URL; undefined when absent or invalid (invalid ones are logged). */
export function readTimeRangeSearchParams(params: URLSearchParams): TimeRange | undefined {
  const rangeType = params.get('rangeType');
  const timeRange = params.get('timeRange');
  const from = params.get('from');
  const to = params.get('to');
  if (rangeType === 'absolute' || (rangeType === null && timeRange === null && from && to)) {
    if (!from || !to) return undefined;
    const range: AbsoluteTimeRange = {
      type: 'absolute',
      display: CUSTOM_TIME_RANGE_DISPLAY,
      from,
      to,
    };
    return resolveTimeRange(range) ? range : undefined;
  }
  if (timeRange === null) return undefined;
  if (rangeType === 'mapped') {
    if (!isQuickRangeName(timeRange)) {
      console.error(INVALID_MAPPED_TIME_RANGE, timeRange);
      return undefined;
    }
    return { type: 'mapped', display: quickRangeDefinitions[timeRange].display, range: timeRange };
  }
  if (!isRelativeTime(timeRange)) {
    console.error(INVALID_RELATIVE_TIME_RANGE, timeRange);
    return undefined;
  }
  return {
    type: 'relative',
    display: describeRelativeRange(timeRange) ?? timeRange,
    range: timeRange,
  };
}

/** A copy of `params` without any time parameter (what Clear does). */
export function clearTimeRangeSearchParams(
  params: URLSearchParams,
  extraParams: readonly string[] = [],
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of [...timeRangeSearchParams, ...extraParams]) next.delete(name);
  return next;
}

/** A copy of `params` holding `range`; undefined clears it. */
export function writeTimeRangeSearchParams(
  params: URLSearchParams,
  range: TimeRange | undefined,
): URLSearchParams {
  const next = clearTimeRangeSearchParams(params);
  if (!range) return next;
  next.set('rangeType', range.type);
  if (range.type === 'absolute') {
    next.set('from', range.from);
    next.set('to', range.to);
  } else {
    next.set('timeRange', range.range);
  }
  return next;
}

/** Whether two ranges are the same choice (used to mark the current one in the lists). */
export function isSameTimeRange(a: TimeRange | undefined, b: TimeRange | undefined): boolean {
  if (!a || !b || a.type !== b.type) return false;
  if (a.type === 'absolute' && b.type === 'absolute') return a.from === b.from && a.to === b.to;
  return a.type !== 'absolute' && b.type !== 'absolute' && a.range === b.range;
}
