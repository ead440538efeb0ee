import { defineService } from '../defineService.ts';
import { seedTopology } from './seed.ts';

/** Topologies and components; for now tables, rpc objects and the demo seed only. */
export const topologyService = defineService({
  name: 'topology',
  dependsOn: ['canary'],
  migrations: true,
  tables: {
    topologies: { object: 'topologies' },
    components: { object: 'topologies' },
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
