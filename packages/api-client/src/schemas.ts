import * as z from 'zod/mini';

// Replies are loose objects: a newer backend may add fields, and the console must keep working.
// Go encodes empty slices as null, so lists accept null and read as empty. Built on zod/mini: its
// functional API tree-shakes, so the health embed ships ~10 KB of zod instead of ~86 KB.
const text = z.string();
const maybeText = z.nullish(z.string());
const maybeNumber = z.nullish(z.number());
const maybeBoolean = z.nullish(z.boolean());
const labels = z.nullish(z.record(z.string(), z.string()));
const listOf = <T extends z.ZodMiniType>(item: T) =>
  z.pipe(
    z.nullish(z.array(item)),
    z.transform((items: z.output<T>[] | null | undefined) => items ?? []),
  );

export const uptimeSchema = z.looseObject({
  passed: z.number(),
  failed: z.number(),
  last_pass: maybeText,
  last_fail: maybeText,
});

export const latencySchema = z.looseObject({
  p99: maybeNumber,
  p97: maybeNumber,
  p95: maybeNumber,
  rolling1h: z.number(),
});

export const checkSummarySchema = z.looseObject({
  id: text,
  canary_id: text,
  canary_name: maybeText,
  canary_namespace: maybeText,
  agent_id: maybeText,
  name: text,
  namespace: maybeText,
  type: text,
  icon: maybeText,
  description: maybeText,
  labels,
  /** "healthy" | "unhealthy" on the reference backend; kept open so a new value does not fail the page. */
  status: text,
  severity: maybeText,
  owner: maybeText,
  last_runtime: maybeText,
  last_transition_time: maybeText,
  created_at: text,
  updated_at: maybeText,
  deleted_at: maybeText,
  silenced_at: maybeText,
  uptime: uptimeSchema,
  latency: latencySchema,
});
export type CheckSummary = z.output<typeof checkSummarySchema>;

export const checkSummaryReplySchema = z.looseObject({
  duration: maybeNumber,
  runnerName: maybeText,
  checks_summary: listOf(checkSummarySchema),
});
export type CheckSummaryReply = z.output<typeof checkSummaryReplySchema>;

export const checkDetailsSchema = z.looseObject({
  id: text,
  canary_id: maybeText,
  agent_id: maybeText,
  type: text,
  name: text,
  namespace: maybeText,
  description: maybeText,
  icon: maybeText,
  spec: z.optional(z.unknown()),
  labels,
  owner: maybeText,
  severity: maybeText,
  status: maybeText,
  last_runtime: maybeText,
  next_runtime: maybeText,
  last_transition_time: maybeText,
  silenced_at: maybeText,
  created_at: maybeText,
  updated_at: maybeText,
  deleted_at: maybeText,
  canaries: z.nullish(z.looseObject({ id: text, name: text, source: maybeText })),
  agents: z.nullish(z.looseObject({ id: text, name: text })),
  components: listOf(z.looseObject({ components: z.nullish(z.looseObject({ id: text, name: text, icon: maybeText })) })),
  configs: listOf(z.looseObject({ configs: z.nullish(z.looseObject({ id: text, name: text, type: maybeText })) })),
});
export type CheckDetails = z.output<typeof checkDetailsSchema>;

export const checkStatusSchema = z.looseObject({
  check_id: text,
  time: text,
  status: z.boolean(),
  duration: maybeNumber,
  message: maybeText,
  error: maybeText,
  details: z.optional(z.unknown()),
  invalid: maybeBoolean,
});
export type CheckStatus = z.output<typeof checkStatusSchema>;

export interface StatusHistoryPage {
  data: CheckStatus[];
  totalEntries: number;
}

export const graphPointSchema = z.looseObject({
  time: text,
  status: z.optional(z.boolean()),
  duration: maybeNumber,
  passed: maybeNumber,
  failed: maybeNumber,
  count: maybeNumber,
  message: maybeText,
  error: maybeText,
});
export const checkGraphReplySchema = z.looseObject({
  status: listOf(graphPointSchema),
  latency: z.nullish(z.looseObject({ p99: maybeNumber, p97: maybeNumber, p95: maybeNumber, rolling1h: maybeNumber })),
  uptime: z.nullish(z.looseObject({ passed: maybeNumber, failed: maybeNumber, last_pass: maybeText, last_fail: maybeText })),
});
export type CheckGraphReply = z.output<typeof checkGraphReplySchema>;

export const permissionSchema = z.looseObject({
  id: maybeText,
  subject: maybeText,
  object: maybeText,
  action: maybeText,
  deny: maybeBoolean,
  condition: maybeText,
});

export const whoamiSchema = z.looseObject({
  message: text,
  payload: z.looseObject({
    user: z.looseObject({ id: text, name: maybeText, email: maybeText, avatar: maybeText }),
    roles: listOf(text),
    permissions: listOf(permissionSchema),
    hostname: maybeText,
  }),
});
export type Whoami = z.output<typeof whoamiSchema>;

export const aboutSchema = z.looseObject({ appVersion: maybeText, chartVersion: maybeText });
export type About = z.output<typeof aboutSchema>;

export const propertySchema = z.looseObject({
  name: text,
  value: maybeText,
  source: maybeText,
  type: maybeText,
  description: maybeText,
});
export const propertiesSchema = listOf(propertySchema);
export type Property = z.output<typeof propertySchema>;
