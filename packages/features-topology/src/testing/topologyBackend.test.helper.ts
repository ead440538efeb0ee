import { createFakeBackend, readJsonFixture, type FakeBackend } from '@opsdeck/testing';

/**
 * A component as this server answers it: Mission Control's recordings carry `namespace` and
 * `tooltip`, which this server's components do not have (yet), so the stand-in leaves them out.
 */
function asThisServer(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(asThisServer);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'namespace' && key !== 'tooltip')
      .map(([key, inner]) => [key, asThisServer(inner)]),
  );
}

const expectation = (name: string) =>
  asThisServer(
    readJsonFixture<Record<string, unknown>>(`mission-control/expectations/${name}.json`),
  ) as Record<string, unknown>;

/** Component ids of the expectation fixtures' estate (flanksource/duty's dummy topology). */
export const fixtureIds = {
  logistics: '018681fc-e54f-bd4f-42be-068a9a69eeb5',
  cluster: '018681fe-8156-4b91-d178-caf8b3c2818c',
  nodes: '018681fe-b27e-7627-72c2-ad18e93f72f4',
  nodeA: '018681fe-f5aa-37e9-83f7-47b5b0232d5e',
} as const;

/**
 * The topology endpoint answering with the real expectation file of each query (reference §4's
 * table of fixtures), and the console's PostgREST reads of a component's panel.
 */
export function startTopologyBackend(): Promise<FakeBackend> {
  return createFakeBackend({
    'GET /api/canary/api/topology': ({ query }) => {
      const id = query.get('id');
      if (id === fixtureIds.cluster) return expectation('topology_cluster_component_tree');
      if (id === fixtureIds.nodeA) return expectation('topology_child_tree');
      if (id) return { components: [], healthStatuses: [], teams: [], tags: null, types: [] };
      if (query.get('labels') === 'telemetry=enabled')
        return expectation('topology_tree_with_label_filter');
      if (query.get('owner') === 'logistics-team')
        return expectation('topology_tree_with_owner_filter');
      return expectation('topology_root_tree');
    },
    'GET /api/db/components': [
      { id: fixtureIds.cluster, name: 'cluster', icon: 'icon-cluster', type: 'KubernetesCluster' },
      { id: fixtureIds.nodes, name: 'Nodes', icon: null, type: 'KubernetesNodes' },
    ],
    'GET /api/db/checks_by_component': [
      {
        component_id: fixtureIds.cluster,
        id: 'check-api',
        name: 'api-health',
        status: 'unhealthy',
      },
    ],
    'GET /api/db/config_component_relationships': [
      {
        config_id: 'config-1',
        configs: { id: 'config-1', name: 'deploy/api', type: 'Kubernetes::Deployment' },
      },
    ],
    'GET /api/db/incidents_by_component': [
      { id: 'incident-1', title: 'API latency', severity: 'High', status: 'open' },
    ],
  });
}
