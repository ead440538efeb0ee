export {
  componentChecksQuery,
  componentConfigsQuery,
  componentIncidentsQuery,
  componentNamesQuery,
} from './componentCalls.ts';
/** A component's config as componentConfigsQuery returns it, for a hook's declaration. @public */
export type { ComponentConfig } from './componentCalls.ts';
export type {
  ComponentName,
  ComponentProperty,
  ComponentSummary,
  TopologyComponent,
  TopologyReply,
} from './schemas.ts';
/** The logs call's body and reply (reference §9), for the server to validate and a page to read. @public */
export { logsReplySchema, logsRequestSchema } from './schemas.ts';
/** @public */
export type { LogLine, LogsReply, LogsRequest } from './schemas.ts';
/** The logs page's reads (reference §9): components with logs, their selectors, and the lines. @public */
export {
  getLogs,
  listLogsComponents,
  logsComponentsQuery,
  logsKeys,
  logsQuery,
  type LogsComponent,
} from './logsCalls.ts';
export { topologyQuery, type TopologyQuery, type TopologySortBy } from './topology.ts';
export { topologyInvalidations } from './keys.ts';
