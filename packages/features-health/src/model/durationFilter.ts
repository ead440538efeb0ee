/** The History tab's Duration filter presets; `undefined` is All. */
export const durationPresets = ['100ms', '500ms', '1s', '5s', '10s', '30s'] as const;
export const durationError = 'duration is allowed only in milli seconds & seconds';

export type DurationParse = { ok: true; ms: number } | { ok: false; error: string };

/**
 * Reads a duration typed into the filter: a number with 'ms' or 's' (spec §5), seconds converted
 * to milliseconds. Anything else is the spec's error.
 */
export function parseDurationFilter(text: string): DurationParse {
  const match = /^(\d+(?:\.\d+)?)\s*(ms|s)$/.exec(text.trim());
  if (!match) return { ok: false, error: durationError };
  const amount = Number(match[1]);
  return { ok: true, ms: match[2] === 's' ? Math.round(amount * 1000) : amount };
}

/** The History tab's Status filter. */
export type HistoryStatus = 'all' | 'healthy' | 'unhealthy';

/** Healthy maps to 1 and Unhealthy to 0 (spec §5); All sends no status. */
export function historyStatusCode(status: HistoryStatus): 1 | 0 | undefined {
  return status === 'healthy' ? 1 : status === 'unhealthy' ? 0 : undefined;
}
