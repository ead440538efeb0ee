const byteUnits = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'] as const;

/** A byte size in 1024 units with at most `digits` decimals: 1536 -> "1.5 KiB". '' when missing. */
export function formatBytes(bytes: number | null | undefined, digits = 1): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes)) return '';
  const sign = bytes < 0 ? '-' : '';
  let value = Math.abs(bytes);
  let unit = 0;
  while (value >= 1024 && unit < byteUnits.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${sign}${Number(value.toFixed(unit === 0 ? 0 : digits))} ${byteUnits[unit]}`;
}
