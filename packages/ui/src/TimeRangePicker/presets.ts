// The spec's presets alone, plain data with no luxon and no picker lists, so a page that only
// validates or steps through short forms in the URL (the health page's timeRange) stays light.

// Short form -> minutes, exactly as console spec §9 lists them (1mo = 30 days, 1y = 360 days). The
// list of presets is built from it in presetList.ts, a module of its own so that the embed's first
// load, which only checks and steps through short forms, carries this record and not the list.
export const timeRangePresetMinutes = {
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

/** A preset's short form as it appears in URLs ('1h', '3d', '1mo'). */
export type TimeRangeShortForm = keyof typeof timeRangePresetMinutes;

export interface TimeRangePreset {
  shortForm: TimeRangeShortForm;
  minutes: number;
}

export function isTimeRangeShortForm(value: string): value is TimeRangeShortForm {
  return Object.hasOwn(timeRangePresetMinutes, value);
}
