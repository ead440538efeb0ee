import { defineService } from '../defineService.ts';
import { checkTopologyWrite } from '../specContracts.ts';
import { topologyResourceKind } from '../resourceKinds.ts';
import { createReplyCache } from '../replyCache.ts';
import { snapshotRoutes, topologyRoutes } from './routes.ts';
import { seedTopology } from './seed.ts';

/**
 * How long the topology's estate (every component, its links and linked counts) is reused: the
 * health summary's window. A filter or a component page opened within it reads no estate again;
 * check results the scheduler writes show within it.
 */
const ESTATE_CACHE_MILLIS = 5_000;

/** The tables the estate reads: a write to one through /api/db forgets it at once. */
const ESTATE_TABLES: ReadonlySet<string> = new Set([
  'topologies',
  'components',
  'component_relationships',
  'team_components',
  'teams',
  'checks',
  'check_component_relationships',
  'incidents',
  'hypotheses',
  'evidences',
  'config_component_relationships',
  'config_analysis',
]);

/**
 * Topologies and components: the tree the dashboard draws (GET /api/canary/api/topology, served here
 * as Mission Control serves it itself), the snapshot zip, the /api/db tables and the demo estate.
 */
export const topologyService = defineService({
  name: 'topology',
  dependsOn: ['canary'],
  migrations: true,
  setup: () => createReplyCache(ESTATE_CACHE_MILLIS),
  on: {
    'table-written': ({ table }, _context, estates) => {
      if (ESTATE_TABLES.has(table)) estates.forget();
    },
  },
  routes: [
    { base: '/api/canary/api/topology', app: ({ db }, estates) => topologyRoutes(db, estates) },
    { base: '/api/snapshot', app: ({ db }) => snapshotRoutes(db) },
  ],
  // GitOps: Topology documents of --resources DIR and `apply -f` (issue 35).
  resources: { Topology: topologyResourceKind },
  tables: {
    // A topology's spec must pass the Topology contract, for every writer (issue 32 §1).
    topologies: { object: 'topologies', guardWrite: checkTopologyWrite },
    components: { object: 'topologies' },
    component_relationships: { object: 'topologies' },
    component_names: { object: 'topologies' },
    component_labels: { object: 'topologies' },
    team_components: { object: 'topologies' },
    component_labels_keys: { object: 'topologies' },
    components_with_logs: { object: 'topologies' },
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
