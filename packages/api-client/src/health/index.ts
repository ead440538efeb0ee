export {
  checkDetailsQuery,
  checkGraphQuery,
  runCheckNow,
  statusHistoryPageSize,
  statusHistoryQuery,
} from './checkCalls.ts';
export type { CheckDetails, CheckGraphReply } from './checkSchemas.ts';
export { healthKeys } from './keys.ts';
export { recentStatusesQuery } from './recentStatuses.ts';
// The summary's request schema is on ./health/schemas, the plain entry the server validates with.
export { checkSummaryReplySchema, type CheckStatus, type CheckSummary } from './schemas.ts';
export { checkSummaryQuery } from './summary.ts';
export { healthInvalidations } from './keys.ts';
