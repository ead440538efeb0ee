import type { CheckSummary } from '@opsdeck/api-client/health';
import { checkAgent, checkNamespace } from './checkFields.ts';

/** Tab By: namespace (default), agent, or a label key written 'label:{key}'. */
export type TabBy = 'namespace' | 'agent' | `label:${string}`;
export const defaultTabBy: TabBy = 'namespace';
/** The All tab is the absence of a tab value. */
export const allTab = '';

export interface TabOption {
  /** '' for All. */
  value: string;
  count: number;
}

export function labelKeyOf(choice: string): string | null {
  return choice.startsWith('label:') && choice.length > 6 ? choice.slice(6) : null;
}

export function isTabBy(value: string): value is TabBy {
  return value === 'namespace' || value === 'agent' || labelKeyOf(value) !== null;
}

/** The tab a check belongs to under `tabBy`; '' when it has no value (it shows under All only). */
export function tabValueOf(check: CheckSummary, tabBy: TabBy): string {
  if (tabBy === 'namespace') return checkNamespace(check);
  if (tabBy === 'agent') return checkAgent(check);
  return check.labels?.[tabBy.slice(6)] ?? '';
}

export interface TabIndex {
  /** Per check, its tab value. */
  valueOf: string[];
  /** All first, then one tab per value, sorted. */
  tabs: TabOption[];
}

export function buildTabIndex(checks: readonly CheckSummary[], tabBy: TabBy): TabIndex {
  const valueOf = new Array<string>(checks.length);
  const counts = new Map<string, number>();
  for (let i = 0; i < checks.length; i++) {
    const value = tabValueOf(checks[i]!, tabBy);
    valueOf[i] = value;
    if (value !== '') counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  const tabs: TabOption[] = [...counts.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([value, count]) => ({ value, count }));
  tabs.unshift({ value: allTab, count: checks.length });
  return { valueOf, tabs };
}

/** Indexes of the checks in `tab` (every check for All, or for a tab that no longer exists). */
export function checksInTab(index: TabIndex, tab: string): Int32Array {
  const { valueOf } = index;
  const all = tab === allTab || !index.tabs.some((option) => option.value === tab);
  const out = new Int32Array(valueOf.length);
  let n = 0;
  for (let i = 0; i < valueOf.length; i++) if (all || valueOf[i] === tab) out[n++] = i;
  return out.subarray(0, n);
}
