import type { CheckSummary } from '@opsdeck/api-client/health';

/** The agent id the backend uses for "no agent" (the local one). */
export const LOCAL_AGENT_ID = '00000000-0000-0000-0000-000000000000';

/** The endpoint is not part of the typed summary; some backends add it, so read it when present. */
export function checkEndpoint(check: CheckSummary): string {
  const endpoint = (check as { endpoint?: unknown }).endpoint;
  return typeof endpoint === 'string' ? endpoint : '';
}

/** The summary's own namespace is often empty; the canary's namespace is what people group by then. */
export function checkNamespace(check: CheckSummary): string {
  return check.namespace || check.canary_namespace || '';
}

export function isHealthy(check: CheckSummary): boolean {
  return check.status === 'healthy';
}

/** The agent a check runs on, with the all-zero id read as the local agent. */
export function checkAgent(check: CheckSummary): string {
  const agent = check.agent_id;
  return !agent || agent === LOCAL_AGENT_ID ? 'local' : agent;
}

/** The latency the table shows: rolling1h, else p95 (the reference backend leaves rolling1h at 0). */
export function checkLatency(check: CheckSummary): number | null {
  const { rolling1h, p95, p97, p99 } = check.latency;
  if (rolling1h > 0) return rolling1h;
  return p95 ?? p97 ?? p99 ?? null;
}
