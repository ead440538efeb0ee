import type { TableInvalidations } from '../changes.ts';
import { apiKeyRoot } from '../keys.ts';
import type {
  PlaybookResourceRef,
  PlaybookRunsQuery,
  ResourceSearchQuery,
  RunApproversQuery,
} from './calls.ts';

/**
 * Keys of the playbook queries, under `['opsdeck-api', 'playbooks']`: invalidating `runs()` refreshes
 * every runs list and run page after a run, an approval or a cancel.
 */
export const playbookKeys = {
  all: () => [apiKeyRoot, 'playbooks'] as const,
  lists: () => [...playbookKeys.all(), 'list'] as const,
  list: () => [...playbookKeys.lists(), 'all'] as const,
  forResource: (resource: PlaybookResourceRef) =>
    [...playbookKeys.lists(), 'resource', resource] as const,
  playbook: (id: string) => [...playbookKeys.all(), 'playbook', id] as const,
  params: (id: string, resource: PlaybookResourceRef | undefined) =>
    [...playbookKeys.playbook(id), 'params', resource ?? 'none'] as const,
  runs: () => [...playbookKeys.all(), 'runs'] as const,
  runList: (query: PlaybookRunsQuery) => [...playbookKeys.runs(), 'list', query] as const,
  run: (id: string) => [...playbookKeys.runs(), 'run', id] as const,
  runActions: (id: string) => [...playbookKeys.run(id), 'actions'] as const,
  approverLists: () => [...playbookKeys.all(), 'approvers'] as const,
  approvers: (query: RunApproversQuery) => [...playbookKeys.approverLists(), query] as const,
  resourceSearch: (query: ResourceSearchQuery) =>
    [...playbookKeys.all(), 'resources', query] as const,
};

/** The tables whose writes make playbook queries stale (the console maps change events to these). */
// The runs name their requester, component, check and config by embedding them; those rows are
// renamed seldom, while a check's or config's row is written on every run and scrape: only people
// and components (who requested, what was run on) refresh the runs.
export const playbookInvalidations: TableInvalidations = {
  playbooks: [playbookKeys.all()],
  playbook_runs: [playbookKeys.runs()],
  playbook_run_actions: [playbookKeys.runs()],
  playbook_approvals: [playbookKeys.runs()],
  people: [playbookKeys.runs(), playbookKeys.approverLists()],
  components: [playbookKeys.runs()],
  teams: [playbookKeys.approverLists()],
  team_members: [playbookKeys.approverLists()],
};
