import type { DateTime } from 'luxon';
import { timeRangePresets } from './presetList.ts';
import { describeRelativeRange } from './relative.ts';
import type {
  MappedTimeRange,
  QuickRangeName,
  RelativeTimeRange,
  ResolvedTimeRange,
} from './timeRange.ts';

// The picker's list starts at 5 minutes (spec §9: "past ranges (5m to 5y)"), before the presets.
const pickerShortForms = ['5m', ...timeRangePresets.map((preset) => preset.shortForm)];

function relativeRange(range: string): RelativeTimeRange {
  return { type: 'relative', display: describeRelativeRange(range) ?? range, range };
}

/** The past ranges of the picker, 5 minutes to 5 years: 'now-5m' ... 'now-5y'. */
export const pastTimeRanges: readonly RelativeTimeRange[] = pickerShortForms.map((form) =>
  relativeRange(`now-${form}`),
);

/** The future ranges shown with showFutureTimeRanges: 'now+5m' ... 'now+5y'. */
export const futureTimeRanges: readonly RelativeTimeRange[] = pickerShortForms.map((form) =>
  relativeRange(`now+${form}`),
);

interface QuickRangeDefinition {
  display: string;
  resolve: (now: DateTime) => ResolvedTimeRange;
}

// Weeks start on Monday (ISO), as luxon's startOf('week') does.
export const quickRangeDefinitions: Record<QuickRangeName, QuickRangeDefinition> = {
  today: {
    display: 'Today',
    resolve: (now) => ({ from: now.startOf('day'), to: now.endOf('day') }),
  },
  yesterday: {
    display: 'Yesterday',
    resolve: (now) => ({
      from: now.minus({ days: 1 }).startOf('day'),
      to: now.minus({ days: 1 }).endOf('day'),
    }),
  },
  thisWeek: {
    display: 'This week',
    resolve: (now) => ({ from: now.startOf('week'), to: now.endOf('week') }),
  },
  previousWeek: {
    display: 'Previous week',
    resolve: (now) => ({
      from: now.minus({ weeks: 1 }).startOf('week'),
      to: now.minus({ weeks: 1 }).endOf('week'),
    }),
  },
  thisMonth: {
    display: 'This month',
    resolve: (now) => ({ from: now.startOf('month'), to: now.endOf('month') }),
  },
  previousMonth: {
    display: 'Previous month',
    resolve: (now) => ({
      from: now.minus({ months: 1 }).startOf('month'),
      to: now.minus({ months: 1 }).endOf('month'),
    }),
  },
  thisYear: {
    display: 'This year',
    resolve: (now) => ({ from: now.startOf('year'), to: now.endOf('year') }),
  },
  previousYear: {
    display: 'Previous year',
    resolve: (now) => ({
      from: now.minus({ years: 1 }).startOf('year'),
      to: now.minus({ years: 1 }).endOf('year'),
    }),
  },
};

/** The quick ranges of the picker, as mapped time ranges. */
export const quickRanges: readonly MappedTimeRange[] = (
  Object.keys(quickRangeDefinitions) as QuickRangeName[]
).map((name) => ({
  type: 'mapped',
  display: quickRangeDefinitions[name].display,
  range: name,
}));
