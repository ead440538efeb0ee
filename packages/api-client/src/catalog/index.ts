export {
  catalogChangesQuery,
  changeTypesQuery,
  configChangeQuery,
  configDiffHistoryQuery,
  type CatalogChangesQuery,
  type ChangesSortBy,
} from './changeCalls.ts';
export { componentConfigChangesQuery, componentConfigInsightsQuery } from './componentCalls.ts';
export {
  configDetailQuery,
  configFilterOptionsQuery,
  configListQuery,
  configSummaryQuery,
  getConfigList,
  type ConfigListQuery,
  type ConfigSortBy,
  type ConfigSummaryQuery,
  type IncludeExclude,
  type KeyValueCondition,
} from './configCalls.ts';
export {
  analyzersQuery,
  configInsightsQuery,
  type ConfigInsightsQuery,
  type InsightSortBy,
} from './insightCalls.ts';
export {
  configChecksQuery,
  configComponentsQuery,
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
