import type { SqlRunner } from '../../db/database.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The real backend's bucket size for a range: <=2h 1m, <=24h 15m, <=7d 1h, else 4h. */
export function bucketMillis(rangeMillis: number): number {
  if (rangeMillis <= 2 * HOUR) return MINUTE;
  if (rangeMillis <= DAY) return 15 * MINUTE;
  if (rangeMillis <= 7 * DAY) return HOUR;
  return 4 * HOUR;
}

const DURATION_UNITS: Record<string, number> = {
  ms: 1,
  s: 1000,
  m: MINUTE,
  h: HOUR,
  d: DAY,
  w: 7 * DAY,
  y: 365 * DAY,
};

// RFC3339 has four-digit years; Postgres and JS Dates both hold every instant between these.
const FIRST_INSTANT = Date.parse('0001-01-01T00:00:00.000Z');
const LAST_INSTANT = Date.parse('9999-12-31T23:59:59.999Z');

/** Whether `millis` is an instant this service can store and print (years 0001 to 9999). */
export function isSupportedInstant(millis: number): boolean {
  return Number.isFinite(millis) && millis >= FIRST_INSTANT && millis <= LAST_INSTANT;
}

/** `1h`, `7d`, `90m`, `1h30m` → milliseconds; undefined when it is not one or spans more than the supported instants. */
export function parseDuration(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^(\d+(\.\d+)?(ms|s|m|h|d|w|y))+$/.test(trimmed)) return undefined;
  let total = 0;
  for (const [, amount, unit] of trimmed.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h|d|w|y)/g))
    total += Number(amount) * DURATION_UNITS[unit!]!;
  return total <= LAST_INSTANT - FIRST_INSTANT ? total : undefined;
}

/**
 * `start`/`end` as the console sends them: a duration back from now, or an RFC3339 time; undefined
 * when it is neither or falls outside the years 0001 to 9999.
 */
export function parseInstant(text: string | undefined, now: number): number | undefined {
  if (text === undefined || text === '') return undefined;
  const ago = parseDuration(text.replace(/^-/, ''));
  const at = ago === undefined ? Date.parse(text) : now - ago;
  return isSupportedInstant(at) ? at : undefined;
}

export interface GraphPoint {
  time: string;
  status?: true;
  duration: number;
  passed: number;
  failed: number;
  count: number;
  message?: string;
  error?: string;
}

export interface GraphResponse {
  status: GraphPoint[];
  latency: { p99?: number; p97?: number; p95?: number; rolling1h: number };
  uptime: { passed: number; failed: number; last_pass?: string; last_fail?: string };
}

/** Status history of one check bucketed by the range's bucket size, with uptime and latency over it. */
export async function checkGraph(
  db: SqlRunner,
  checkId: string,
  start: number,
  end: number,
): Promise<GraphResponse> {
  const bucketSeconds = bucketMillis(end - start) / 1000;
  const range = [checkId, new Date(start).toISOString(), new Date(end).toISOString()];
  const [buckets, totals] = await Promise.all([
    db.query<{
      time: string;
      passed: number;
      failed: number;
      count: number;
      duration: number;
      message: string | null;
      error: string | null;
    }>(
      `SELECT to_timestamp(floor(extract(epoch FROM time) / $4) * $4) AS time,
              count(*) FILTER (WHERE status) AS passed,
              count(*) FILTER (WHERE NOT status) AS failed,
              count(*) AS count,
              round(avg(duration))::int AS duration,
              (array_agg(message ORDER BY time DESC))[1] AS message,
              (array_agg(error ORDER BY time DESC))[1] AS error
       FROM check_statuses
       WHERE check_id = $1 AND time >= $2::timestamptz AND time <= $3::timestamptz
       GROUP BY 1 ORDER BY 1`,
      [...range, bucketSeconds],
    ),
    db.query<{
      passed: number;
      failed: number;
      last_pass: string | null;
      last_fail: string | null;
      p99: number | null;
      p97: number | null;
      p95: number | null;
    }>(
      `SELECT count(*) FILTER (WHERE status) AS passed,
              count(*) FILTER (WHERE NOT status) AS failed,
              max(time) FILTER (WHERE status) AS last_pass,
              max(time) FILTER (WHERE NOT status) AS last_fail,
              percentile_disc(0.99) WITHIN GROUP (ORDER BY duration) AS p99,
              percentile_disc(0.97) WITHIN GROUP (ORDER BY duration) AS p97,
              percentile_disc(0.95) WITHIN GROUP (ORDER BY duration) AS p95
       FROM check_statuses
       WHERE check_id = $1 AND time >= $2::timestamptz AND time <= $3::timestamptz`,
      range,
    ),
  ]);
  const total = totals.rows[0];
  return {
    status: buckets.rows.map((row) => ({
      time: row.time,
      // A false status is omitted, as in the real reply.
      ...(row.failed === 0 ? { status: true as const } : {}),
      duration: row.duration,
      passed: row.passed,
      failed: row.failed,
      count: row.count,
      ...(row.message ? { message: row.message } : {}),
      ...(row.error ? { error: row.error } : {}),
    })),
    latency: {
      ...(total?.p99 != null ? { p99: total.p99 } : {}),
      ...(total?.p97 != null ? { p97: total.p97 } : {}),
      ...(total?.p95 != null ? { p95: total.p95 } : {}),
      rolling1h: 0,
    },
    uptime: {
      passed: total?.passed ?? 0,
      failed: total?.failed ?? 0,
      ...(total?.last_pass ? { last_pass: total.last_pass } : {}),
      ...(total?.last_fail ? { last_fail: total.last_fail } : {}),
    },
  };
}
