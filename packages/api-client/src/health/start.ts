// Spec §9 presets in minutes: a month is 30 days and a year 360 (518400 minutes), not 365.
const relativeUnitsMs: Record<string, number> = {
  s: 1_000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 604_800_000,
  mo: 2_592_000_000,
  y: 31_104_000_000,
};

/**
 * A start time as ISO-8601: a Date, a relative short form (`5m`, `2h`, `3d`, `1mo`, `now-1h`),
 * or a timestamp string passed through.
 */
export function resolveStart(start: Date | string, now: Date = new Date()): string {
  if (start instanceof Date) return start.toISOString();
  const match = start.trim().match(/^(?:now-)?(\d+)(mo|s|m|h|d|w|y)$/);
  if (!match) return start;
  const [, amount, unit] = match;
  return new Date(
    now.getTime() - Number(amount) * (relativeUnitsMs[unit as string] ?? 0),
  ).toISOString();
}
