import { timeRangePresetMinutes, type TimeRangeShortForm } from '@opsdeck/ui/time-range';

// The presets, their minutes and the short-form check are ui's (time-range); what is the health
// page's own is its default and the ladder the check modal's range climbs.
export const defaultTimeRange: TimeRangeShortForm = '1h';

// The ladder the modal's default range climbs with the age of the last run (spec §2).
const ladder: readonly TimeRangeShortForm[] = [
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
): TimeRangeShortForm {
  if (!lastRuntime) return defaultTimeRange;
  const at = Date.parse(lastRuntime);
  if (Number.isNaN(at)) return defaultTimeRange;
  const ageMinutes = (now - at) / 60_000;
  for (const preset of ladder) if (ageMinutes < timeRangePresetMinutes[preset]) return preset;
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
