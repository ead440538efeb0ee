import type { DateTime, DurationLikeObject } from 'luxon';
import type { ResolvedTimeRange } from './timeRange.ts';

// Relative times (console spec §5): 'now' or 'now-<number><unit>' with the short forms of §9
// (5m, 2h, 3d, 1mo, 1y) and w for weeks; 'now+<n><unit>' is the future counterpart.

export const relativeUnits = ['m', 'h', 'd', 'w', 'mo', 'y'] as const;
export type RelativeUnit = (typeof relativeUnits)[number];

export interface RelativeTime {
  /** -1 in the past, 1 in the future, 0 for 'now'. */
  sign: -1 | 0 | 1;
  amount: number;
  unit: RelativeUnit;
}

export const INVALID_RELATIVE_TIME_RANGE = 'Invalid relative time range';

const luxonUnit: Record<RelativeUnit, keyof DurationLikeObject> = {
  m: 'minutes',
  h: 'hours',
  d: 'days',
  w: 'weeks',
  mo: 'months',
  y: 'years',
};

/** Minutes per unit, as the spec's preset table counts them (1mo = 30 days, 1y = 360 days). */
export const minutesPerRelativeUnit: Record<RelativeUnit, number> = {
  m: 1,
  h: 60,
  d: 1440,
  w: 10080,
  mo: 43200,
  y: 518400,
};

const unitNames: Record<RelativeUnit, [string, string]> = {
  m: ['minute', 'minutes'],
  h: ['hour', 'hours'],
  d: ['day', 'days'],
  w: ['week', 'weeks'],
  mo: ['month', 'months'],
  y: ['year', 'years'],
};

const pattern = /^now(?:([-+])([1-9]\d*)(mo|m|h|d|w|y))?$/;

/** Parses 'now', 'now-2d', 'now+1h'; undefined for anything else. */
export function parseRelativeTime(text: string): RelativeTime | undefined {
  const match = pattern.exec(text.trim());
  if (!match) return undefined;
  const [, sign, amount, unit] = match;
  if (sign === undefined || amount === undefined || unit === undefined)
    return { sign: 0, amount: 0, unit: 'm' };
  return { sign: sign === '-' ? -1 : 1, amount: Number(amount), unit: unit as RelativeUnit };
}

export function isRelativeTime(text: string): boolean {
  return parseRelativeTime(text) !== undefined;
}

/** The moment a relative time stands for, in calendar terms (now-1mo is the same day last month). */
export function relativeTimeToDateTime(text: string, now: DateTime): DateTime | undefined {
  const parsed = parseRelativeTime(text);
  if (!parsed) {
    console.error(INVALID_RELATIVE_TIME_RANGE, text);
    return undefined;
  }
  return now.plus({ [luxonUnit[parsed.unit]]: parsed.sign * parsed.amount });
}

/** A relative range runs from its time to now (past) or from now to its time (future). */
export function resolveRelativeRange(range: string, now: DateTime): ResolvedTimeRange | undefined {
  const moment = relativeTimeToDateTime(range, now);
  if (!moment) return undefined;
  return moment < now ? { from: moment, to: now } : { from: now, to: moment };
}

/** The range's length in minutes by the spec's table (e.g. for graph buckets); undefined if invalid. */
export function relativeRangeMinutes(range: string): number | undefined {
  const parsed = parseRelativeTime(range);
  return parsed ? parsed.amount * minutesPerRelativeUnit[parsed.unit] : undefined;
}

/** '2 days', '1 hour', 'Next 3 months', 'Now'. */
export function describeRelativeRange(range: string): string | undefined {
  const parsed = parseRelativeTime(range);
  if (!parsed) return undefined;
  if (parsed.sign === 0) return 'Now';
  const [one, many] = unitNames[parsed.unit];
  const length = `${parsed.amount} ${parsed.amount === 1 ? one : many}`;
  return parsed.sign < 0 ? length : `Next ${length}`;
}
