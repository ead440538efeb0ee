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
export { topologyQuery, type TopologyQuery, type TopologySortBy } from './topology.ts';
export { topologyInvalidations } from './keys.ts';
