// @vitest-environment node
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { formatAge, formatLocalTime } from './age.ts';
import { formatDate, formatRelativeTime, toDateTime } from './date.ts';
import { formatDuration, formatLatency } from './duration.ts';
import { formatBytes } from './bytes.ts';
import { configPlace } from './configIdentity.ts';
import { formatTypePath } from './typePath.ts';

describe('formatDate', () => {
  it('writes YYYY-MM-DD HH:mm:ssZ in the requested zone', () => {
    expect(formatDate('2024-05-01T11:45:09Z', 'UTC')).toBe('2024-05-01 11:45:09+00:00');
    expect(formatDate('2024-05-01T11:45:09Z', 'Europe/Paris')).toBe('2024-05-01 13:45:09+02:00');
  });

  it('reads Postgres timestamps, Dates and epoch milliseconds', () => {
    expect(formatDate('2024-05-01 11:45:09.123+00', 'UTC')).toBe('2024-05-01 11:45:09+00:00');
    expect(formatDate(new Date(Date.UTC(2024, 0, 2, 3, 4, 5)), 'UTC')).toBe(
      '2024-01-02 03:04:05+00:00',
    );
    expect(formatDate(0, 'UTC')).toBe('1970-01-01 00:00:00+00:00');
  });

  it('writes a timestamp without a zone in its own offset, exactly as luxon does', () => {
    const viaLuxon = (value: string) => toDateTime(value)?.toFormat('yyyy-MM-dd HH:mm:ssZZ') ?? '';
    const samples = [
      '2026-09-25T22:15:00+00:00',
      '2026-09-25T22:15:00Z',
      '2026-09-25T22:15:00.123456+02:00',
      '2026-09-25 22:15:00.5+00',
      '2026-09-25 22:15:00-0530',
      '2024-02-29T23:59:59+14:00',
      '1999-12-31T00:00:00-12:00',
      // Not real moments, or offsets luxon judges: read by luxon itself.
      '2023-02-29T10:00:00Z',
      '2026-04-31T10:00:00Z',
      '2026-01-01T24:00:00Z',
      '2026-01-01T23:59:60Z',
      '2026-13-01T10:00:00Z',
      '2026-01-01T10:00:00-00:00',
      '2026-01-01T10:00:00+25:00',
      '2026-01-01T10:00+00:00',
      '2026-01-01',
    ];
    for (let day = 0; day < 400; day += 7) {
      const moment = new Date(
        Date.UTC(2023, 0, 1 + day, day % 24, (day * 7) % 60, (day * 13) % 60),
      );
      const offset = `${day % 2 ? '-' : '+'}${String(day % 12).padStart(2, '0')}:${day % 3 ? '30' : '00'}`;
      samples.push(moment.toISOString().replace('.000Z', offset));
    }
    for (const sample of samples) expect(formatDate(sample), sample).toBe(viaLuxon(sample));
  });

  it('gives an empty string for missing or unreadable values', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('yesterday-ish')).toBe('');
    expect(toDateTime('')).toBeNull();
  });
});

describe('formatAge', () => {
  const now = DateTime.fromISO('2024-05-01T12:00:00Z');
  it('uses the largest whole unit in short form', () => {
    expect(formatAge(now.minus({ seconds: 45 }), now)).toBe('45s');
    expect(formatAge(now.minus({ minutes: 5 }), now)).toBe('5m');
    expect(formatAge(now.minus({ hours: 2, minutes: 59 }), now)).toBe('2h');
    expect(formatAge(now.minus({ days: 3 }), now)).toBe('3d');
    expect(formatAge(now.minus({ days: 45 }), now)).toBe('1mo');
    expect(formatAge(now.minus({ days: 400 }), now)).toBe('1y');
  });

  it('reads a future moment as 0s and a missing one as empty', () => {
    expect(formatAge(now.plus({ minutes: 1 }), now)).toBe('0s');
    expect(formatAge(null, now)).toBe('');
  });

  it('reads ISO and Postgres strings and epoch milliseconds without luxon (the health rows)', () => {
    const now = Date.parse('2024-06-01T12:00:00Z');
    expect(formatAge('2024-06-01T11:59:15Z', now)).toBe('45s');
    expect(formatAge('2024-06-01T10:30:00Z', now)).toBe('1h');
    expect(formatAge('2024-05-29T12:00:00Z', now)).toBe('3d');
    expect(formatAge('2024-06-01 11:55:00.123+00', now)).toBe('4m');
    expect(formatAge('2024-06-01 13:55:00+02', now)).toBe('5m');
    expect(formatAge(now + 5000, now)).toBe('0s');
    expect(formatAge(null, now)).toBe('');
    expect(formatAge('yesterday-ish', now)).toBe('');
  });
});

describe('formatLocalTime', () => {
  it('writes YYYY-MM-DD HH:mm:ss in local time and passes unreadable text through', () => {
    expect(formatLocalTime(new Date(2024, 0, 2, 3, 4, 5).toISOString())).toBe(
      '2024-01-02 03:04:05',
    );
    expect(formatLocalTime('soon')).toBe('soon');
  });
});

describe('formatRelativeTime', () => {
  it('says how long ago in words', () => {
    const now = DateTime.fromISO('2024-05-01T12:00:00Z');
    expect(formatRelativeTime(now.minus({ minutes: 5 }), now)).toBe('5 minutes ago');
    expect(formatRelativeTime(now.plus({ hours: 2 }), now)).toBe('in 2 hours');
  });
});

describe('formatDuration', () => {
  it('shows durations under 1000 ms in ms', () => {
    expect(formatDuration(0)).toBe('0ms');
    expect(formatDuration(999)).toBe('999ms');
  });

  it('then seconds, then minutes and hours with their remainder', () => {
    expect(formatDuration(1000)).toBe('1s');
    expect(formatDuration(1500)).toBe('1.5s');
    expect(formatDuration(60_000)).toBe('1m');
    expect(formatDuration(150_000)).toBe('2m 30s');
    expect(formatDuration(3_900_000)).toBe('1h 5m');
  });

  it('gives an empty string for missing or negative values', () => {
    expect(formatDuration(undefined)).toBe('');
    expect(formatDuration(-5)).toBe('');
  });
});

describe('formatLatency', () => {
  it('uses ms, then s, then m', () => {
    expect(formatLatency(120)).toBe('120ms');
    expect(formatLatency(1250)).toBe('1.25s');
    expect(formatLatency(150_000)).toBe('2.5m');
    expect(formatLatency(null)).toBe('');
  });
});

describe('formatBytes', () => {
  it('uses 1024 units', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1024)).toBe('1 KiB');
    expect(formatBytes(1536)).toBe('1.5 KiB');
    expect(formatBytes(5 * 1024 ** 3)).toBe('5 GiB');
    expect(formatBytes(-2048)).toBe('-2 KiB');
    expect(formatBytes(undefined)).toBe('');
  });
});

describe('config identity', () => {
  it('spells a type one way, as a path', () => {
    expect(formatTypePath('Kubernetes::Deployment')).toBe('Kubernetes › Deployment');
    expect(formatTypePath('AWS::EC2::Instance')).toBe('AWS › EC2 › Instance');
    expect(formatTypePath(null)).toBe('');
  });

  it('says where a config lives, from its namespace or tags', () => {
    expect(configPlace({ tags: { namespace: 'payments', cluster: 'prod-eu' } })).toBe(
      'payments · prod-eu',
    );
    expect(configPlace({ namespace: 'checkout', tags: { cluster: 'prod-us' } })).toBe(
      'checkout · prod-us',
    );
    expect(configPlace({ tags: null })).toBe('');
  });
});
