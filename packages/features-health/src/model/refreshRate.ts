const unitMs = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 } as const;

/** The refresh-rate menu; '' turns automatic refresh off. */
export const refreshRateOptions = [
  '',
  '15s',
  '30s',
  '1m',
  '5m',
  '15m',
  '30m',
  '1h',
  '1d',
  '1w',
] as const;
export const defaultRefreshRate = '1m';

/** '30s', '5m', '1h', '1d', '2w' in milliseconds; false (no interval) for '' or anything unreadable. */
export function refreshIntervalMs(rate: string | null | undefined): number | false {
  const match = /^(\d+)(s|m|h|d|w)$/.exec((rate ?? '').trim());
  if (!match) return false;
  const ms = Number(match[1]) * unitMs[match[2] as keyof typeof unitMs];
  return ms > 0 ? ms : false;
}
