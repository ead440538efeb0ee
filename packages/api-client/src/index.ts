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
} from './builder.ts';
export { parseContentRange, type ContentRange } from './contentRange.ts';
export * from './schemas.ts';
export * from './health.ts';
export * from './checkSchemas.ts';
export * from './checkCalls.ts';
export { apiQueryKeys } from './queryKeys.ts';
