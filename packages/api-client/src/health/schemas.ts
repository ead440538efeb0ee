import * as z from 'zod/mini';
import { looseObject } from '../looseObject.ts';
import { labels, listOf, maybeBoolean, maybeNumber, maybeText, text } from '../schemaParts.ts';

// The summary and status replies; the check modal's are in checkSchemas.ts so they load
// with the modal in apps that split it out.
export const uptimeSchema = looseObject({
  passed: z.number(),
  failed: z.number(),
  last_pass: maybeText,
  last_fail: maybeText,
});

export const latencySchema = looseObject({
  p99: maybeNumber,
  p97: maybeNumber,
  p95: maybeNumber,
  rolling1h: z.number(),
});

export const checkSummarySchema = looseObject({
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
  /**
   * "healthy" | "unhealthy" on the reference backend; kept open so a new value does not fail the
   * page. A check that has not run yet (just saved from the editor) has none: it reads "unknown".
   */
  status: z.pipe(
    maybeText,
    z.transform((status: string | null | undefined) => status ?? 'unknown'),
  ),
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

export const checkSummaryReplySchema = looseObject({
  duration: maybeNumber,
  runnerName: maybeText,
  checks_summary: listOf(checkSummarySchema),
});
export type CheckSummaryReply = z.output<typeof checkSummaryReplySchema>;

export const checkStatusSchema = looseObject({
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

/**
 * The POST body of `/canary/api/summary`, the query of `getCheckSummary`; the server validates what
 * it receives with this same schema. Null and empty values are Go's zero values, read as absent;
 * `deleteFrom` is an RFC 3339 time (the server also bounds it to the years 0001-9999).
 */
export const checkSummaryQuerySchema = z.object({
  labels,
  sortBy: z.nullish(z.enum(['name', '-name', ''])),
  deleteFrom: maybeText,
});
