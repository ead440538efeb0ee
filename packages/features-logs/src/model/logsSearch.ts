import type { LogLine, LogsRequest } from '@opsdeck/api-client/topology';
import { resolveTimeRange, type TimeRange } from '@opsdeck/ui/time-range';
import { DateTime } from 'luxon';

/** The levels the server reads a line's level as (its own log, and a file line's level word). */
export const logLevels = ['error', 'warn', 'info', 'debug'] as const;
export type LogLevel = (typeof logLevels)[number];

/** Lines asked for per page (the server's cap); the reply's total says how many match. */
export const LINES_ASKED = 1000;

/** The most lines the page loads, page after page (Load more); beyond, it says to narrow the range. */
export const MAX_LINES_LOADED = 10_000;

/** The range the page shows when the address names none: the server's own default (reference §9). */
export const DEFAULT_TIME_RANGE: TimeRange = {
  type: 'relative',
  display: '1 hour',
  range: 'now-1h',
};

export interface LogsQueryInput {
  component: string;
  selector?: string | undefined;
  text?: string | undefined;
  level?: LogLevel | undefined;
  range?: TimeRange | undefined;
}

/**
 * The request as it is kept (the query's key): a relative or mapped range stays a name here
 * (`start: now-1h`, `start: yesterday`), so following re-asks the same query; `resolveLogsRequest`
 * turns it into two instants at the time of asking.
 */
export function logsRequestOf(input: LogsQueryInput): LogsRequest {
  const range = input.range ?? DEFAULT_TIME_RANGE;
  const labels: Record<string, string> = { limit: String(LINES_ASKED) };
  if (input.text) labels.text = input.text;
  if (input.level) labels.level = input.level;
  if (range.type === 'absolute') {
    labels.start = range.from;
    labels.end = range.to;
  } else {
    labels.start = range.range;
    labels.end = range.type === 'relative' ? 'now' : range.range;
  }
  return { id: input.component, ...(input.selector ? { name: input.selector } : {}), labels };
}

/** The range a kept request names, read back. */
function rangeOf(labels: Record<string, string>): TimeRange | undefined {
  const { start, end } = labels;
  if (!start || !end) return undefined;
  if (start.startsWith('now')) return { type: 'relative', display: start, range: start };
  if (start === end) return { type: 'mapped', display: start, range: start as never };
  return { type: 'absolute', display: 'Custom', from: start, to: end };
}

/** The kept request with its range worked out at `now` into ISO instants, as the server is sent it. */
export function resolveLogsRequest(request: LogsRequest, now = DateTime.now()): LogsRequest {
  const labels = { ...request.labels };
  const range = rangeOf(labels);
  const resolved = range ? resolveTimeRange(range, now) : undefined;
  if (resolved) {
    labels.start = resolved.from.toUTC().toISO() ?? labels.start!;
    labels.end = resolved.to.toUTC().toISO() ?? labels.end!;
  }
  return { ...request, labels };
}

/** The badge colour of a level, from the theme's soft colours (contrast-checked in both themes). */
export function levelColor(level: string | undefined): 'red' | 'orange' | 'primary' | 'gray' {
  switch (level) {
    case 'error':
    case 'fatal':
      return 'red';
    case 'warn':
      return 'orange';
    case 'info':
      return 'primary';
    default:
      return 'gray';
  }
}

/** Lines oldest first, as a terminal shows them (the server answers newest first). */
export function oldestFirst(lines: readonly LogLine[]): LogLine[] {
  return [...lines].reverse();
}

/**
 * A line's labels other than its level, as `key=value` words (the server logs a request's method,
 * path and status as labels of the message 'request').
 */
export function lineLabels(line: LogLine): string {
  return Object.entries(line.labels ?? {})
    .filter(([key]) => key !== 'level')
    .map(([key, value]) => `${key}=${value}`)
    .join(' ');
}

/** One line as the download writes it: `<ISO time> <LEVEL> <message> <labels>`. */
export function downloadLine(line: LogLine): string {
  const level = line.labels?.level?.toUpperCase() ?? '';
  return [line.timestamp ?? '', level, line.message ?? '', lineLabels(line)]
    .filter((part) => part !== '')
    .join(' ');
}

/**
 * The download's text: the shown lines oldest first, and when the server matched more than were
 * sent, a last line saying so (the file is never cut without a word).
 */
export function downloadText(lines: readonly LogLine[], total: number | null | undefined): string {
  const body = oldestFirst(lines).map(downloadLine);
  const more = (total ?? lines.length) - lines.length;
  if (more > 0)
    body.push(
      `# ${lines.length} of ${total} matching lines: ${more} older lines are not in this file; narrow the time range to see them.`,
    );
  return `${body.join('\n')}\n`;
}

/** A file name for the download: the component, the selector and the moment. */
export function downloadFileName(component: string, selector: string | undefined, at: DateTime) {
  const safe = (value: string) => value.replace(/[^a-z0-9._-]+/gi, '-').replace(/^-+|-+$/g, '');
  return `${[safe(component), selector ? safe(selector) : ''].filter(Boolean).join('-')}-${at.toUTC().toFormat("yyyyMMdd'T'HHmmss'Z'")}.log`;
}
