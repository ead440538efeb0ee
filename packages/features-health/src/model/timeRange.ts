/** Time range presets of spec §9, in minutes; the check modal reads a range as one of these. */
export const timeRangePresets = {
  '15m': 15,
  '1h': 60,
  '2h': 120,
  '3h': 180,
  '6h': 360,
  '12h': 720,
  '1d': 1440,
  '2d': 2880,
  '3d': 4320,
  '1w': 10080,
  '2w': 20160,
  '3w': 30240,
  '1mo': 43200,
  '2mo': 86400,
  '3mo': 129600,
  '6mo': 259200,
  '1y': 518400,
  '2y': 1036800,
  '3y': 1555200,
  '5y': 2592000,
} as const;
export type TimeRangePreset = keyof typeof timeRangePresets;
export const defaultTimeRange: TimeRangePreset = '1h';

export function isTimeRangePreset(value: string): value is TimeRangePreset {
  return Object.hasOwn(timeRangePresets, value);
}

// The ladder the modal's default range climbs with the age of the last run (spec §2).
const ladder: readonly TimeRangePreset[] = [
  '1h',
  '3h',
  '6h',
  '12h',
  '1d',
  '2d',
  '3d',
  '1w',
  '2w',
  '3w',
  '1mo',
  '2mo',
  '3mo',
  '6mo',
  '1y',
  '2y',
  '3y',
  '5y',
];

/**
 * The smallest range on the ladder that still reaches back to the last run: under 60 minutes 1h,
 * then 3h, 6h, … 5y (capped). No or unreadable last run gives 1h.
 */
export function timeRangeForLastRun(
  lastRuntime: string | null | undefined,
  now: number = Date.now(),
): TimeRangePreset {
  if (!lastRuntime) return defaultTimeRange;
  const at = Date.parse(lastRuntime);
  if (Number.isNaN(at)) return defaultTimeRange;
  const ageMinutes = (now - at) / 60_000;
  for (const preset of ladder) if (ageMinutes < timeRangePresets[preset]) return preset;
  return '5y';
}

const hourMs = 3_600_000;
const weekMs = 7 * 24 * hourMs;

/**
 * Whether the time since the last run is worth showing: only between 1 hour and 7 days (a fresher
 * check is on schedule, an older one is plainly dead and shows its transition instead).
 */
export function showTimeSinceLastRun(
  lastRuntime: string | null | undefined,
  now: number = Date.now(),
): boolean {
  if (!lastRuntime) return false;
  const age = now - Date.parse(lastRuntime);
  return age >= hourMs && age <= weekMs;
}
