import type { DateTime } from 'luxon';
import { describeRelativeRange } from './relative';
import type { MappedTimeRange, QuickRangeName, RelativeTimeRange, ResolvedTimeRange } from './timeRange';

/** The time range presets and their minutes, exactly as console spec §9 lists them. */
export const timeRangePresets = [
  { shortForm: '15m', minutes: 15 },
  { shortForm: '1h', minutes: 60 },
  { shortForm: '2h', minutes: 120 },
  { shortForm: '3h', minutes: 180 },
  { shortForm: '6h', minutes: 360 },
  { shortForm: '12h', minutes: 720 },
  { shortForm: '1d', minutes: 1440 },
  { shortForm: '2d', minutes: 2880 },
  { shortForm: '3d', minutes: 4320 },
  { shortForm: '1w', minutes: 10080 },
  { shortForm: '2w', minutes: 20160 },
  { shortForm: '3w', minutes: 30240 },
  { shortForm: '1mo', minutes: 43200 },
  { shortForm: '2mo', minutes: 86400 },
  { shortForm: '3mo', minutes: 129600 },
  { shortForm: '6mo', minutes: 259200 },
  { shortForm: '1y', minutes: 518400 },
  { shortForm: '2y', minutes: 1036800 },
  { shortForm: '3y', minutes: 1555200 },
  { shortForm: '5y', minutes: 2592000 },
] as const;

export type TimeRangePreset = (typeof timeRangePresets)[number];

// The picker's list starts at 5 minutes (spec §9: "past ranges (5m to 5y)"), before the presets.
const pickerShortForms = ['5m', ...timeRangePresets.map((preset) => preset.shortForm)];

function relativeRange(range: string): RelativeTimeRange {
  return { type: 'relative', display: describeRelativeRange(range) ?? range, range };
}

/** The past ranges of the picker, 5 minutes to 5 years: 'now-5m' ... 'now-5y'. */
export const pastTimeRanges: readonly RelativeTimeRange[] = pickerShortForms.map((form) => relativeRange(`now-${form}`));

/** The future ranges shown with showFutureTimeRanges: 'now+5m' ... 'now+5y'. */
export const futureTimeRanges: readonly RelativeTimeRange[] = pickerShortForms.map((form) => relativeRange(`now+${form}`));

interface QuickRangeDefinition {
  display: string;
  resolve: (now: DateTime) => ResolvedTimeRange;
}

// Weeks start on Monday (ISO), as luxon's startOf('week') does.
export const quickRangeDefinitions: Record<QuickRangeName, QuickRangeDefinition> = {
  today: { display: 'Today', resolve: (now) => ({ from: now.startOf('day'), to: now.endOf('day') }) },
  yesterday: {
    display: 'Yesterday',
    resolve: (now) => ({ from: now.minus({ days: 1 }).startOf('day'), to: now.minus({ days: 1 }).endOf('day') }),
  },
  thisWeek: { display: 'This week', resolve: (now) => ({ from: now.startOf('week'), to: now.endOf('week') }) },
  previousWeek: {
    display: 'Previous week',
    resolve: (now) => ({ from: now.minus({ weeks: 1 }).startOf('week'), to: now.minus({ weeks: 1 }).endOf('week') }),
  },
  thisMonth: { display: 'This month', resolve: (now) => ({ from: now.startOf('month'), to: now.endOf('month') }) },
  previousMonth: {
    display: 'Previous month',
    resolve: (now) => ({ from: now.minus({ months: 1 }).startOf('month'), to: now.minus({ months: 1 }).endOf('month') }),
  },
  thisYear: { display: 'This year', resolve: (now) => ({ from: now.startOf('year'), to: now.endOf('year') }) },
  previousYear: {
    display: 'Previous year',
    resolve: (now) => ({ from: now.minus({ years: 1 }).startOf('year'), to: now.minus({ years: 1 }).endOf('year') }),
  },
};

/** The quick ranges of the picker, as mapped time ranges. */
export const quickRanges: readonly MappedTimeRange[] = (Object.keys(quickRangeDefinitions) as QuickRangeName[]).map((name) => ({
  type: 'mapped',
  display: quickRangeDefinitions[name].display,
  range: name,
}));
