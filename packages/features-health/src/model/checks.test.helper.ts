import type { CheckSummary } from '@opsdeck/api-client/health';

let counter = 0;

/** A CheckSummary with the fields the real summary always carries, overridable per test. */
export function makeCheck(
  overrides: Partial<CheckSummary> & { endpoint?: string } = {},
): CheckSummary {
  counter++;
  return {
    id: `check-${counter}`,
    canary_id: 'canary-1',
    canary_name: 'canary',
    agent_id: '00000000-0000-0000-0000-000000000000',
    name: `check ${counter}`,
    namespace: 'default',
    type: 'http',
    labels: {},
    status: 'healthy',
    created_at: '2024-01-01T00:00:00Z',
    uptime: { passed: 1, failed: 0 },
    latency: { rolling1h: 10 },
    ...overrides,
  };
}
