export interface UptimeCounts {
  passed: number;
  failed: number;
}

/** Uptime percent = passed / (passed + failed); null when the check has not run. */
export function uptimePercent(uptime: UptimeCounts | null | undefined): number | null {
  if (!uptime) return null;
  const total = uptime.passed + uptime.failed;
  return total > 0 ? (uptime.passed / total) * 100 : null;
}

/** "99.5%", "100%", or "" for no runs; at most two decimals, never rounding a failure up to 100%. */
export function formatUptime(uptime: UptimeCounts | null | undefined): string {
  const percent = uptimePercent(uptime);
  if (percent === null) return '';
  if (percent < 100 && percent > 99.99) return '99.99%';
  return `${Number(percent.toFixed(2))}%`;
}
