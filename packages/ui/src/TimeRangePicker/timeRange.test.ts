// @vitest-environment node
import { DateTime } from 'luxon';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clearTimeRangeSearchParams,
  customTimeRange,
  displayTimeRange,
  mappedRangeToAbsolute,
  readTimeRangeSearchParams,
  resolveMappedRange,
  resolveTimeRange,
  writeTimeRangeSearchParams,
} from './mapper.ts';
import { futureTimeRanges, pastTimeRanges, quickRanges } from './pickerRanges.ts';
import { timeRangePresets } from './presetList.ts';
import { isTimeRangeShortForm, timeRangePresetMinutes } from './presets.ts';
import {
  addRecentTimeRange,
  MAX_RECENT_TIME_RANGES,
  readRecentTimeRanges,
  RECENT_TIME_RANGES_STORAGE_KEY,
  writeRecentTimeRanges,
} from './recent.ts';
import {
  describeRelativeRange,
  parseRelativeTime,
  relativeRangeMinutes,
  relativeTimeToDateTime,
  resolveRelativeRange,
} from './relative.ts';
import type { AbsoluteTimeRange } from './timeRange.ts';

// A Wednesday, in a fixed zone so calendar maths does not depend on the machine.
const now = DateTime.fromISO('2026-11-18T14:30:00', { zone: 'Europe/Berlin' });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('relative time', () => {
  it("parses 'now' and 'now-<n><unit>' in every short form", () => {
    expect(parseRelativeTime('now')).toEqual({ sign: 0, amount: 0, unit: 'm' });
    expect(parseRelativeTime('now-5m')).toEqual({ sign: -1, amount: 5, unit: 'm' });
    expect(parseRelativeTime('now-2h')?.unit).toBe('h');
    expect(parseRelativeTime('now-3d')?.unit).toBe('d');
    expect(parseRelativeTime('now-1w')?.unit).toBe('w');
    expect(parseRelativeTime('now-1mo')).toEqual({ sign: -1, amount: 1, unit: 'mo' });
    expect(parseRelativeTime('now-1y')?.unit).toBe('y');
    expect(parseRelativeTime('now+6h')).toEqual({ sign: 1, amount: 6, unit: 'h' });
  });

  it('rejects anything else', () => {
    for (const bad of [
      '',
      'now-',
      'now-0d',
      'now-2',
      'now-2x',
      'now-1.5h',
      '2d',
      'yesterday',
      'now - 2d',
      'now-2dd',
    ]) {
      expect(parseRelativeTime(bad), bad).toBeUndefined();
    }
  });

  it("logs 'Invalid relative time range' for a bad value", () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(relativeTimeToDateTime('now-2x', now)).toBeUndefined();
    expect(resolveRelativeRange('last week', now)).toBeUndefined();
    expect(log).toHaveBeenCalledWith('Invalid relative time range', 'now-2x');
    expect(log).toHaveBeenCalledWith('Invalid relative time range', 'last week');
  });

  it('resolves past ranges up to now and future ones from now, in calendar terms', () => {
    const past = resolveRelativeRange('now-1mo', now);
    expect(past?.from.toISO()).toBe('2026-10-18T14:30:00.000+02:00');
    expect(past?.to.equals(now)).toBe(true);
    const future = resolveRelativeRange('now+2h', now);
    expect(future?.from.equals(now)).toBe(true);
    expect(future?.to.toISO()).toBe('2026-11-18T16:30:00.000+01:00');
    expect(relativeTimeToDateTime('now', now)?.equals(now)).toBe(true);
  });

  it('counts minutes by the spec table and describes ranges', () => {
    expect(relativeRangeMinutes('now-1y')).toBe(518400);
    expect(relativeRangeMinutes('now-3w')).toBe(30240);
    expect(relativeRangeMinutes('bad')).toBeUndefined();
    expect(describeRelativeRange('now-2d')).toBe('2 days');
    expect(describeRelativeRange('now-1h')).toBe('1 hour');
    expect(describeRelativeRange('now+3mo')).toBe('Next 3 months');
  });
});

