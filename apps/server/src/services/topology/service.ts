import { defineService } from '../defineService.ts';
import { snapshotRoutes, topologyRoutes } from './routes.ts';
import { seedTopology } from './seed.ts';

/**
 * Topologies and components: the tree the dashboard draws (GET /api/canary/api/topology, served here
 * as Mission Control serves it itself), the snapshot zip, the /api/db tables and the demo estate.
 */
export const topologyService = defineService({
  name: 'topology',
  dependsOn: ['canary'],
  migrations: true,
  routes: [
    { base: '/api/canary/api/topology', app: ({ db }) => topologyRoutes(db) },
    { base: '/api/snapshot', app: ({ db }) => snapshotRoutes(db) },
  ],
  tables: {
    topologies: { object: 'topologies' },
    components: { object: 'topologies' },
    component_relationships: { object: 'topologies' },
    component_names: { object: 'topologies' },
    component_labels: { object: 'topologies' },
    team_components: { object: 'topologies' },
    check_component_relationships: { object: 'canaries' },
    checks_by_component: { object: 'canaries' },
  },
  rpc: {
    lookup_analysis_by_component: { object: 'topologies', readOnly: true },
    lookup_changes_by_component: { object: 'topologies', readOnly: true },
    lookup_configs_by_component: { object: 'topologies', readOnly: true },
    lookup_components_by_check: { object: 'topologies', readOnly: true },
    lookup_components_by_config: { object: 'topologies', readOnly: true },
  },
  seed: seedTopology,
});
