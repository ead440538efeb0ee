import { parseDuration } from './graph.ts';

const MACROS: Record<string, string> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
};

function parseField(field: string, min: number, max: number): Set<number> | undefined {
  const values = new Set<number>();
  for (const part of field.split(',')) {
    const match = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part);
    if (!match) return undefined;
    const from = match[1] === '*' ? min : Number(match[2]);
    const to =
      match[1] === '*' ? max : match[3] !== undefined ? Number(match[3]) : match[4] ? max : from;
    const step = match[4] ? Number(match[4]) : 1;
    if (from < min || to > max || from > to || step < 1) return undefined;
    for (let value = from; value <= to; value += step) values.add(value);
  }
  return values;
}

/** A canary schedule: `@every 30s`, the @hourly-style macros, or 5-field cron (minute resolution, UTC). */
export type Schedule = { every: number } | { cron: Set<number>[] };

export function parseSchedule(text: string): Schedule | undefined {
  const trimmed = text.trim();
  const every = /^@every\s+(\S+)$/.exec(trimmed);
  if (every) {
    const millis = parseDuration(every[1]!);
    return millis && millis >= 1000 ? { every: millis } : undefined;
  }
  const fields = (MACROS[trimmed] ?? trimmed).split(/\s+/);
  if (fields.length !== 5) return undefined;
  const ranges: [number, number][] = [
    [0, 59],
    [0, 23],
    [1, 31],
    [1, 12],
    [0, 6],
  ];
  const sets = fields.map((field, index) =>
    parseField(field, ranges[index]![0], ranges[index]![1]),
  );
  return sets.every(Boolean) ? { cron: sets as Set<number>[] } : undefined;
}

const MINUTE = 60_000;
// Cron lookups stop after a year of minutes: a schedule that never fires is treated as never due.
const MAX_SCAN_MINUTES = 366 * 24 * 60;

/** The first run strictly after `last` (or now-ish when it never ran). */
export function nextRunAfter(schedule: Schedule, last: Date): Date | undefined {
  if ('every' in schedule) return new Date(last.getTime() + schedule.every);
  const [minutes, hours, days, months, weekdays] = schedule.cron as [
    Set<number>,
    Set<number>,
    Set<number>,
    Set<number>,
    Set<number>,
  ];
  let at = Math.floor(last.getTime() / MINUTE) * MINUTE + MINUTE;
  for (let i = 0; i < MAX_SCAN_MINUTES; i += 1, at += MINUTE) {
    const d = new Date(at);
    if (
      minutes.has(d.getUTCMinutes()) &&
      hours.has(d.getUTCHours()) &&
      days.has(d.getUTCDate()) &&
      months.has(d.getUTCMonth() + 1) &&
      weekdays.has(d.getUTCDay())
    ) {
      return d;
    }
  }
  return undefined;
}
