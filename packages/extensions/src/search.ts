/**
 * A route's search parameters, as a schema: what the owning page parses its query with and what
 * other features' links are typed by. Structural, so a zod schema (`z.object({...})`) fits as it is
 * and this package needs no schema library of its own.
 */
export interface SearchSchema<S extends object> {
  safeParse(
    input: unknown,
  ):
    | { success: true; data: S }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[] }[] } };
}

/** What a link may say about a route's search: any of its parameters, each optional. */
export type LinkSearch<S extends object> = { [K in keyof S]?: S[K] };

/** The query string of `search` (with its `?`), or '' when it says nothing. Absent and null are left out. */
export function encodeSearch(search: object | undefined): string {
  if (!search) return '';
  const params = new URLSearchParams();
  const add = (name: string, value: unknown) => {
    if (value === undefined || value === null) return;
    if (Array.isArray(value)) for (const item of value) add(name, item);
    else params.append(name, String(value));
  };
  for (const [name, value] of Object.entries(search)) add(name, value);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** The query as plain data: one string per parameter, an array when it repeats. */
function searchObject(params: URLSearchParams): Record<string, string | string[]> {
  const raw: Record<string, string | string[]> = {};
  for (const name of new Set(params.keys())) {
    const values = params.getAll(name);
    raw[name] = values.length === 1 ? values[0]! : values;
  }
  return raw;
}

/**
 * Parses a query with a route's schema. A parameter the schema refuses is dropped, so it falls back
 * to its default (a hand-edited or stale link opens the page, never crashes it); parameters the
 * schema does not name are the page's own business and are left to it.
 */
export function parseSearch<S extends object>(schema: SearchSchema<S>, params: URLSearchParams): S {
  const raw: Record<string, unknown> = searchObject(params);
  // Each round drops the parameters the schema named in its issues; a schema that still refuses an
  // empty query has no defaults to fall back to, which is a bug in the schema, not in the URL.
  for (let round = 0; round <= Object.keys(raw).length + 1; round++) {
    const result = schema.safeParse(raw);
    if (result.success) return result.data;
    const refused = new Set(result.error.issues.map((issue) => String(issue.path[0] ?? '')));
    const named = [...refused].filter((name) => name in raw);
    if (named.length === 0) break;
    for (const name of named) delete raw[name];
  }
  const empty = schema.safeParse({});
  if (empty.success) return empty.data;
  throw new Error('parseSearch: the schema refuses an empty query; give its fields defaults');
}
