import * as z from 'zod/mini';
import { looseObject } from '../looseObject.ts';
import { labels, listOf, maybeBoolean, maybeNumber, maybeText, text } from '../schemaParts.ts';

// The catalog's rows as shared/reference/mission-control-areas.md §3 (and correction 6) describes
// them. Loose objects: a newer backend may add columns and the console keeps working.

/** `{<key>: count}` maps (the analysis counts of a config or a summary group). */
const counts = z.nullish(z.record(z.string(), z.number()));
/**
 * A config's open insights: Mission Control's `configs` view counts them by type (`{security: 2}`),
 * apps/server's keeps a plain total there (its column predates the by-type map); both are read.
 */
const insightCounts = z.nullish(z.union([z.number(), z.record(z.string(), z.number())]));
/** Tags are a string map on config_items; kept loose since scrapers may write other JSON values. */
const tagMap = z.nullish(z.record(z.string(), z.unknown()));
// Views build the agent as jsonb; a missing id is read as absent rather than failing the list.
const agentRef = z.nullish(looseObject({ id: maybeText, name: maybeText }));

/** A row of the `configs` view as the list selects it (reference §3 "Configs list"). */
export const configListItemSchema = looseObject({
  id: text,
  name: maybeText,
  type: maybeText,
  config_class: maybeText,
  status: maybeText,
  health: maybeText,
  description: maybeText,
  namespace: maybeText,
  labels,
  tags: tagMap,
  created_at: maybeText,
  updated_at: maybeText,
  deleted_at: maybeText,
  cost_per_minute: maybeNumber,
  cost_total_1d: maybeNumber,
  cost_total_30d: maybeNumber,
  changes: maybeNumber,
  analysis: insightCounts,
  agent: agentRef,
});
export type ConfigListItem = z.output<typeof configListItemSchema>;

/** The `config_detail` view: config_items.* with the last scrape, agent, counts and scraper. */
export const configDetailSchema = looseObject({
  id: text,
  name: maybeText,
  type: maybeText,
  config_class: maybeText,
  status: maybeText,
  health: maybeText,
  ready: maybeBoolean,
  description: maybeText,
  external_id: z.nullish(z.union([z.string(), z.array(z.string())])),
  labels,
  tags: tagMap,
  /** The scraped document: usually an object, a string for a few scrapers. */
  config: z.nullish(z.unknown()),
  source: maybeText,
  path: maybeText,
  parent_id: maybeText,
  agent_id: maybeText,
  agent_name: maybeText,
  scraper_id: maybeText,
  created_at: maybeText,
  updated_at: maybeText,
  deleted_at: maybeText,
  last_scraped_time: maybeText,
  summary: z.nullish(
    looseObject({
      relationships: maybeNumber,
      analysis: maybeNumber,
      changes: maybeNumber,
      playbook_runs: maybeNumber,
      checks: maybeNumber,
    }),
  ),
  scraper: z.nullish(looseObject({ id: text, name: maybeText })),
});
export type ConfigDetail = z.output<typeof configDetailSchema>;

/** One group of `POST /catalog/summary` (by type unless groupBy says otherwise). */
export const configSummaryRowSchema = looseObject({
  type: maybeText,
  count: z.number(),
  health: counts,
  changes: maybeNumber,
  analysis: counts,
  created_at: maybeText,
  updated_at: maybeText,
  cost_30d: maybeNumber,
});
export type ConfigSummaryRow = z.output<typeof configSummaryRowSchema>;
/** The summary answers `null` when nothing matches. */
export const configSummaryReplySchema = listOf(configSummaryRowSchema);

/** A row of `POST /catalog/changes`: no diff and no details (reference §3). */
export const catalogChangeSchema = looseObject({
  id: text,
  config_id: maybeText,
  change_type: maybeText,
  severity: maybeText,
  source: maybeText,
  summary: maybeText,
  created_at: maybeText,
  first_observed: maybeText,
  count: maybeNumber,
  name: maybeText,
  type: maybeText,
  tags: tagMap,
  created_by: maybeText,
  external_created_by: maybeText,
  agent_id: maybeText,
  deleted_at: maybeText,
});
export type CatalogChange = z.output<typeof catalogChangeSchema>;

/** `{summary?, total?, changes?}`, all omitempty: an empty result is `{}`. */
export const catalogChangesReplySchema = z.pipe(
  looseObject({
    summary: counts,
    total: maybeNumber,
    changes: listOf(catalogChangeSchema),
  }),
  z.transform((reply) => ({
    summary: reply.summary ?? {},
    total: reply.total ?? reply.changes.length,
    changes: reply.changes,
  })),
);
export type CatalogChangesReply = z.output<typeof catalogChangesReplySchema>;

