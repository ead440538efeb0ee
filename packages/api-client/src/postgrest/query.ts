import type { Filter, FilterExtension, PostgrestQuery } from './ast.ts';
import { PostgrestParseError } from './errors.ts';
import { extensionSuffix, encodeFilterExtension, parseFilterExtension } from './extension.ts';
import {
  encodeFilterValue,
  encodeLogicTree,
  logicGroupKey,
  parseCondition,
  parseLogicTree,
} from './filter.ts';
import { encodeOrder, parseOrder } from './order.ts';
import { quoteValue, Scanner } from './scanner.ts';
import { encodeSelect, parseSelect } from './select.ts';

/** Query keys that are never column filters. */
export const reservedQueryKeys = [
  'select',
  'order',
  'limit',
  'offset',
  'or',
  'and',
  'not.or',
  'not.and',
] as const;
const reserved: ReadonlySet<string> = new Set(reservedQueryKeys);

/**
 * The query key for a column filter. A column that would read as a reserved key or an extension is
 * quoted, as PostgREST allows (`"order"=eq.1`).
 */
export function encodeFilterKey(column: string): string {
  const needsQuotes =
    column === '' ||
    reserved.has(column) ||
    column.endsWith(extensionSuffix) ||
    column.startsWith('"');
  return needsQuotes ? quoteValue(column) : column;
}

/** The column named by a filter key (undoing `encodeFilterKey`). */
export function parseFilterKey(key: string): string {
  if (!key.startsWith('"')) return key;
  const s = new Scanner(key, 'column name');
  const column = s.readQuoted();
  if (!s.done) s.fail(`unexpected ${s.describeNext()} after the quoted column name`);
  return column;
}

function parseCount(key: string, text: string): number {
  if (!/^\d+$/.test(text)) {
    throw new PostgrestParseError(
      `Invalid ${key} "${text}": expected a non-negative integer`,
      text,
      0,
      key,
    );
  }
  return Number(text);
}

// Re-throws a parse error of one parameter with the parameter's name in front.
function withParam<T>(key: string, parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (error instanceof PostgrestParseError) {
      throw new PostgrestParseError(
        `Query parameter "${key}": ${error.message}`,
        error.input,
        error.position,
        key,
      );
    }
    throw error;
  }
}

/**
 * Reads a whole PostgREST query string. `select`, `order`, `limit` and `offset` may appear once;
 * `or`, `and`, `not.or`, `not.and` and column filters any number of times (all must hold);
 * `{key}.filter` goes to `extensions`. Throws `PostgrestParseError` naming the parameter.
 */
export function parseQuery(params: URLSearchParams): PostgrestQuery {
  const query: PostgrestQuery = { filters: [], order: [], extensions: [] };
  const seen = new Set<string>();
  for (const [key, value] of params) {
    if (key === 'select' || key === 'order' || key === 'limit' || key === 'offset') {
      if (seen.has(key)) {
        throw new PostgrestParseError(
          `Query parameter "${key}" given more than once`,
          value,
          undefined,
          key,
        );
      }
      seen.add(key);
    }
    withParam(key, () => {
      switch (key) {
        case 'select':
          query.select = parseSelect(value);
          return;
        case 'order':
          query.order = parseOrder(value);
          return;
        case 'limit':
          query.limit = parseCount(key, value);
          return;
        case 'offset':
          query.offset = parseCount(key, value);
          return;
        case 'or':
        case 'and':
          query.filters.push(parseLogicTree(key, false, value));
          return;
        case 'not.or':
        case 'not.and':
          query.filters.push(parseLogicTree(key === 'not.or' ? 'or' : 'and', true, value));
          return;
        default:
          if (key.endsWith(extensionSuffix) && !key.startsWith('"')) {
            query.extensions.push(
              parseFilterExtension(key.slice(0, -extensionSuffix.length), value),
            );
          } else {
            query.filters.push(parseCondition(parseFilterKey(key), value));
          }
      }
    });
  }
  return query;
}

/** Appends one filter (a column condition or a top-level logic group) to `params`. */
export function appendFilter(params: URLSearchParams, filter: Filter): void {
  if (filter.kind === 'condition')
    params.append(encodeFilterKey(filter.column), encodeFilterValue(filter));
  else params.append(logicGroupKey(filter), encodeLogicTree(filter));
}

/** Appends a `{key}.filter` extension to `params`. */
export function appendFilterExtension(params: URLSearchParams, extension: FilterExtension): void {
  params.append(`${extension.key}${extensionSuffix}`, encodeFilterExtension(extension));
}

/** The inverse of `parseQuery`: select, filters, extensions, order, limit, offset in that order. */
export function encodeQuery(query: PostgrestQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.select !== undefined) params.set('select', encodeSelect(query.select));
  for (const filter of query.filters) appendFilter(params, filter);
  for (const extension of query.extensions) appendFilterExtension(params, extension);
  if (query.order.length > 0) params.set('order', encodeOrder(query.order));
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  if (query.offset !== undefined) params.set('offset', String(query.offset));
  return params;
}
