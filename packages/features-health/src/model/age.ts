const units: ReadonlyArray<readonly [string, number]> = [
  ['y', 365 * 86_400_000],
  ['mo', 30 * 86_400_000],
  ['d', 86_400_000],
  ['h', 3_600_000],
  ['m', 60_000],
  ['s', 1_000],
];

/**
 * How long ago, in the spec's short forms (45s, 5m, 2h, 3d, 1mo, 1y), largest whole unit only;
 * '' for no time. Kept here (not ui's luxon-based one) so the page's list loads without luxon.
 */
export function formatAgeShort(time: string | number | null | undefined, now: number): string {
  if (time === null || time === undefined || time === '') return '';
  const at = typeof time === 'number' ? time : Date.parse(time);
  if (Number.isNaN(at)) return '';
  const elapsed = Math.max(0, now - at);
  for (const [unit, size] of units) if (elapsed >= size) return `${Math.floor(elapsed / size)}${unit}`;
  return '0s';
}

/** YYYY-MM-DD HH:mm:ss in local time, for labels that must not pull in a date library. */
export function formatLocalTime(time: string): string {
  const date = new Date(time);
  if (Number.isNaN(date.getTime())) return time;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}
