import type { SqlRunner } from '../../db/database.ts';
import { isSupportedInstant } from './graph.ts';

export interface SummaryQuery {
  /** Only checks whose merged (canary + check) labels contain all of these. */
  labels?: Record<string, string>;
  sortBy?: 'name' | '-name';
  /** Also checks deleted after this instant. */
  deleteFrom?: string;
}

// The fields of the real CheckSummary, in its order; nulls are dropped as Go's omitempty does.
export const SUMMARY_OBJECT = `json_strip_nulls(json_build_object(
  'id', id, 'canary_id', canary_id, 'canary_name', canary_name, 'canary_namespace', canary_namespace,
  'agent_id', agent_id, 'name', name, 'namespace', namespace, 'type', type, 'icon', icon,
  'description', description, 'labels', labels, 'status', status, 'severity', severity, 'owner', owner,
  'last_runtime', last_runtime, 'last_transition_time', last_transition_time, 'created_at', created_at,
  'updated_at', updated_at, 'deleted_at', deleted_at, 'silenced_at', silenced_at,
  'uptime', uptime, 'latency', latency))`;

/**
 * The `checks_summary` array as JSON text, built by Postgres so 10k checks never round-trip through
 * JS objects. Not deleted (or deleted after `deleteFrom`), labels matched with `@>` like duty.
 */
export async function checkSummaryJson(db: SqlRunner, query: SummaryQuery = {}): Promise<string> {
  const order = query.sortBy === '-name' ? 'name DESC, id' : 'name, id';
  const { rows } = await db.query<{ summary: string | null }>(
    `SELECT json_agg(${SUMMARY_OBJECT} ORDER BY ${order})::text AS summary
     FROM check_summary
     WHERE (deleted_at IS NULL OR deleted_at > $1::timestamptz) AND labels @> $2::jsonb`,
    [query.deleteFrom ?? null, JSON.stringify(query.labels ?? {})],
  );
  return rows[0]?.summary ?? '[]';
}

export const RUNNER_NAME = 'opsdeck';

/** The whole reply of /api/summary, as the text it is sent as. */
export async function summaryResponseText(
  db: SqlRunner,
  query: SummaryQuery = {},
): Promise<string> {
  const started = performance.now();
  const checks = await checkSummaryJson(db, query);
  const duration = Math.round(performance.now() - started);
  return `{"duration":${duration},"runnerName":${JSON.stringify(RUNNER_NAME)},"checks_summary":${checks}}`;
}

/** The POST body as checkSummaryQuerySchema (@opsdeck/api-client/health/schemas) reads it. */
export interface SummaryBody {
  labels?: Record<string, string> | null | undefined;
  sortBy?: 'name' | '-name' | '' | null | undefined;
  deleteFrom?: string | null | undefined;
}

/**
 * The query of a validated POST body: zero values (null, '') are absent, and `deleteFrom` must be a
 * time Date and Postgres both hold; returns an error message when it is not.
 */
export function summaryQueryOf(body: SummaryBody): SummaryQuery | string {
  const query: SummaryQuery = {};
  if (body.labels) query.labels = body.labels;
  if (body.sortBy) query.sortBy = body.sortBy;
  if (body.deleteFrom) {
    if (!isSupportedInstant(Date.parse(body.deleteFrom)))
      return 'deleteFrom must be an RFC3339 time of the years 0001 to 9999';
    query.deleteFrom = new Date(body.deleteFrom).toISOString();
  }
  return query;
}