describe('presets', () => {
  it('has the spec presets and minutes exactly', () => {
    expect(timeRangePresets.map((p) => `${p.shortForm} ${p.minutes}`).join(', ')).toBe(
      '15m 15, 1h 60, 2h 120, 3h 180, 6h 360, 12h 720, 1d 1440, 2d 2880, 3d 4320, 1w 10080, 2w 20160, 3w 30240, ' +
        '1mo 43200, 2mo 86400, 3mo 129600, 6mo 259200, 1y 518400, 2y 1036800, 3y 1555200, 5y 2592000',
    );
  });

  it('recognises only the preset short forms, and gives their minutes', () => {
    expect(isTimeRangeShortForm('3h')).toBe(true);
    expect(isTimeRangeShortForm('1mo')).toBe(true);
    // The picker's 5m is a past range, not one of the spec's presets; 'now-1h' is a relative range.
    for (const other of ['5m', '4h', 'now-1h', '', 'constructor'])
      expect(isTimeRangeShortForm(other), other).toBe(false);
    expect(timeRangePresetMinutes['1w']).toBe(10080);
    expect(timeRangePresetMinutes['1y']).toBe(518400);
  });

  it('agrees with the relative minutes of each preset', () => {
    for (const preset of timeRangePresets)
      expect(relativeRangeMinutes(`now-${preset.shortForm}`)).toBe(preset.minutes);
  });

  it('lists past ranges from 5m to 5y and their future counterparts', () => {
    expect(pastTimeRanges[0]).toEqual({ type: 'relative', display: '5 minutes', range: 'now-5m' });
    expect(pastTimeRanges.at(-1)?.range).toBe('now-5y');
    expect(pastTimeRanges).toHaveLength(21);
    expect(futureTimeRanges[0]).toEqual({
      type: 'relative',
      display: 'Next 5 minutes',
      range: 'now+5m',
    });
    expect(futureTimeRanges.at(-1)?.range).toBe('now+5y');
  });

  it('has the default job-history range now-2d displayed as 2 days', () => {
    expect(pastTimeRanges.find((r) => r.range === 'now-2d')?.display).toBe('2 days');
  });
});

describe('quick (mapped) ranges', () => {
  const resolved = (name: string) => {
    const r = resolveMappedRange(name, now);
    return [r?.from.toFormat('yyyy-MM-dd HH:mm:ss'), r?.to.toFormat('yyyy-MM-dd HH:mm:ss')];
  };

  it('works out calendar ranges with luxon (weeks start on Monday)', () => {
    expect(quickRanges.map((r) => r.display)).toEqual([
      'Today',
      'Yesterday',
      'This week',
      'Previous week',
      'This month',
      'Previous month',
      'This year',
      'Previous year',
    ]);
    expect(resolved('today')).toEqual(['2026-11-18 00:00:00', '2026-11-18 23:59:59']);
    expect(resolved('yesterday')).toEqual(['2026-11-17 00:00:00', '2026-11-17 23:59:59']);
    expect(resolved('thisWeek')).toEqual(['2026-11-16 00:00:00', '2026-11-22 23:59:59']);
    expect(resolved('previousWeek')).toEqual(['2026-11-09 00:00:00', '2026-11-15 23:59:59']);
    expect(resolved('thisMonth')).toEqual(['2026-11-01 00:00:00', '2026-11-30 23:59:59']);
    expect(resolved('previousMonth')).toEqual(['2026-10-01 00:00:00', '2026-10-31 23:59:59']);
    expect(resolved('previousYear')).toEqual(['2025-01-01 00:00:00', '2025-12-31 23:59:59']);
  });

  it("logs 'Invalid mapped time range' for an unknown name", () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(resolveMappedRange('fortnight', now)).toBeUndefined();
    expect(log).toHaveBeenCalledWith('Invalid mapped time range', 'fortnight');
  });

  it('throws in the absolute-value variant', () => {
    expect(() => mappedRangeToAbsolute('fortnight', now)).toThrow('Invalid mapped time range');
    expect(mappedRangeToAbsolute('yesterday', now)).toEqual({
      type: 'absolute',
      display: 'Yesterday',
      from: '2026-11-17T00:00:00.000+01:00',
      to: '2026-11-17T23:59:59.999+01:00',
    });
  });
});

describe('resolveTimeRange and display', () => {
  it('resolves each kind of range', () => {
    expect(
      resolveTimeRange(
        { type: 'relative', display: '2 days', range: 'now-2d' },
        now,
      )?.from.toISODate(),
    ).toBe('2026-11-16');
    expect(
      resolveTimeRange({ type: 'mapped', display: 'Today', range: 'today' }, now)?.from.toISODate(),
    ).toBe('2026-11-18');
    const custom = customTimeRange(now.minus({ hours: 1 }), now);
    expect(custom).toEqual({
      type: 'absolute',
      display: 'Custom',
      from: '2026-11-18T13:30:00.000+01:00',
      to: '2026-11-18T14:30:00.000+01:00',
    });
    expect(resolveTimeRange(custom)?.to.toMillis()).toBe(now.toMillis());
    expect(
      resolveTimeRange({ type: 'absolute', display: 'Custom', from: 'junk', to: 'junk' }),
    ).toBeUndefined();
  });

  it("reads 'Indefinitely' or 'Please select time range' with no range", () => {
    expect(displayTimeRange(undefined, { allowIndefinite: true })).toBe('Indefinitely');
    expect(displayTimeRange(undefined)).toBe('Please select time range');
    expect(displayTimeRange({ type: 'relative', display: '2 days', range: 'now-2d' })).toBe(
      '2 days',
    );
  });
});