/** One `config_changes` row with its diff (reference §3 "One change is read with"). */
export const configChangeDetailSchema = looseObject({
  id: text,
  config_id: maybeText,
  change_type: maybeText,
  severity: maybeText,
  summary: maybeText,
  source: maybeText,
  created_at: maybeText,
  external_created_by: maybeText,
  created_by: z.nullish(z.unknown()),
  /** A unified diff (`--- a` / `+++ b` / hunks) of the config before and after. */
  diff: maybeText,
  details: z.nullish(z.unknown()),
  patches: z.nullish(z.unknown()),
  config: z.nullish(looseObject({ id: text, name: maybeText, type: maybeText })),
});
export type ConfigChangeDetail = z.output<typeof configChangeDetailSchema>;

/** A row of `config_analysis_items` as the insights list selects it. */
export const configInsightSchema = looseObject({
  id: text,
  config_id: maybeText,
  analysis_type: maybeText,
  analyzer: maybeText,
  summary: maybeText,
  message: maybeText,
  severity: maybeText,
  status: maybeText,
  source: maybeText,
  first_observed: maybeText,
  last_observed: maybeText,
  config_name: maybeText,
  // Its tags say where it lives (namespace, cluster), to tell two 'worker' insights apart.
  config: z.nullish(looseObject({ id: text, name: maybeText, type: maybeText, tags: tagMap })),
});
export type ConfigInsight = z.output<typeof configInsightSchema>;

/** A row of rpc related_configs_recursive: the config itself, its parents and its relations. */
export const relatedConfigSchema = looseObject({
  id: text,
  name: maybeText,
  type: maybeText,
  related_ids: listOf(text),
  tags: tagMap,
  health: maybeText,
  status: maybeText,
  path: maybeText,
  changes: maybeNumber,
  deleted_at: maybeText,
  created_at: maybeText,
  updated_at: maybeText,
});
export type RelatedConfig = z.output<typeof relatedConfigSchema>;

/** A component related to a config (config_component_relationships with the component embedded). */
export const configComponentSchema = looseObject({
  component_id: maybeText,
  component: z.nullish(
    looseObject({ id: text, name: maybeText, type: maybeText, icon: maybeText }),
  ),
});

/** A row of `check_summary_for_config`: a check linked to the config with its health. */
export const configCheckSchema = looseObject({
  id: text,
  name: maybeText,
  status: maybeText,
  type: maybeText,
  icon: maybeText,
  canary_id: maybeText,
  config_id: maybeText,
});
export type ConfigCheck = z.output<typeof configCheckSchema>;

/** A row of `config_scrapers_with_status`. */
export const configScraperSchema = looseObject({
  id: text,
  name: maybeText,
  namespace: maybeText,
  source: maybeText,
  spec: z.nullish(z.unknown()),
  created_at: maybeText,
  updated_at: maybeText,
  job_status: maybeText,
  job_success_count: maybeNumber,
  job_error_count: maybeNumber,
  job_time_start: maybeText,
  job_time_end: maybeText,
  job_duration_millis: maybeNumber,
  job_last_failed: maybeText,
  agent: agentRef,
});
export type ConfigScraper = z.output<typeof configScraperSchema>;

/** A row of `job_histories`: one run of a scraper. */
export const scraperJobSchema = looseObject({
  id: text,
  name: maybeText,
  status: maybeText,
  success_count: maybeNumber,
  error_count: maybeNumber,
  duration_millis: maybeNumber,
  time_start: maybeText,
  time_end: maybeText,
  created_at: maybeText,
  details: z.nullish(z.unknown()),
});
export type ScraperJob = z.output<typeof scraperJobSchema>;

// The small views that fill the filters' options.
export const configTypeRowSchema = looseObject({ type: maybeText });
export const configStatusRowSchema = looseObject({ status: maybeText });
export const keyValueRowSchema = looseObject({ key: text, value: z.nullish(z.unknown()) });
export const changeTypeRowSchema = looseObject({ change_type: maybeText });
export const analyzerRowSchema = looseObject({ analyzer: maybeText });

/** Values a tri-state filter includes and excludes (`a,!b` on the wire). */
export interface IncludeExclude {
  include?: readonly string[];
  exclude?: readonly string[];
}

export interface ConfigSummaryQuery {
  status?: IncludeExclude;
  health?: IncludeExclude;
  /** Label key → `v`, `!v` or `a,b`. */
  labels?: Readonly<Record<string, string>>;
  includeDeleted?: boolean;
}

const triStateText = (value: IncludeExclude | undefined) =>
  [...(value?.include ?? []), ...(value?.exclude ?? []).map((item) => `!${item}`)].join(',');

/** The body the reference UI sends (reference §3 "POST /api/catalog/summary"). */
export function configSummaryBody(query: ConfigSummaryQuery) {
  const status = triStateText(query.status);
  const health = triStateText(query.health);
  return {
    groupBy: ['type'],
    deleted: query.includeDeleted ?? false,
    ...(query.labels && Object.keys(query.labels).length > 0 ? { filter: query.labels } : {}),
    ...(health ? { health } : {}),
    ...(status ? { status } : {}),
    changes: { since: '30d' },
    analysis: { since: '30d' },
    cost: '30d',
  };
}
