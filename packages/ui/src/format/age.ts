import type { DateInput } from './date.ts';

// Ages and plain local times without luxon: the health page's rows show them on first load, where a
// date library would cost the embed's budget (date.ts keeps luxon for zones and relative sentences).

// PostgREST writes Postgres timestamps ('2024-05-01 13:45:00.123+00'); strict ISO wants a 'T' and
// an offset with minutes, which not every browser's Date.parse forgives.
const postgresTimestamp =
  /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)([+-]\d{2})?(:?\d{2})?$/;

function toEpochMs(value: DateInput): number {
  if (value === null || value === undefined || value === '') return Number.NaN;
  if (typeof value === 'number') return value;
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'string') {
    const sql = postgresTimestamp.exec(value);
    if (!sql) return Date.parse(value);
    const [, day, time, hours, minutes] = sql;
    const offset = hours ? `${hours}:${(minutes ?? '00').replace(':', '')}` : '';
    return Date.parse(`${day}T${time}${offset}`);
  }
  // A luxon DateTime, read by its interface so this module never imports luxon.
  return value.toMillis();
}

const ageUnits = [
  ['y', 365 * 24 * 3600],
  ['mo', 30 * 24 * 3600],
  ['d', 24 * 3600],
  ['h', 3600],
  ['m', 60],
  ['s', 1],
] as const;

/**
 * How long ago a moment was, in the spec's short forms (45s, 5m, 2h, 3d, 1mo, 1y): the largest
 * whole unit only. Moments in the future read as 0s. '' for a missing or unreadable value.
 */
export function formatAge(value: DateInput, now: DateInput = Date.now()): string {
  const then = toEpochMs(value);
  const reference = toEpochMs(now);
  if (Number.isNaN(then) || Number.isNaN(reference)) return '';
  const seconds = Math.max(0, Math.floor((reference - then) / 1000));
  for (const [unit, size] of ageUnits) {
    if (seconds >= size) return `${Math.floor(seconds / size)}${unit}`;
  }
  return '0s';
}

/**
 * YYYY-MM-DD HH:mm:ss in the browser's zone, no offset: for dense labels such as a status tooltip;
 * anything unreadable is returned as given. `formatDate` is the product format with the offset.
 */
export function formatLocalTime(value: string): string {
  const date = new Date(toEpochMs(value));
  if (Number.isNaN(date.getTime())) return value;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/**
 * A moment relative to now with its direction said: `22m ago`, or `in 5m` for one to come (a next
 * run). '' for a missing or unreadable value.
 */
export function formatMomentFromNow(value: DateInput, now: DateInput = Date.now()): string {
  const then = toEpochMs(value);
  const reference = toEpochMs(now);
  if (Number.isNaN(then) || Number.isNaN(reference)) return '';
  return then > reference + 1000
    ? `in ${formatAge(reference, then)}`
    : `${formatAge(then, reference)} ago`;
}

const localMoment = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  timeZoneName: 'short',
});

/**
 * A moment as an absolute time in the user's own time zone, named (`27 Nov 2026, 14:17:24 CET`),
 * whatever offset the server wrote it in. '' for a missing or unreadable value.
 */
export function formatLocalMoment(value: DateInput): string {
  const ms = toEpochMs(value);
  return Number.isNaN(ms) ? '' : localMoment.format(ms);
}

/** The moment as ISO 8601 (for `<time dateTime>`); '' for a missing or unreadable value. */
export function momentIso(value: DateInput): string {
  const ms = toEpochMs(value);
  return Number.isNaN(ms) ? '' : new Date(ms).toISOString();
}
