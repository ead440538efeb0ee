import { badRequest } from '../../http/errors.ts';

/**
 * What a logs query asks for, read from its `labels` (the selector's merged with the request's):
 * `level` (a comma list), `text` (a case-insensitive substring of the message), `start` and `end`
 * (an ISO time, `now`, `now-1h` or a bare `1h`, meaning that long ago), `limit` and `page` (the
 * previous reply's nextPage). Any other label must equal the line's label of that name.
 */
export interface LogFilter {
  levels: string[] | undefined;
  text: string | undefined;
  start: Date;
  end: Date;
  limit: number;
  page: string | undefined;
  labels: Record<string, string>;
}

/** apm-hub's defaults (reference §9): the last hour, 50 lines. */
export const DEFAULT_WINDOW_MILLIS = 60 * 60 * 1000;
export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 1000;
const MAX_TEXT = 500;

const RESERVED = new Set(['level', 'text', 'start', 'end', 'limit', 'page']);
// Labels that say where logs live (the selector's), not what to match in a line.
const LOCATORS = new Set(['backend', 'file']);

const UNIT_MILLIS: Record<string, number> = {
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 604_800_000,
};

/** `now`, `now-15m`, `15m` (ago) or an ISO-8601 time; anything else is a 400 naming the label. */
export function parseLogTime(name: string, value: string, now: Date): Date {
  const trimmed = value.trim();
  if (trimmed === 'now') return now;
  const relative = /^(?:now-)?(\d{1,9})(ms|s|m|h|d|w)$/.exec(trimmed);
  if (relative) return new Date(now.getTime() - Number(relative[1]) * UNIT_MILLIS[relative[2]!]!);
  if (/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(trimmed)) {
    const at = new Date(trimmed);
    if (!Number.isNaN(at.getTime()) && at.getUTCFullYear() >= 1 && at.getUTCFullYear() <= 9999)
      return at;
  }
  throw badRequest(
    `labels.${name}: '${value.slice(0, 40)}' is not a time (an ISO time, now, now-1h or 1h)`,
  );
}

export function parseLogFilter(labels: Record<string, string>, now = new Date()): LogFilter {
  const start =
    labels.start !== undefined
      ? parseLogTime('start', labels.start, now)
      : new Date(now.getTime() - DEFAULT_WINDOW_MILLIS);
  const end = labels.end !== undefined ? parseLogTime('end', labels.end, now) : now;
  if (start.getTime() > end.getTime()) throw badRequest('labels.start: is after labels.end');
  let limit = DEFAULT_LIMIT;
  if (labels.limit !== undefined) {
    limit = Number(labels.limit);
    if (!/^\d+$/.test(labels.limit) || limit < 1 || limit > MAX_LIMIT)
      throw badRequest(`labels.limit: must be a whole number from 1 to ${MAX_LIMIT}`);
  }
  const levels = labels.level
    ?.split(',')
    .map((level) => level.trim().toLowerCase())
    .filter((level) => level !== '');
  const text = labels.text?.trim() || undefined;
  if (text && text.length > MAX_TEXT)
    throw badRequest(`labels.text: at most ${MAX_TEXT} characters`);
  const matched: Record<string, string> = {};
  for (const [key, value] of Object.entries(labels))
    if (!RESERVED.has(key) && !LOCATORS.has(key)) matched[key] = value;
  return {
    levels: levels?.length ? levels : undefined,
    text,
    start,
    end,
    limit,
    page: labels.page || undefined,
    labels: matched,
  };
}
