// Go's time.ParseDuration units, as the CRD's durations (`retry.duration`, `timeout`) are read.
const DURATION_UNITS: Readonly<Record<string, number>> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
};

/** A Go duration ("1h30m", "10s", "500ms") in milliseconds, or undefined when it is not one. */
export function parseDuration(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '0') return 0;
  if (!/^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h|d))+$/.test(trimmed)) return undefined;
  let total = 0;
  for (const [, amount, unit] of trimmed.matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h|d)/g))
    total += Number(amount) * DURATION_UNITS[unit!]!;
  return total;
}
