import type {
  Playbook,
  PlaybookResourceKind,
  PlaybookResourceRef,
  PlaybookRun,
  PlaybookRunsQuery,
} from '@opsdeck/api-client/playbooks';
import type { DataTableQuery } from '@opsdeck/ui/data-table';
import { resolveTimeRange } from '@opsdeck/ui/time-range';
import { DateTime } from 'luxon';

// Plain functions behind the pages: which resources a playbook runs on, its category, run
// durations and statuses, and the runs table's URL state as the request it makes.

/** The selector's label per kind (settings §2). */
export const resourceKindLabels: Record<PlaybookResourceKind, string> = {
  config: 'Catalog Item',
  component: 'Component',
  check: 'Check',
};

function nonEmpty(list: unknown): boolean {
  return Array.isArray(list) && list.length > 0;
}

/** The kinds a spec accepts, in the reference UI's order: configs, components, checks. */
export function resourceKindsOf(spec: unknown): PlaybookResourceKind[] {
  const map = (spec ?? {}) as Record<string, unknown>;
  const kinds: PlaybookResourceKind[] = [];
  if (nonEmpty(map.configs)) kinds.push('config');
  if (nonEmpty(map.components)) kinds.push('component');
  if (nonEmpty(map.checks)) kinds.push('check');
  return kinds;
}

export function playbookTitle(playbook: Pick<Playbook, 'title' | 'name' | 'spec'>): string {
  return playbook.title || playbook.spec?.title || playbook.name || 'Playbook';
}

export interface PlaybookCategory {
  name: string;
  playbooks: Playbook[];
}

export const uncategorised = 'Uncategorized';

/** Playbooks by category (spec's, else the column), categories and titles sorted, uncategorised last. */
export function playbooksByCategory(playbooks: readonly Playbook[]): PlaybookCategory[] {
  const groups = new Map<string, Playbook[]>();
  for (const playbook of playbooks) {
    const name = playbook.spec?.category || playbook.category || uncategorised;
    groups.set(name, [...(groups.get(name) ?? []), playbook]);
  }
  return [...groups.entries()]
    .map(([name, list]) => ({
      name,
      playbooks: [...list].sort((a, b) => playbookTitle(a).localeCompare(playbookTitle(b))),
    }))
    .sort((a, b) =>
      a.name === uncategorised ? 1 : b.name === uncategorised ? -1 : a.name.localeCompare(b.name),
    );
}

/** The resource a run was for, as a reference and a name. */
export function runResource(
  run: PlaybookRun,
): (PlaybookResourceRef & { name: string; icon?: string | null }) | undefined {
  if (run.config_id)
    return { kind: 'config', id: run.config_id, name: run.config?.name ?? run.config_id };
  if (run.component_id)
    return {
      kind: 'component',
      id: run.component_id,
      name: run.component?.name ?? run.component_id,
      icon: run.component?.icon,
    };
  if (run.check_id)
    return {
      kind: 'check',
      id: run.check_id,
      name: run.check?.name ?? run.check_id,
      icon: run.check?.icon,
    };
  return undefined;
}

/** Milliseconds from start (else creation) to end (else `now` while it runs); undefined before it starts. */
export function runDurationMs(
  times: { start_time?: string | null; end_time?: string | null },
  now: number = Date.now(),
): number | undefined {
  if (!times.start_time) return undefined;
  const start = Date.parse(times.start_time);
  const end = times.end_time ? Date.parse(times.end_time) : now;
  if (Number.isNaN(start) || Number.isNaN(end)) return undefined;
  return Math.max(0, end - start);
}

/** `pending_approval` → 'Pending approval'. */
export function statusLabel(status: string): string {
  const words = status.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export type StatusTone = 'success' | 'danger' | 'warning' | 'info' | 'neutral';

export function statusTone(status: string): StatusTone {
  switch (status) {
    case 'completed':
      return 'success';
    case 'failed':
    case 'timed_out':
      return 'danger';
    case 'pending_approval':
    case 'waiting':
    case 'retrying':
    case 'cancelled':
      return 'warning';
    case 'running':
    case 'scheduled':
    case 'sleeping':
    case 'waiting_children':
      return 'info';
    default:
      return 'neutral';
  }
}

/** The runs table's filter keys (URL `runs.{key}.filter`). */
export const runsFilterKeys = ['playbook', 'status', 'resource'] as const;

/** `resource` filter values are `kind:id` (`config:…`, `component:…`, `check:…`). */
export function parseResourceFilter(value: string | undefined): PlaybookResourceRef | undefined {
  const match = value?.match(/^(config|component|check):(.+)$/);
  return match ? { kind: match[1] as PlaybookResourceKind, id: match[2] as string } : undefined;
}

export function resourceFilterValue(resource: PlaybookResourceRef): string {
  return `${resource.kind}:${resource.id}`;
}

/** The runs request for the table's URL state, the time range resolved at `now`. */
export function runsRequest(
  query: DataTableQuery,
  now: DateTime = DateTime.now(),
): PlaybookRunsQuery {
  const request: PlaybookRunsQuery = { pageIndex: query.pageIndex, pageSize: query.pageSize };
  const playbook = query.filters.playbook;
  const status = query.filters.status;
  const resource = parseResourceFilter(query.filters.resource);
  if (playbook) request.playbookId = playbook;
  if (status) request.status = status;
  if (resource) request.resource = resource;
  if (query.timeRange) {
    const resolved = resolveTimeRange(query.timeRange, now);
    const from = resolved?.from.toUTC().toISO();
    const to = resolved?.to.toUTC().toISO();
    if (from && to) {
      request.from = from;
      request.to = to;
    }
  }
  return request;
}
