import { DateTime } from 'luxon';

/** Anything the API or a caller may hand us as a moment in time. */
export type DateInput = DateTime | Date | string | number | null | undefined;

/** The product's date format, YYYY-MM-DD HH:mm:ssZ (e.g. 2024-05-01 13:45:00+02:00). */
export const DATE_FORMAT = 'yyyy-MM-dd HH:mm:ssZZ';

export function toDateTime(value: DateInput, zone?: string): DateTime | null {
  if (value === null || value === undefined || value === '') return null;
  let parsed: DateTime;
  if (DateTime.isDateTime(value)) parsed = value;
  else if (value instanceof Date) parsed = DateTime.fromJSDate(value);
  else if (typeof value === 'number') parsed = DateTime.fromMillis(value);
  else {
    parsed = DateTime.fromISO(value, { setZone: true });
    // PostgREST returns Postgres timestamps ("2024-05-01 13:45:00.123+00") which are not strict ISO.
    if (!parsed.isValid) parsed = DateTime.fromSQL(value, { setZone: true });
  }
  if (!parsed.isValid) return null;
  return zone ? parsed.setZone(zone) : parsed;
}

// A timestamp as the API writes it, in its own offset: 2024-05-01T11:45:09.123+00:00, or
// Postgres' 2024-05-01 11:45:09+00.
const offsetTimestamp =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:(Z)|([+-])(\d{2})(?::?(\d{2}))?)$/;

/**
 * DATE_FORMAT of a valid timestamp in its own offset, which is the timestamp's own fields
 * rearranged: what luxon writes for it, without building a DateTime (about 70 µs each, and a list
 * page writes two per row on every page). Undefined for anything else, which luxon reads.
 */
function reformatInOwnOffset(value: string): string | undefined {
  const match = offsetTimestamp.exec(value);
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second, utc, sign, offsetHours, offsetMinutes] = match;
  const fields = [year, month, day, hour, minute, second].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const [y, mo, d, h, mi, se] = fields;
  // Only a real calendar moment (no February 30th, hour 24 or leap second) takes this path.
  const moment = new Date(Date.UTC(y, mo - 1, d, h, mi, se));
  if (
    y < 1000 ||
    moment.getUTCFullYear() !== y ||
    moment.getUTCMonth() !== mo - 1 ||
    moment.getUTCDate() !== d ||
    moment.getUTCHours() !== h ||
    moment.getUTCMinutes() !== mi ||
    moment.getUTCSeconds() !== se
  )
    return undefined;
  let offset = '+00:00';
  if (!utc) {
    const oh = Number(offsetHours);
    const om = Number(offsetMinutes ?? '0');
    // A negative zero offset and out-of-range offsets are luxon's to judge.
    if (oh > 23 || om > 59 || (sign === '-' && oh === 0 && om === 0)) return undefined;
    offset = `${sign}${offsetHours}:${offsetMinutes ?? '00'}`;
  }
  return `${year}-${month}-${day} ${hour}:${minute}:${second}${offset}`;
}

/** Formats a moment as YYYY-MM-DD HH:mm:ssZ; '' for a missing or unreadable value. */
export function formatDate(value: DateInput, zone?: string): string {
  if (zone === undefined && typeof value === 'string') {
    const fast = reformatInOwnOffset(value);
    if (fast !== undefined) return fast;
  }
  return toDateTime(value, zone)?.toFormat(DATE_FORMAT) ?? '';
}

/** A sentence-style relative time ('5 minutes ago', 'in 2 hours'); '' for a missing value. */
export function formatRelativeTime(value: DateInput, now: DateInput = DateTime.now()): string {
  const then = toDateTime(value);
  const reference = toDateTime(now);
  if (!then || !reference) return '';
  return then.toRelative({ base: reference }) ?? '';
}
