import type { CheckSummary } from '@opsdeck/api-client/health';
import { checkLatency, isHealthy } from './checkFields.ts';
import { buildSearchIndex } from './search.ts';

/**
 * Everything derived from one summary that filtering, sorting and grouping read per check, computed
 * once when the summary arrives so a keystroke touches only flat arrays.
 */
export interface PreparedSummary {
  checks: readonly CheckSummary[];
  /** Lowercase name, description and endpoint per check. */
  searchIndex: string[];
  lowerNames: string[];
  healthy: Uint8Array;
  /** uptime.passed and uptime.failed per check, flat so grouping does not walk 50,000 objects. */
  passed: Float64Array;
  failed: Float64Array;
  /** Latency shown per check, NaN when none. */
  latency: Float64Array;
  /** last_transition_time in epoch ms, NaN when none. */
  transitionMs: Float64Array;
}

export function prepareSummary(checks: readonly CheckSummary[]): PreparedSummary {
  const n = checks.length;
  const lowerNames = new Array<string>(n);
  const healthy = new Uint8Array(n);
  const passed = new Float64Array(n);
  const failed = new Float64Array(n);
  const latency = new Float64Array(n);
  const transitionMs = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const check = checks[i]!;
    lowerNames[i] = check.name.toLowerCase();
    healthy[i] = isHealthy(check) ? 1 : 0;
    passed[i] = check.uptime.passed;
    failed[i] = check.uptime.failed;
    latency[i] = checkLatency(check) ?? Number.NaN;
    transitionMs[i] = check.last_transition_time
      ? Date.parse(check.last_transition_time)
      : Number.NaN;
  }
  return {
    checks,
    searchIndex: buildSearchIndex(checks),
    lowerNames,
    healthy,
    passed,
    failed,
    latency,
    transitionMs,
  };
}
