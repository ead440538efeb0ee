import * as z from 'zod/mini';
import { looseObject } from '../looseObject.ts';
import { labels, listOf, maybeNumber, maybeText, text } from '../schemaParts.ts';

export const checkDetailsSchema = looseObject({
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
  canaries: z.nullish(looseObject({ id: text, name: text, source: maybeText })),
  agents: z.nullish(looseObject({ id: text, name: text })),
  components: listOf(
    looseObject({ components: z.nullish(looseObject({ id: text, name: text, icon: maybeText })) }),
  ),
  configs: listOf(
    looseObject({ configs: z.nullish(looseObject({ id: text, name: text, type: maybeText })) }),
  ),
});
export type CheckDetails = z.output<typeof checkDetailsSchema>;

export const graphPointSchema = looseObject({
  time: text,
  status: z.optional(z.boolean()),
  duration: maybeNumber,
  passed: maybeNumber,
  failed: maybeNumber,
  count: maybeNumber,
  message: maybeText,
  error: maybeText,
});
export const checkGraphReplySchema = looseObject({
  status: listOf(graphPointSchema),
  latency: z.nullish(
    looseObject({ p99: maybeNumber, p97: maybeNumber, p95: maybeNumber, rolling1h: maybeNumber }),
  ),
  uptime: z.nullish(
    looseObject({
      passed: maybeNumber,
      failed: maybeNumber,
      last_pass: maybeText,
      last_fail: maybeText,
    }),
  ),
});
export type CheckGraphReply = z.output<typeof checkGraphReplySchema>;
