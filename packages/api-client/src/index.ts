// The transport: the client and its service groups, and how a call fails. Each domain's calls,
// schemas, keys and query options are on its own subpath (./health, ./auth, ./general), the
// PostgREST query builder on ./db.
export { createApiClient, type ApiClient } from './client.ts';
export type { ApiClientOptions, InvalidRows } from './http.ts';
export { isUuid } from './ids.ts';
export {
  ApiError,
  apiErrorMessages,
  authStateCheckerUrl,
  isApiError,
  isNotFoundError,
  messageFromBody,
  serverErrorCodes,
} from './errors.ts';
/** The change stream's reader and its event shape, for apps that follow it themselves. @public */
export {
  changeEventSchema,
  mergeInvalidations,
  NoChangeStreamError,
  readChangeStream,
  type ChangeEvent,
  type ChangeStreamHandlers,
  type InvalidatedKey,
  type TableInvalidations,
} from './changes.ts';
