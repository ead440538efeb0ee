import { defineService } from '../defineService.ts';
import { checkScrapeConfigWrite } from '../specContracts.ts';
import { scrapeConfigResourceKind } from '../resourceKinds.ts';
import { changeWindowsJob } from './changeWindows.ts';
import { catalogRoutes } from './routes.ts';
import { seedCatalog } from './seed.ts';
import { createSummaryCache, homeSummaryJob, SUMMARY_TABLES } from './summaryCache.ts';

/** The list's searched columns and their stored lower() companions (migration 005). */
const searchFolded = {
  name: 'name_folded',
  type: 'type_folded',
  description: 'description_folded',
  namespace: 'namespace_folded',
};

/**
 * The config catalog (reference §3): scrapers, config items, their changes, analyses and
 * relationships; the /api/db views and functions the catalog pages read, POST /api/catalog/changes
 * and /summary, the demo estate, and the job that keeps each config's change counts current.
 *
 * RBAC objects: the reference maps config_* to `catalog` and the small option views to
 * `database.public`. The spec's role matrix (which wins for this server) has no catalog resource;
 * its `database` is the main data, so both map there: viewers and up read, editors and admins
 * write, guests get nothing. Scrapers keep their own resource (`config_scrapers`, the settings
 * editors' table), as the reference's `database.config_scrapers`.
 */
export const catalogService = defineService({
  name: 'catalog',
  dependsOn: ['canary', 'topology'],
  migrations: true,
  setup: () => createSummaryCache(),
  routes: [{ base: '/api/catalog', app: ({ db }, summaries) => catalogRoutes(db, summaries) }],
  on: {
    'table-written': ({ table }, _context, summaries) => {
      if (SUMMARY_TABLES.has(table)) summaries.forget();
    },
  },
  // GitOps: ScrapeConfig documents of --resources DIR and `apply -f` (issue 35).
  resources: { ScrapeConfig: scrapeConfigResourceKind },
  tables: {
    config_items: { object: 'database', caseFolded: searchFolded },
    configs: { object: 'database', caseFolded: searchFolded },
    config_detail: { object: 'database', caseFolded: searchFolded },
    config_changes: { object: 'database' },
    catalog_changes: { object: 'database' },
    config_analysis: { object: 'database' },
    config_analysis_items: { object: 'database' },
    config_analysis_analyzers: { object: 'database' },
    config_relationships: { object: 'database' },
    config_component_relationships: { object: 'database' },
    config_names: { object: 'database' },
    config_types: { object: 'database' },
    config_classes: { object: 'database' },
    config_statuses: { object: 'database' },
    config_tags: { object: 'database' },
    config_labels: { object: 'database' },
    config_tags_labels_keys: { object: 'database' },
    analysis_types: { object: 'database' },
    change_types: { object: 'database' },
    // A scraper's spec must pass the ScrapeConfig contract, for every writer (issue 32 §1).
    config_scrapers: { object: 'config_scrapers', guardWrite: checkScrapeConfigWrite },
    check_config_relationships: { object: 'canaries' },
    check_summary_for_config: { object: 'canaries' },
    // Reference views and tables (issue 30, migration 010).
    changes_by_component: { object: 'database' },
    analysis_by_component: { object: 'database' },
    config_summary: { object: 'database' },
    config_changes_items: { object: 'database' },
    saved_query: { object: 'database' },
    checks_by_config: { object: 'canaries' },
  },
  // Each function is read-only and reads the catalog's tables, so it is read by whoever reads them.
  rpc: {
    related_configs_recursive: { object: 'database', readOnly: true },
    related_config_ids_recursive: { object: 'database', readOnly: true },
    lookup_config_children: { object: 'database', readOnly: true },
    lookup_config_relations: { object: 'database', readOnly: true },
    config_analysis_filter_options: { object: 'database', readOnly: true },
    get_parents_by_location: { object: 'database', readOnly: true },
  },
  seed: seedCatalog,
  // Moves the kept 7- and 30-day change counts on as time passes (migration 004), and computes the
  // catalog home's groups once the server listens.
  scheduledJobs: ({ log }, summaries) => [changeWindowsJob(log), homeSummaryJob(summaries)],
});
