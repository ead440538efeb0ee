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

/** The tables whose writes make topology queries stale. */
export const topologyInvalidations: TableInvalidations = {
  topologies: [topologyKeys.all()],
  components: [topologyKeys.all()],
  component_relationships: [topologyKeys.all()],
};
