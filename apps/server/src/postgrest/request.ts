import {
  parseOrder,
  parseQuery,
  PostgrestParseError,
  reservedQueryKeys,
  type OrderTerm,
  type PostgrestQuery,
} from '@opsdeck/api-client/postgrest';
import { parseError, PostgrestError } from './errors.ts';
import {
  filterKeyColumn,
  parseEngineCondition,
  parseEngineLogicTree,
  type EngineFilter,
} from './filters.ts';

/** `embed.col=eq.x`, `embed.order=`, `embed.limit=`... for one embed path (aliases or names joined by `.`). */
export interface EmbeddedModifiers {
  filters: EngineFilter[];
  order: OrderTerm[];
  limit?: number;
  offset?: number;
}

/** The shared grammar's query with the engine's filters (the operators of a real PostgREST). */
export interface EngineQuery extends Omit<PostgrestQuery, 'filters'> {
  filters: EngineFilter[];
}

export interface ParsedQueryString {
  query: EngineQuery;
  /** Keyed by the embed path, e.g. `components` or `components.components`. */
  embedded: Map<string, EmbeddedModifiers>;
}

const reserved: ReadonlySet<string> = new Set(reservedQueryKeys);
const modifierKeys = ['order', 'limit', 'offset', 'or', 'and'] as const;
const logicKeys: ReadonlySet<string> = new Set(['or', 'and', 'not.or', 'not.and']);
const extensionSuffix = '.filter';

// Names the parameter in a parse error, as the shared grammar's parseQuery does.
function inParam<T>(key: string, parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (error instanceof PostgrestParseError)
      throw new PostgrestParseError(
        `Query parameter "${key}": ${error.message}`,
        error.input,
        error.position,
        key,
      );
    throw error;
  }
}

function rethrow(error: unknown): never {
  if (error instanceof PostgrestParseError)
    throw parseError(error.message, error.param ? `in "${error.param}"` : null);
  throw error;
}

// The grammar reads nested parentheses recursively: deeper than any embed or logic tree allowed
// later (10 and 16 levels), and far short of the stack a URL of `a(a(a(...` would exhaust.
const maxNesting = 32;

/** How deep the parentheses of a grammar text nest, skipping quoted values. */
function nestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (quoted) {
      if (ch === '\\') i += 1;
      else if (ch === '"') quoted = false;
    } else if (ch === '"') quoted = true;
    else if (ch === '(') deepest = Math.max(deepest, (depth += 1));
    else if (ch === ')') depth -= 1;
  }
  return deepest;
}

function checkNesting(key: string, value: string): void {
  const last = key.split('.').at(-1);
  if ((key === 'select' || last === 'or' || last === 'and') && nestingDepth(value) > maxNesting) {
    throw parseError(`"${key.slice(0, 80)}" nests parentheses more than ${maxNesting} levels deep`);
  }
}

/**
 * A select with `)` left over at its end loses them: PostgREST's parser stops after the last whole
 * item and ignores the rest, and the reference console sends `…created_by(id,name,avatar))`.
 */
export function withoutTrailingParens(text: string): string {
  let depth = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (quoted) {
      if (ch === '\\') i += 1;
      else if (ch === '"') quoted = false;
    } else if (ch === '"') quoted = true;
    else if (ch === '(') depth += 1;
    else if (ch === ')') {
      depth -= 1;
      if (depth < 0) return /^[\s)]*$/.test(text.slice(i)) ? text.slice(0, i) : text;
    }
  }
  return text;
}

function parseCount(key: string, text: string): number {
  if (!/^\d{1,9}$/.test(text))
    throw parseError(`Invalid ${key} "${text}": expected a non-negative integer`);
  return Number(text);
}

/**
 * Splits the query string into the top level (read by the shared grammar's `parseQuery`) and the
 * modifiers of embedded resources (`embed.col`, `embed.order`...), read with the same grammar's
 * pieces. A key is embedded when the part before any JSON arrow has a dot and is not `not.or`/`not.and`.
 */
