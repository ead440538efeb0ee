/** Keeps at most `digits` decimals and drops trailing zeros: 1.50 -> "1.5", 2.00 -> "2". */
function trimmed(value: number, digits: number): string {
  return String(Number(value.toFixed(digits)));
}

/**
 * A duration for people: under 1000 ms in ms, under a minute in seconds, then minutes (and hours)
 * with their remainder: 250ms, 1.5s, 2m 30s, 1h 5m. '' for a missing or negative value.
 */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return '';
  if (ms < 1000) return `${Math.round(ms)}ms`;
  if (ms < 60_000) return `${trimmed(ms / 1000, 1)}s`;
  const totalSeconds = Math.floor(ms / 1000);
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  if (hours > 0) return minutes > 0 ? `${hours}h ${minutes}m` : `${hours}h`;
  return seconds > 0 ? `${minutes}m ${seconds}s` : `${minutes}m`;
}

/** A check latency in one unit: ms under a second, s under a minute, else m (120ms, 1.25s, 2.5m). */
export function formatLatency(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return '';
  if (ms < 1000) return `${trimmed(ms, 0)}ms`;
  if (ms < 60_000) return `${trimmed(ms / 1000, 2)}s`;
  return `${trimmed(ms / 60_000, 2)}m`;
}
