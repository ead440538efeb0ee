import {
  timeRangePresetMinutes,
  type TimeRangePreset,
  type TimeRangeShortForm,
} from './presets.ts';

/** The time range presets of console spec §9 and their minutes, in the spec's order. */
export const timeRangePresets: readonly TimeRangePreset[] = Object.entries(
  timeRangePresetMinutes,
).map(([shortForm, minutes]) => ({ shortForm: shortForm as TimeRangeShortForm, minutes }));
