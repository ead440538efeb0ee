import type { Catalog, CatalogFunction, CatalogRelation } from './catalog.ts';
import { invalidBody, PostgrestError } from './errors.ts';
import { quoteIdent, toParam, type SqlBuilder } from './sql.ts';

function notFound(catalog: Catalog, name: string, argNames: string[]): PostgrestError {
  return new PostgrestError(
    404,
    'PGRST202',
    `Could not find the function ${catalog.schema}.${name}(${argNames.join(', ')}) in the schema cache`,
    null,
    'If a new function was created in the database with this name and parameters, try reloading the schema cache.',
  );
}

/** The function `name` called with exactly these arguments, else a 404 (PGRST202) as in PostgREST. */
export function resolveFunction(
  catalog: Catalog,
  name: string,
  argNames: string[],
): CatalogFunction {
  const fn = catalog.functions.get(name);
  if (!fn) throw notFound(catalog, name, argNames);
  const known = new Set(fn.args.map((arg) => arg.name));
  const unknown = argNames.some((arg) => !known.has(arg));
  const missing = fn.args.some((arg) => !arg.hasDefault && !argNames.includes(arg.name));
  if (unknown || missing) throw notFound(catalog, name, argNames);
  return fn;
}

// Query keys that are never arguments of a GET call: they shape or filter the rows it returns.
const readKeys: ReadonlySet<string> = new Set([
  'select',
  'order',
  'limit',
  'offset',
  'or',
  'and',
  'not.or',
  'not.and',
]);

// PostgREST's test for a filter: a value that starts with an operator (`eq.`, `not.`, `fts(`...).
const operatorValue =
  /^(?:not|is|in|eq|neq|gt|gte|lt|lte|like|ilike|match|imatch|isdistinct|cs|cd|ov|sl|sr|nxr|nxl|adj|fts|plfts|phfts|wfts)[.(]/;

/**
 * The query string of a GET call, split as PostgREST splits it: the function's arguments, and the
 * rest (select, order, limit, offset, filters on its rows). A key naming an argument of `fn` is an
 * argument; another key without a dot whose value has no operator is too, so that a misspelt
 * argument still answers "no such function" (404) rather than an unknown column.
 */
export function argumentsFromQuery(
  params: URLSearchParams,
  fn: CatalogFunction | undefined,
): { args: Record<string, unknown>; rest: URLSearchParams } {
  const args: Record<string, unknown> = {};
  const rest = new URLSearchParams();
  const argNames = new Set(fn?.args.map((arg) => arg.name));
  for (const [key, value] of params) {
    const isArg =
      argNames.has(key) ||
      (!readKeys.has(key) &&
        !key.includes('.') &&
        !key.startsWith('"') &&
        !operatorValue.test(value));
    if (!isArg) {
      rest.append(key, value);
      continue;
    }
    if (Object.hasOwn(args, key))
      throw new PostgrestError(400, 'PGRST100', `Argument "${key}" given more than once`);
    args[key] = value;
  }
  return { args, rest };
}

export function argumentsFromBody(body: unknown): Record<string, unknown> {
  if (body === undefined) return {};
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw invalidBody('The body of an rpc call must be a JSON object');
  return body as Record<string, unknown>;
}

/** `schema.fn("arg" => $1::type, ...)` with every argument bound and cast to its declared type. */
export function callSql(
  sql: SqlBuilder,
  fn: CatalogFunction,
  args: Record<string, unknown>,
): string {
  const bound = fn.args
    .filter((arg) => Object.hasOwn(args, arg.name))
    .map((arg) => {
      const isArray = arg.type.endsWith('[]');
      const udt =
        arg.type === 'json' || arg.type === 'jsonb'
          ? arg.type
          : arg.type === 'boolean'
            ? 'bool'
            : 'other';
      return `${quoteIdent(arg.name)} => ${sql.bind(toParam({ udt, isArray }, args[arg.name]))}::${arg.type}`;
    });
  return `${sql.qualified(fn.name)}(${bound.join(', ')})`;
}

/**
 * The rows of a set-returning function as a relation the read path can select, filter, order and
 * page: the exposed table or view it returns (so embeds work), or its OUT/TABLE columns. Undefined
 * for a function that returns single values or one row.
 */
export function resultRelation(catalog: Catalog, fn: CatalogFunction): CatalogRelation | undefined {
  if (!fn.returnsSet || fn.returns.length === 0) return undefined;
  const exposed = fn.returnRelation ? catalog.relations.get(fn.returnRelation) : undefined;
  if (exposed) return exposed;
  return {
    name: fn.name,
    kind: 'view',
    columns: fn.returns,
    columnsByName: new Map(fn.returns.map((column) => [column.name, column])),
    primaryKey: [],
    uniqueKeys: [],
    writable: { insert: false, update: false, delete: false },
  };
}

/**
 * One statement calling a function that is not read as rows, giving `body` as JSON text: an array
 * for set-returning functions of single values, an object for one row, the value for a scalar.
 */
export function rpcSql(
  sql: SqlBuilder,
  fn: CatalogFunction,
  args: Record<string, unknown>,
): string {
  const call = callSql(sql, fn, args);
  if (fn.returnsVoid) return `SELECT ${call}, NULL::text AS body`;
  if (fn.returnsSet)
    return `SELECT coalesce(json_agg(r), '[]'::json)::text AS body FROM ${call} AS r`;
  // `r.*`: the whole row, even when the function returns a column named `r`.
  if (fn.returnsRow) return `SELECT row_to_json(r.*)::text AS body FROM ${call} AS r`;
  return `SELECT to_json(${call})::text AS body`;
}
