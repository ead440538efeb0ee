import { defineService } from '../defineService.ts';
import { seedCatalog } from './seed.ts';

/** The config catalog; for now tables, rpc objects and the demo seed only. */
export const catalogService = defineService({
  name: 'catalog',
  dependsOn: ['canary', 'topology'],
  migrations: true,
  tables: {
    config_items: { object: 'config_scrapers' },
    configs: { object: 'config_scrapers' },
    config_changes: { object: 'config_scrapers' },
    config_analysis: { object: 'config_scrapers' },
    config_relationships: { object: 'config_scrapers' },
    config_component_relationships: { object: 'config_scrapers' },
    config_scrapers: { object: 'config_scrapers' },
    check_config_relationships: { object: 'canaries' },
    check_summary_for_config: { object: 'canaries' },
  },
  rpc: {
    related_configs_recursive: { object: 'config_scrapers', readOnly: true },
    related_configs: { object: 'config_scrapers', readOnly: true },
    related_config_ids: { object: 'config_scrapers', readOnly: true },
    related_config_ids_recursive: { object: 'config_scrapers', readOnly: true },
    related_changes_recursive: { object: 'config_scrapers', readOnly: true },
    config_relationships_recursive: { object: 'config_scrapers', readOnly: true },
    get_recursive_path: { object: 'config_scrapers', readOnly: true },
    lookup_config_children: { object: 'config_scrapers', readOnly: true },
    lookup_config_relations: { object: 'config_scrapers', readOnly: true },
    lookup_related_configs: { object: 'config_scrapers', readOnly: true },
    get_parents_by_location: { object: 'config_scrapers', readOnly: true },
    get_children_by_location: { object: 'config_scrapers', readOnly: true },
    get_parents_id_by_location: { object: 'config_scrapers', readOnly: true },
    get_children_id_by_location: { object: 'config_scrapers', readOnly: true },
    config_analysis_filter_options: { object: 'config_scrapers', readOnly: true },
  },
  seed: seedCatalog,
});