export function parseQueryString(
  params: URLSearchParams,
  ignoredKeys: ReadonlySet<string> = new Set(),
): ParsedQueryString {
  const top = new URLSearchParams();
  const filters: EngineFilter[] = [];
  const embedded = new Map<string, EmbeddedModifiers>();
  const modifiers = (path: string) => {
    let found = embedded.get(path);
    if (!found) {
      found = { filters: [], order: [] };
      embedded.set(path, found);
    }
    return found;
  };
  let selectSeen = false;
  try {
    for (const [key, value] of params) {
      if (ignoredKeys.has(key)) continue;
      // PostgREST reads the first `select` and ignores any other (the reference's catalog sends two).
      if (key === 'select') {
        if (selectSeen) continue;
        selectSeen = true;
        checkNesting(key, value);
        top.append(key, withoutTrailingParens(value));
        continue;
      }
      checkNesting(key, value);
      const head = key.split('->')[0] ?? key;
      // Filters are the engine's (a superset of the shared grammar's); the rest is the shared grammar's.
      if (logicKeys.has(key)) {
        const negated = key.startsWith('not.');
        const kind = negated ? key.slice(4) : key;
        filters.push(
          inParam(key, () => parseEngineLogicTree(kind as 'or' | 'and', negated, value)),
        );
        continue;
      }
      if (reserved.has(key) || (key.endsWith(extensionSuffix) && !key.startsWith('"'))) {
        top.append(key, value);
        continue;
      }
      if (key.startsWith('"') || !head.includes('.')) {
        filters.push(inParam(key, () => parseEngineCondition(filterKeyColumn(key), value)));
        continue;
      }
      const tail = key.slice(head.length);
      const segments = head.split('.');
      let last = segments.pop() ?? '';
      let negated = false;
      if ((last === 'or' || last === 'and') && segments.at(-1) === 'not') {
        segments.pop();
        negated = true;
      }
      const path = segments.join('.');
      if (path === '' || segments.some((segment) => segment === ''))
        throw parseError(`Invalid query parameter "${key}"`);
      const target = modifiers(path);
      if (tail === '' && (modifierKeys as readonly string[]).includes(last)) {
        if (last === 'order') target.order = parseOrder(value);
        else if (last === 'limit') target.limit = parseCount(key, value);
        else if (last === 'offset') target.offset = parseCount(key, value);
        else
          target.filters.push(
            inParam(key, () => parseEngineLogicTree(last as 'or' | 'and', negated, value)),
          );
        continue;
      }
      if (negated) last = `not.${last}`;
      target.filters.push(inParam(key, () => parseEngineCondition(`${last}${tail}`, value)));
    }
    return { query: { ...parseQuery(top), filters }, embedded };
  } catch (error) {
    rethrow(error);
  }
}

/** The `Prefer` header's preferences PostgREST knows (several headers or comma lists). */
export interface Preferences {
  return?: 'representation' | 'minimal' | 'headers-only';
  count?: 'exact' | 'planned' | 'estimated';
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missing?: 'default' | 'null';
}

export function parsePrefer(header: string | undefined): Preferences {
  const out: Preferences = {};
  if (!header) return out;
  for (const part of header.split(',')) {
    const [rawName, rawValue] = part.split('=');
    const name = rawName?.trim().toLowerCase();
    const value = rawValue?.trim().toLowerCase();
    // Unknown preferences are ignored, as PostgREST does with its default lenient handling.
    if (
      name === 'return' &&
      (value === 'representation' || value === 'minimal' || value === 'headers-only')
    )
      out.return = value;
    else if (
      name === 'count' &&
      (value === 'exact' || value === 'planned' || value === 'estimated')
    )
      out.count = value;
    else if (
      name === 'resolution' &&
      (value === 'merge-duplicates' || value === 'ignore-duplicates')
    )
      out.resolution = value;
    else if (name === 'missing' && (value === 'default' || value === 'null')) out.missing = value;
  }
  return out;
}

/** The row window of a request: the `Range` header intersected with `limit`/`offset`. */
export interface RowRange {
  offset: number;
  limit: number | undefined;
}

export function rangeNotSatisfiable(details: string | null = null): PostgrestError {
  return new PostgrestError(416, 'PGRST103', 'Requested range not satisfiable', details);
}

export function requestedRange(
  rangeHeader: string | undefined,
  limit: number | undefined,
  offset: number | undefined,
): RowRange {
  let from = 0;
  let to: number | undefined;
  const match = rangeHeader ? /^\s*(?:items=)?(\d{1,15})-(\d{0,15})\s*$/.exec(rangeHeader) : null;
  // PostgREST ignores a Range header it cannot read; a reversed one is unsatisfiable.
  if (match) {
    from = Number(match[1]);
    to = match[2] ? Number(match[2]) : undefined;
    if (to !== undefined && to < from)
      throw rangeNotSatisfiable(
        `The lower boundary must be lower than or equal to the upper boundary in the Range header.`,
      );
  }
  const start = Math.max(from, offset ?? 0);
  let end = to;
  if (limit !== undefined) {
    const limitEnd = (offset ?? 0) + limit - 1;
    end = end === undefined ? limitEnd : Math.min(end, limitEnd);
  }
  if (end !== undefined && end < start) return { offset: start, limit: 0 };
  return { offset: start, limit: end === undefined ? undefined : end - start + 1 };
}

export type ResponseShape = 'array' | 'object' | 'csv';

const arrayTypes: ReadonlySet<string> = new Set(['application/json', '*/*', 'application/*', '']);

/**
 * What the client accepts: a JSON array (default), one object, CSV (`text/csv`), or nothing we can
 * produce (406). The single object wins wherever it is listed; otherwise the first type we produce.
 */
export function acceptedShape(accept: string | undefined): ResponseShape {
  if (!accept || accept.trim() === '') return 'array';
  const types = accept.split(',').map((part) => (part.split(';')[0] ?? '').trim().toLowerCase());
  if (
    types.some(
      (type) =>
        type === 'application/vnd.pgrst.object+json' || type === 'application/vnd.pgrst.object',
    )
  )
    return 'object';
  for (const type of types) {
    if (type === 'text/csv') return 'csv';
    if (arrayTypes.has(type)) return 'array';
  }
  throw new PostgrestError(
    406,
    'PGRST107',
    `None of these media types are available: ${types.join(', ')}`,
  );
}
