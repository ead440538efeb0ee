export {
  catalogChangesQuery,
  changeTypesQuery,
  configChangeQuery,
  configDiffHistoryQuery,
  getCatalogChanges,
  getChangeTypes,
  getConfigChange,
  getConfigDiffHistory,
  type CatalogChangesQuery,
  type ChangesSortBy,
} from './changeCalls.ts';
export { componentConfigChangesQuery, componentConfigInsightsQuery } from './componentCalls.ts';
export {
  configDetailQuery,
  configFilterOptionsQuery,
  configCountQuery,
  configSummaryBody,
  configListQuery,
  configPageQuery,
  configSummaryQuery,
  getConfigDetail,
  getConfigFilterOptions,
  getConfigList,
  getConfigSummary,
  type ConfigListQuery,
  type ConfigSortBy,
  type ConfigSummaryQuery,
  type IncludeExclude,
  type KeyValueCondition,
} from './configCalls.ts';
export {
  analyzersQuery,
  configInsightsQuery,
  getAnalyzers,
  getConfigInsights,
  type ConfigInsightsQuery,
  type InsightSortBy,
} from './insightCalls.ts';
export {
  configChecksQuery,
  configComponentsQuery,
  getConfigChecks,
  getConfigComponents,
  getRelatedConfigs,
  maxRelationshipDepth,
  relatedConfigsQuery,
  type RelatedConfigsQuery,
  type RelationDirection,
} from './relationshipCalls.ts';
export { configScraperQuery, configScrapersQuery, scraperJobsQuery } from './scraperCalls.ts';
export type {
  CatalogChange,
  ConfigCheck,
  ConfigDetail,
  ConfigInsight,
  ConfigListItem,
  ConfigScraper,
  ConfigSummaryRow,
  RelatedConfig,
  ScraperJob,
} from './schemas.ts';
export { catalogInvalidations } from './keys.ts';
