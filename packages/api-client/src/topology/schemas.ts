import * as z from 'zod/mini';
import { looseObject } from '../looseObject.ts';
import { labels, listOf, maybeBoolean, maybeNumber, maybeText, text } from '../schemaParts.ts';

// The topology reply (shared/reference/mission-control-areas.md §4). Deeper levels of the tree carry
// a reduced column set, so everything but id and name is optional.

const countsBySeverity = z.record(z.string(), z.number());

export const componentSummarySchema = looseObject({
  healthy: maybeNumber,
  unhealthy: maybeNumber,
  warning: maybeNumber,
  info: maybeNumber,
  /** `{<incident type>: {<severity as stored, e.g. "Blocker">: n}}`, open incidents only. */
  incidents: z.nullish(z.record(z.string(), countsBySeverity)),
  /** `{<analysis type>: {<severity>: n}}`, unresolved analyses only. */
  insights: z.nullish(z.record(z.string(), countsBySeverity)),
  /** `{<check status>: n}`. */
  checks: z.nullish(countsBySeverity),
});
export type ComponentSummary = z.output<typeof componentSummarySchema>;

export const propertyLinkSchema = looseObject({
  type: maybeText,
  url: maybeText,
  text: maybeText,
  label: maybeText,
  icon: maybeText,
  tooltip: maybeText,
});

/** One property of a component: either `text` or `value` (with `unit`, `max`, `min`). */
export const componentPropertySchema = looseObject({
  name: maybeText,
  label: maybeText,
  tooltip: maybeText,
  icon: maybeText,
  type: maybeText,
  color: maybeText,
  order: maybeNumber,
  headline: maybeBoolean,
  hidden: maybeBoolean,
  text: maybeText,
  value: maybeNumber,
  unit: maybeText,
  max: maybeNumber,
  min: maybeNumber,
  status: maybeText,
  lastTransition: maybeText,
  links: listOf(propertyLinkSchema),
});
export type ComponentProperty = z.output<typeof componentPropertySchema>;

/** A node of the topology tree as the console reads it; unknown keys are kept. */
export interface TopologyComponent {
  id: string;
  name: string;
  text?: string | null;
  topology_id?: string | null;
  agent_id?: string | null;
  external_id?: string | null;
  parent_id?: string | null;
  namespace?: string | null;
  description?: string | null;
  tooltip?: string | null;
  labels?: Record<string, string> | null;
  hidden?: boolean | null;
  status?: string | null;
  health?: string | null;
  status_reason?: string | null;
  icon?: string | null;
  type?: string | null;
  owner?: string | null;
  lifecycle?: string | null;
  /** Ancestor ids joined by dots, root first. */
  path?: string | null;
  is_leaf?: boolean | null;
  created_at?: string | null;
  updated_at?: string | null;
  properties: ComponentProperty[];
  summary?: ComponentSummary | null;
  components: TopologyComponent[];
  /** Ids of the direct children. */
  children: string[];
  /** Ids of the parents (by parent_id or relationship). */
  parents: string[];
  /** Names of the teams that own it (team_components); the Team filter's cards. */
  team_names: string[];
  [key: string]: unknown;
}

// Recursive through z.lazy; the annotation names the output since inference cannot see through it.
export const topologyComponentSchema: z.ZodMiniType<TopologyComponent, unknown> = looseObject({
  id: text,
  name: text,
  text: maybeText,
  topology_id: maybeText,
  agent_id: maybeText,
  external_id: maybeText,
  parent_id: maybeText,
  namespace: maybeText,
  description: maybeText,
  tooltip: maybeText,
  labels,
  hidden: maybeBoolean,
  status: maybeText,
  health: maybeText,
  status_reason: maybeText,
  icon: maybeText,
  type: maybeText,
  owner: maybeText,
  lifecycle: maybeText,
  path: maybeText,
  is_leaf: maybeBoolean,
  created_at: maybeText,
  updated_at: maybeText,
  properties: listOf(componentPropertySchema),
  summary: z.nullish(componentSummarySchema),
  components: listOf(z.lazy(() => topologyComponentSchema)),
  children: listOf(text),
  parents: listOf(text),
  team_names: listOf(text),
}) as unknown as z.ZodMiniType<TopologyComponent, unknown>;

const topologyReplyObject = looseObject({
  components: listOf(topologyComponentSchema),
  /** The distinct `status` values of the tree, sorted: the Health filter's options. */
  healthStatuses: listOf(text),
  teams: listOf(text),
  /** Label key → values; null when no component has labels. */
  tags: z.pipe(
    z.nullish(z.record(z.string(), listOf(text))),
    z.transform((tags: Record<string, string[]> | null | undefined) => tags ?? {}),
  ),
  types: listOf(text),
});

export type TopologyReply = z.output<typeof topologyReplyObject>;

export const emptyTopologyReply: TopologyReply = {
  components: [],
  healthStatuses: [],
  teams: [],
  tags: {},
  types: [],
};

/** The reply of GET /canary/api/topology; a null body reads as an empty topology (as the reference UI does). */
export const topologyReplySchema = z.pipe(
  z.nullable(topologyReplyObject),
  z.transform((reply: TopologyReply | null): TopologyReply => reply ?? emptyTopologyReply),
);

// The side panel's reads (componentCalls.ts): rows of the console's PostgREST views.
export const componentNameSchema = looseObject({
  id: text,
  name: text,
  icon: maybeText,
  type: maybeText,
});
export type ComponentName = z.output<typeof componentNameSchema>;

export const componentCheckSchema = looseObject({
  id: text,
  name: text,
  status: maybeText,
  type: maybeText,
  icon: maybeText,
  severity: maybeText,
  canary_id: maybeText,
});
export type ComponentCheck = z.output<typeof componentCheckSchema>;

export const componentConfigSchema = looseObject({
  config_id: maybeText,
  configs: z.nullish(looseObject({ id: text, name: text, type: maybeText })),
});

export const componentIncidentSchema = looseObject({
  id: text,
  title: text,
  type: maybeText,
  status: maybeText,
  severity: maybeText,
  created_at: maybeText,
});
export type ComponentIncident = z.output<typeof componentIncidentSchema>;

// POST /api/logs (reference §9): a component's logs through one of its log selectors. The backend
// reads `id`, `name` and `labels`; the reference's console also sends `query`, which is not read.
/** The logs call's body, as the server validates it. @public */
export const logsRequestSchema = z.object({
  id: z.optional(z.string()),
  name: z.optional(z.string()),
  labels: z.optional(z.record(z.string(), z.string())),
  query: z.optional(z.unknown()),
});
/** @public */
export type LogsRequest = z.output<typeof logsRequestSchema>;

const logLineSchema = looseObject({
  id: maybeText,
  timestamp: maybeText,
  message: maybeText,
  labels,
});
/** @public */
export type LogLine = z.output<typeof logLineSchema>;

/** The logs call's reply, for a page to parse. @public */
export const logsReplySchema = looseObject({
  total: maybeNumber,
  results: z.nullish(z.array(logLineSchema)),
  nextPage: maybeText,
});
/** @public */
export type LogsReply = z.output<typeof logsReplySchema>;