describe('time range URL parameters', () => {
  it('round-trips every kind of range', () => {
    const ranges = [
      { type: 'relative', display: '2 days', range: 'now-2d' },
      { type: 'mapped', display: 'Previous month', range: 'previousMonth' },
      {
        type: 'absolute',
        display: 'Custom',
        from: '2026-11-01T00:00:00.000+01:00',
        to: '2026-11-02T00:00:00.000+01:00',
      },
    ] as const;
    for (const range of ranges) {
      const params = writeTimeRangeSearchParams(new URLSearchParams('pageSize=50'), range);
      expect(readTimeRangeSearchParams(params)).toEqual(range);
      expect(params.get('pageSize')).toBe('50');
    }
  });

  it('writes rangeType + timeRange, or rangeType + from + to, and never both', () => {
    const absolute = writeTimeRangeSearchParams(
      new URLSearchParams('rangeType=relative&timeRange=now-1h'),
      customTimeRange(now, now),
    );
    expect([...absolute.keys()].sort()).toEqual(['from', 'rangeType', 'to']);
    expect(writeTimeRangeSearchParams(absolute, undefined).toString()).toBe('');
  });

  it('clear removes every time parameter and leaves the rest', () => {
    const params = new URLSearchParams(
      'rangeType=absolute&from=a&to=b&timeRange=now-1h&sortBy=name',
    );
    expect(clearTimeRangeSearchParams(params).toString()).toBe('sortBy=name');
    expect(
      clearTimeRangeSearchParams(new URLSearchParams('duration=5&x=1'), ['duration']).toString(),
    ).toBe('x=1');
  });

  it('reads a relative range without rangeType, and logs invalid ones', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(readTimeRangeSearchParams(new URLSearchParams('timeRange=now-3d'))?.display).toBe(
      '3 days',
    );
    expect(readTimeRangeSearchParams(new URLSearchParams('timeRange=now-3q'))).toBeUndefined();
    expect(
      readTimeRangeSearchParams(new URLSearchParams('rangeType=mapped&timeRange=someday')),
    ).toBeUndefined();
    expect(readTimeRangeSearchParams(new URLSearchParams(''))).toBeUndefined();
    expect(log).toHaveBeenCalledWith('Invalid relative time range', 'now-3q');
    expect(log).toHaveBeenCalledWith('Invalid mapped time range', 'someday');
  });
});

describe('recent absolute ranges', () => {
  const range = (n: number): AbsoluteTimeRange => ({
    type: 'absolute',
    display: 'Custom',
    from: `2026-01-0${n}T00:00:00Z`,
    to: `2026-01-0${n}T01:00:00Z`,
  });

  function memoryStorage(initial: Record<string, string> = {}) {
    const data = new Map(Object.entries(initial));
    return {
      getItem: (key: string) => data.get(key) ?? null,
      setItem: (key: string, value: string) => void data.set(key, value),
      data,
    };
  }

  it('keeps the newest first, without duplicates, at most 5', () => {
    let recent: AbsoluteTimeRange[] = [];
    for (const n of [1, 2, 3, 4, 5, 6, 7]) recent = addRecentTimeRange(recent, range(n));
    expect(recent.map((r) => r.from.slice(9, 10))).toEqual(['7', '6', '5', '4', '3']);
    expect(recent).toHaveLength(MAX_RECENT_TIME_RANGES);
    recent = addRecentTimeRange(recent, range(4));
    expect(recent.map((r) => r.from.slice(9, 10))).toEqual(['4', '7', '6', '5', '3']);
  });

  it('stores and reads back through storage', () => {
    const storage = memoryStorage();
    writeRecentTimeRanges(storage, [range(1), range(2)]);
    expect(readRecentTimeRanges(storage)).toEqual([range(1), range(2)]);
  });

  it('reads broken or foreign storage content as no ranges', () => {
    expect(
      readRecentTimeRanges(memoryStorage({ [RECENT_TIME_RANGES_STORAGE_KEY]: '{nope' })),
    ).toEqual([]);
    expect(
      readRecentTimeRanges(
        memoryStorage({ [RECENT_TIME_RANGES_STORAGE_KEY]: '[{"type":"relative"},1]' }),
      ),
    ).toEqual([]);
    expect(readRecentTimeRanges(undefined)).toEqual([]);
    const throwing = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('full');
      },
    };
    expect(readRecentTimeRanges(throwing)).toEqual([]);
    expect(() => writeRecentTimeRanges(throwing, [range(1)])).not.toThrow();
  });
});
