import type { TableInvalidations } from '../changes.ts';
import { apiKeyRoot } from '../keys.ts';
import type { TopologyQuery } from './topology.ts';

/**
 * Keys of the topology queries, all under `['opsdeck-api', 'topology']`: the trees, and per
 * component the side panel's reads, so invalidating `component(id)` refreshes its panel.
 */
export const topologyKeys = {
  all: () => [apiKeyRoot, 'topology'] as const,
  trees: () => [...topologyKeys.all(), 'tree'] as const,
  tree: (query: TopologyQuery) => [...topologyKeys.trees(), query] as const,
  component: (id: string) => [...topologyKeys.all(), 'component', id] as const,
  names: (ids: readonly string[]) => [...topologyKeys.all(), 'names', ids.join(',')] as const,
  checks: (id: string) => [...topologyKeys.component(id), 'checks'] as const,
  configs: (id: string) => [...topologyKeys.component(id), 'configs'] as const,
  incidents: (id: string) => [...topologyKeys.component(id), 'incidents'] as const,
};

/**
 * The tables whose writes make topology queries stale: the trees and the component panels read the
 * components and their relationships, and the health, configs, insights, changes, incidents and
 * owning teams of each card.
 */
export const topologyInvalidations: TableInvalidations = Object.fromEntries(
  [
    'topologies',
    'components',
    'component_relationships',
    'team_components',
    'teams',
    'canaries',
    'checks',
    'check_component_relationships',
    'config_items',
    'config_component_relationships',
    'config_analysis',
    'config_changes',
    'incidents',
    'hypotheses',
    'evidences',
  ].map((table) => [table, [topologyKeys.all()]]),
);
