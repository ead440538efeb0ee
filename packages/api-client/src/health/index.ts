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
export {
  checkSummaryQuerySchema,
  checkSummaryReplySchema,
  type CheckStatus,
  type CheckSummary,
} from './schemas.ts';
export { checkSummaryQuery } from './summary.ts';
export { healthInvalidations } from './keys.ts';
