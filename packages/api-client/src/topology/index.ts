export {
  componentChecksQuery,
  componentConfigsQuery,
  componentIncidentsQuery,
  componentNamesQuery,
  type ComponentConfig,
} from './componentCalls.ts';
export type {
  ComponentCheck,
  ComponentIncident,
  ComponentName,
  ComponentProperty,
  ComponentSummary,
  TopologyComponent,
  TopologyReply,
} from './schemas.ts';
export { topologyQuery, type TopologyQuery, type TopologySortBy } from './topology.ts';
