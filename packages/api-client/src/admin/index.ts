export {
  jobHistoryQuery,
  jobHistorySortColumns,
  jobNamesQuery,
  listJobHistory,
  type JobHistoryQuery,
} from './jobs.ts';
export { adminInvalidations, adminKeys } from './keys.ts';
export { jobAgentName, type JobHistory } from './schemas.ts';
