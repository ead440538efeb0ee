import type { ComponentSummary, TopologyComponent } from '@opsdeck/api-client/topology';
import { statusColor, type StatusColor } from '@opsdeck/ui';

/** What a card's colour reflects: the rolled-up `health` where the backend sends it, else `status`. */
export function componentState(component: Pick<TopologyComponent, 'health' | 'status'>): string {
  return component.health || component.status || '';
}

/**
 * A component's colour, by the status-dot rule of console §4 (ui's `statusColor`). `error` is a
 * component status (reference §4) the rule does not name; it is as bad as unhealthy, not green.
 */
export function componentColor(
  component: Pick<TopologyComponent, 'health' | 'status'>,
): StatusColor {
  return statusColor(dotStatus(component));
}

/** The word to give ui's StatusDot so it draws `componentColor`. */
export function dotStatus(component: Pick<TopologyComponent, 'health' | 'status'>): string {
  const state = componentState(component).trim().toLowerCase();
  return state === 'error' ? 'unhealthy' : state;
}

// Worst first: the order of the "status" sort and of a card's child rows (unhealthy, warning, healthy).
const statusRanks: Readonly<Record<string, number>> = {
  unhealthy: 0,
  error: 0,
  warning: 1,
  info: 2,
  unknown: 3,
  healthy: 4,
};

/** Lower is worse; an unknown word sorts with `unknown`. */
export function statusRank(status: string | null | undefined): number {
  return statusRanks[(status ?? '').toLowerCase()] ?? statusRanks.unknown!;
}

export interface SummaryCounts {
  /** Children by rolled-up state. */
  children: { healthy: number; unhealthy: number; warning: number; info: number };
  /** Linked checks: passing are `healthy`, failing `unhealthy`, the rest other. */
  checks: { healthy: number; unhealthy: number; other: number };
  /** Open incidents, all types and severities. */
  incidents: number;
  /** Unresolved insights, all types and severities. */
  insights: number;
}

const total = (nested: Record<string, Record<string, number>> | null | undefined) =>
  Object.values(nested ?? {}).reduce(
    (sum, bySeverity) => sum + Object.values(bySeverity).reduce((a, b) => a + b, 0),
    0,
  );

/** The counts a card shows from a component's `summary`. */
export function summaryCounts(summary: ComponentSummary | null | undefined): SummaryCounts {
  const checks = summary?.checks ?? {};
  const healthy = checks.healthy ?? 0;
  const unhealthy = checks.unhealthy ?? 0;
  const allChecks = Object.values(checks).reduce((a, b) => a + b, 0);
  return {
    children: {
      healthy: summary?.healthy ?? 0,
      unhealthy: summary?.unhealthy ?? 0,
      warning: summary?.warning ?? 0,
      info: summary?.info ?? 0,
    },
    checks: { healthy, unhealthy, other: allChecks - healthy - unhealthy },
    incidents: total(summary?.incidents),
    insights: total(summary?.insights),
  };
}

/** Whether a component's status and summary are rolled up from children (it has some). */
export function isRolledUp(component: Pick<TopologyComponent, 'children' | 'components'>): boolean {
  return (component.children?.length ?? 0) > 0 || (component.components?.length ?? 0) > 0;
}

/**
 * What a rolled-up status was made from, in its words: `1 of 3 children unhealthy` under a warning
 * (mixed healthy and unhealthy children roll up to warning), undefined for a component without
 * children.
 */
export function rollUpReason(
  component: Pick<TopologyComponent, 'children' | 'components' | 'summary'>,
): string | undefined {
  if (!isRolledUp(component)) return undefined;
  const { children } = summaryCounts(component.summary);
  const all = children.healthy + children.unhealthy + children.warning + children.info;
  if (all === 0) return undefined;
  const of = (n: number, word: string) =>
    `${n} of ${all} ${all === 1 ? 'child' : 'children'} ${word}`;
  if (children.unhealthy > 0) return `Rolled up: ${of(children.unhealthy, 'unhealthy')}`;
  if (children.warning > 0) return `Rolled up: ${of(children.warning, 'warning')}`;
  return `Rolled up: ${of(children.healthy, 'healthy')}`;
}
