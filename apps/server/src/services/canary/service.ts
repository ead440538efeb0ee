import { defineService } from '../defineService.ts';
import { checkCanaryWrite } from '../specContracts.ts';
import { canaryResourceKind } from '../resourceKinds.ts';
import { canaryRoutes } from './routes.ts';
import { canaryJob } from './scheduler.ts';
import { seedCanaries } from './seed.ts';
import { createSummaryReplies, summaryRefreshJob, type SummaryReplies } from './summaryReplies.ts';
import { createSummaryTable, SUMMARY_SOURCES } from './summaryTable.ts';

/**
 * The canary service: canaries, checks and their statuses, the health summary, the runner and its
 * scheduler, and /api/canary.
 */
export const canaryService = defineService({
  name: 'canary',
  setup({ db, log, config }): SummaryReplies {
    // A test watching the cache hands in its own replies.
    if (config.summaryReplies) return config.summaryReplies as SummaryReplies;
    const table =
      config.summaryStaleMillis === undefined
        ? undefined
        : createSummaryTable(db, { staleMillis: config.summaryStaleMillis, log });
    return createSummaryReplies(db, { cacheMillis: config.summaryCacheMillis ?? 0, table });
  },
  routes: [
    {
      base: '/api/canary',
      app: ({ db, version }, summaries) => canaryRoutes(db, version, summaries),
    },
  ],
  migrations: true,
  tables: {
    // A canary's spec must pass the Canary contract, for every writer (issue 32 §1).
    canaries: { object: 'canaries', guardWrite: checkCanaryWrite },
    checks: { object: 'canaries' },
    check_statuses: { object: 'canaries' },
    check_summary: { object: 'canaries' },
    check_names: { object: 'canaries' },
    check_labels: { object: 'canaries' },
    canary_names: { object: 'canaries' },
    checks_labels_keys: { object: 'canaries' },
  },
  rpc: {
    check_summary_for_component: { object: 'canaries', readOnly: true },
  },
  // GitOps: Canary documents of --resources DIR and `apply -f` (issue 35).
  resources: { Canary: canaryResourceKind },
  seed: seedCanaries,
  // Runs canaries on their schedules (a lease in the database keeps instances from running one
  // twice), and keeps the served summary at most its stale window old when nobody asks for it.
  scheduledJobs: ({ log, config }, summaries) => [
    canaryJob(log),
    ...(config.summaryStaleMillis === undefined
      ? []
      : [summaryRefreshJob(summaries, config.summaryStaleMillis)]),
  ],
  on: {
    // A change to checks, canaries or statuses, by any writer (a scheduled run included), is in the
    // next summary: a few checks' rows are rebuilt alone, anything larger marks the whole table.
    'table-written': async ({ table, ids, count }, _context, summaries) => {
      if (!SUMMARY_SOURCES.has(table)) return;
      const checks = writtenChecks(table, ids, count);
      if (!checks) return summaries.changed();
      for (const id of checks) await summaries.checkRan(id);
    },
  },
});

/** Rows a run writes at a time; more than this rebuilds the whole summary table at once. */
const ROW_REFRESH_LIMIT = 20;

// The checks a write of `checks` or `check_statuses` touched (the latter keyed (check_id, time),
// listed as JSON arrays), when few enough to refresh one by one.
function writtenChecks(table: string, ids: string[] | null, count: number): string[] | undefined {
  if (!ids || count > ROW_REFRESH_LIMIT || table === 'canaries') return undefined;
  if (table === 'checks') return ids;
  return [...new Set(ids.map((id) => (JSON.parse(id) as [string])[0]))];
}
