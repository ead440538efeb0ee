// A table's time range in the URL under its prefix (`runs.rangeType=relative&runs.timeRange=now-2d`),
// in the picker's own parameter scheme (TimeRangePicker/mapper.ts), so each table keeps its own range.
import {
  readTimeRangeSearchParams,
  timeRangeSearchParams,
  writeTimeRangeSearchParams,
} from '../TimeRangePicker/mapper.ts';
import type { TimeRange } from '../TimeRangePicker/timeRange.ts';

/** The URL values the range is read from, joined: a stable memo key that ignores other params. */
export function timeRangeUrlKey(params: URLSearchParams, prefix: string): string {
  return timeRangeSearchParams.map((name) => params.get(`${prefix}${name}`) ?? '').join('\n');
}

export function readPrefixedTimeRange(
  params: URLSearchParams,
  prefix: string,
): TimeRange | undefined {
  const own = new URLSearchParams();
  for (const name of timeRangeSearchParams) {
    const value = params.get(`${prefix}${name}`);
    if (value !== null) own.set(name, value);
  }
  return readTimeRangeSearchParams(own);
}

/** A copy of `params` with the range written under `prefix`; undefined removes it. */
export function writePrefixedTimeRange(
  params: URLSearchParams,
  prefix: string,
  range: TimeRange | undefined,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of timeRangeSearchParams) next.delete(`${prefix}${name}`);
  for (const [name, value] of writeTimeRangeSearchParams(new URLSearchParams(), range)) {
    next.set(`${prefix}${name}`, value);
  }
  return next;
}
