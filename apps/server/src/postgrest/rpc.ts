import type { Catalog, CatalogFunction } from './catalog.ts';
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

/** Arguments of a GET call: every query parameter except the few PostgREST reserves. */
export function argumentsFromQuery(params: URLSearchParams): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const [key, value] of params) {
    if (key === 'select' || key === 'order' || key === 'limit' || key === 'offset') continue;
    if (Object.hasOwn(args, key))
      throw new PostgrestError(400, 'PGRST100', `Argument "${key}" given more than once`);
    args[key] = value;
  }
  return args;
}

export function argumentsFromBody(body: unknown): Record<string, unknown> {
  if (body === undefined) return {};
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw invalidBody('The body of an rpc call must be a JSON object');
  return body as Record<string, unknown>;
}

/**
 * One statement calling the function with named, bound and cast arguments, giving `body` as JSON
 * text: an array for set-returning functions, an object for one row, the value for a scalar.
 */
export function rpcSql(
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
  const call = `${sql.qualified(fn.name)}(${bound.join(', ')})`;
  if (fn.returnsVoid) return `SELECT ${call}, NULL::text AS body`;
  if (fn.returnsSet)
    return `SELECT coalesce(json_agg(r), '[]'::json)::text AS body FROM ${call} AS r`;
  if (fn.returnsRow) return `SELECT row_to_json(r)::text AS body FROM ${call} AS r`;
  return `SELECT to_json(${call})::text AS body`;
}
