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

/** Formats a moment as YYYY-MM-DD HH:mm:ssZ; '' for a missing or unreadable value. */
export function formatDate(value: DateInput, zone?: string): string {
  return toDateTime(value, zone)?.toFormat(DATE_FORMAT) ?? '';
}

/** A sentence-style relative time ('5 minutes ago', 'in 2 hours'); '' for a missing value. */
export function formatRelativeTime(value: DateInput, now: DateInput = DateTime.now()): string {
  const then = toDateTime(value);
  const reference = toDateTime(now);
  if (!then || !reference) return '';
  return then.toRelative({ base: reference }) ?? '';
}
