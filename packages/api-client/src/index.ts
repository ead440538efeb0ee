export { createApiClient, type ApiClient } from './client.ts';
export {
  serviceGroupPaths,
  defaultTimeout,
  type ApiClientOptions,
  type ApiReply,
  type HttpMethod,
  type RequestOptions,
  type SearchParamsInit,
  type ServiceGroup,
  type ServiceGroupName,
} from './http.ts';
export {
  ApiError,
  apiErrorMessages,
  authStateCheckerUrl,
  isApiError,
  messageFromBody,
  type ApiErrorInit,
  type ApiErrorKind,
} from './errors.ts';
export {
  PostgrestBuilder,
  type BuilderResult,
  type ColumnName,
  type CountedRows,
  type DbGroup,
  type FilterInput,
  type IsInput,
  type OrderOptions,
  type PostgrestRequest,
  type RpcOptions,
  type TriStateInput,
} from './db/builder.ts';
export { parseContentRange, type ContentRange } from './contentRange.ts';
// Until every consumer imports its domain's subpath.
export * from './health/schemas.ts';
export { getCheckSummary, type CheckSummaryQuery } from './health/summary.ts';
export * from './health/checkSchemas.ts';
export {
  checkDetailsSelect,
  checkRunResultSchema,
  getCheckDetails,
  getCheckGraph,
  getCheckStatusHistory,
  graphPointCount,
  runCheckNow,
  statusHistoryPageSize,
  type CheckGraphQuery,
  type CheckRunResult,
  type StatusHistoryQuery,
} from './health/checkCalls.ts';
export { resolveStart } from './health/start.ts';
export * from './auth/schemas.ts';
export { getWhoami } from './auth/whoami.ts';
export * from './general/schemas.ts';
export { getAbout, getProperties, kubeconfigUrl } from './general/general.ts';
export type { CallOptions } from './http.ts';
export { apiQueryKeys } from './queryKeys.ts';
