// The spec's presets alone, plain data with no luxon and no picker lists, so a page that only
// validates or steps through short forms in the URL (the health page's timeRange) stays light.

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
/** A preset's short form as it appears in URLs ('1h', '3d', '1mo'). */
export type TimeRangeShortForm = TimeRangePreset['shortForm'];

export function isTimeRangeShortForm(value: string): value is TimeRangeShortForm {
  return timeRangePresets.some((preset) => preset.shortForm === value);
}

/** The minutes of a preset (spec §9: 1mo = 30 days, 1y = 360 days). */
export function timeRangePresetMinutes(shortForm: TimeRangeShortForm): number {
  // Every short form names a preset, so the fallback is for the type checker only.
  return timeRangePresets.find((preset) => preset.shortForm === shortForm)?.minutes ?? 0;
}
