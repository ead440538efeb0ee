import type { DateTime } from 'luxon';

// The Time range entity of console spec §3: type (absolute, relative or mapped), display, from, to, range.

/** Fixed moments, ISO 8601 with offset. Submitted from the form with display 'Custom'. */
export interface AbsoluteTimeRange {
  type: 'absolute';
  display: string;
  from: string;
  to: string;
}

/** Relative to now: `now-<n><unit>` (the past) or, for future ranges, `now+<n><unit>`. */
export interface RelativeTimeRange {
  type: 'relative';
  display: string;
  range: string;
}

/** A named calendar range worked out when used (yesterday, this week, previous month...). */
export interface MappedTimeRange {
  type: 'mapped';
  display: string;
  range: QuickRangeName;
}

export type TimeRange = AbsoluteTimeRange | RelativeTimeRange | MappedTimeRange;

/** A range worked out into two moments. */
export interface ResolvedTimeRange {
  from: DateTime;
  to: DateTime;
}

export const quickRangeNames = [
  'today',
  'yesterday',
  'thisWeek',
  'previousWeek',
  'thisMonth',
  'previousMonth',
  'thisYear',
  'previousYear',
] as const;

export type QuickRangeName = (typeof quickRangeNames)[number];

export function isQuickRangeName(value: unknown): value is QuickRangeName {
  return typeof value === 'string' && (quickRangeNames as readonly string[]).includes(value);
}

/** The display an absolute range gets when the user submits the form (console spec §4). */
export const CUSTOM_TIME_RANGE_DISPLAY = 'Custom';
export const INDEFINITE_TIME_RANGE_DISPLAY = 'Indefinitely';
export const NO_TIME_RANGE_DISPLAY = 'Please select time range';
