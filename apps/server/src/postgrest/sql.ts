import {
  parseSelect,
  PostgrestParseError,
  type FilterExtension,
  type JsonPathStep,
  type OrderTerm,
} from '@opsdeck/api-client/postgrest';
import type { Catalog, CatalogColumn, CatalogRelation } from './catalog.ts';
import { parseError, PostgrestError, unknownColumn } from './errors.ts';
import type { EngineCondition, EngineFilter } from './filters.ts';
import { maskedColumnSql, refuseSecretFilter } from './secretColumns.ts';

// Far below Postgres' 65535 bind parameters, and enough for any page the console asks for.
const maxParams = 20_000;
// Deeper `or`/`and` nesting than anyone writes; it would only exhaust Postgres' stack.
const maxLogicDepth = 16;
// Postgres truncates longer identifiers (NAMEDATALEN - 1 bytes), which would rename an alias silently.
const maxIdentifierBytes = 63;

/** Bind parameters and table aliases of the statement being built. */
export class SqlBuilder {
  readonly params: unknown[] = [];
  #aliases = 0;

  constructor(readonly catalog: Catalog) {}

  /** A `$n` placeholder for `value` (every request value goes through here). */
  bind(value: unknown): string {
    if (this.params.length >= maxParams) throw parseError('Too many values in one request');
    this.params.push(value);
    return `$${this.params.length}`;
  }

  alias(prefix = 't'): string {
    const alias = `${prefix}${this.#aliases}`;
    this.#aliases += 1;
    return alias;
  }

  /** Schema-qualified name of a catalog relation or function. */
  qualified(name: string): string {
    return `${quoteIdent(this.catalog.schema)}.${quoteIdent(name)}`;
  }
}

/** Quotes an identifier. Names from the catalog pass as they are; aliases from a request are checked. */
export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** An output name chosen by the request (an alias or JSON key): quoted, never truncated or NUL. */
export function outputIdent(name: string): string {
  if (name === '' || name.includes('\0') || Buffer.byteLength(name, 'utf8') > maxIdentifierBytes) {
    throw parseError(
      `Invalid output name "${name.slice(0, 80)}": it must be 1 to ${maxIdentifierBytes} bytes without NUL`,
    );
  }
  return quoteIdent(name);
}

/** A column of a relation, optionally followed by a JSON path (`labels->>app`). */
export interface ColumnRef {
  column: CatalogColumn;
  jsonPath: JsonPathStep[];
}

/** Reads `col`, `col->a->>b` against the catalog; an unknown column is a 400 (42703). */
export function resolveColumnRef(relation: CatalogRelation, text: string): ColumnRef {
  const direct = relation.columnsByName.get(text);
  if (direct) return { column: direct, jsonPath: [] };
  if (text.includes('->')) {
    let parsed;
    try {
      parsed = parseSelect(text);
    } catch (error) {
      if (error instanceof PostgrestParseError) throw parseError(error.message);
      throw error;
    }
    const field = parsed[0];
    if (
      parsed.length === 1 &&
      field?.kind === 'field' &&
      field.alias === undefined &&
      field.cast === undefined
    ) {
      const column = relation.columnsByName.get(field.column);
      if (!column) throw unknownColumn(relation.name, field.column);
      return { column, jsonPath: field.jsonPath ?? [] };
    }
  }
  throw unknownColumn(relation.name, text);
}

export function columnExpr(sql: SqlBuilder, alias: string, ref: ColumnRef): string {
  let expr = `${alias}.${quoteIdent(ref.column.name)}`;
  // A secret column reads as its mask everywhere a request can name it (select, embed, order).
  if (ref.column.secret) expr = maskedColumnSql(expr, ref.column, (value) => sql.bind(value));
  for (const step of ref.jsonPath) {
    // A number is an array index (`->0`), anything else an object key; both are bound values.
    const key = /^-?\d{1,9}$/.test(step.key)
      ? `${sql.bind(step.key)}::int`
      : `${sql.bind(step.key)}::text`;
    expr = `(${expr} ${step.arrow} ${key})`;
  }
  return expr;
}

/**
 * A boolean as Postgres reads one (`t`, `yes`, `of`, `1`... any case, trimmed), as `t`/`f`; anything
 * else is Postgres' own 22P02. Checked here because PGlite's driver throws a plain Error (a 500) on
 * a boolean parameter it cannot read, where PostgreSQL answers 22P02.
 */
export function booleanParam(value: unknown): string {
  if (typeof value === 'boolean') return value ? 't' : 'f';
  const text = String(value);
  const word = text.trim().toLowerCase();
  if (
    word !== '' &&
    ('true'.startsWith(word) || 'yes'.startsWith(word) || word === '1' || word === 'on')
  )
    return 't';
  if (
    word !== '' &&
    ('false'.startsWith(word) ||
      'no'.startsWith(word) ||
      word === '0' ||
      (word.length > 1 && 'off'.startsWith(word)))
  )
    return 'f';
  throw new PostgrestError(
    400,
    '22P02',
    `invalid input syntax for type boolean: "${text.slice(0, 80)}"`,
  );
}

/** A bound value compared with `ref`: read as a boolean first when the column is one. */
function bindFor(sql: SqlBuilder, ref: ColumnRef, value: string): string {
  return sql.bind(
    ref.jsonPath.length === 0 && ref.column.udt === 'bool' ? booleanParam(value) : value,
  );
}

const comparison: Record<string, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
};

/**
 * `col->>key = value` on a jsonb column as containment the column's GIN index answers, AND the
 * comparison itself (so it means exactly what it meant): the pair holds `value` as a JSON string,
 * or as the JSON number, boolean, object or array whose text it is. The containment is false where
 * the comparison is NULL (no such key), which only a NOT above it could tell apart: the caller uses
 * this where no NOT is above (`positive`). A label or tag filter over 100k configs is then an index
 * lookup rather than a read of every row.
 */
function jsonKeyEqualsSql(sql: SqlBuilder, alias: string, ref: ColumnRef, value: string) {
  const [step] = ref.jsonPath;
  if (ref.column.udt !== 'jsonb' || ref.jsonPath.length !== 1 || step?.arrow !== '->>')
    return undefined;
  if (/^-?\d{1,9}$/.test(step.key)) return undefined;
  // The containment reads the stored column, so a column with secrets is compared as read only.
  if (ref.column.secret) return undefined;
  const column = `${alias}.${quoteIdent(ref.column.name)}`;
  const key = `${sql.bind(step.key)}::text`;
  const held = [`${column} @> jsonb_build_object(${key}, ${sql.bind(value)}::text)`];
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    parsed = undefined;
  }
  if (parsed !== undefined && parsed !== null && typeof parsed !== 'string')
    held.push(`${column} @> jsonb_build_object(${key}, ${sql.bind(value)}::text::jsonb)`);
  return `(${held.join(' OR ')}) AND ${columnExpr(sql, alias, ref)} = ${sql.bind(value)}`;
}

function conditionSql(
  sql: SqlBuilder,
  alias: string,
  relation: CatalogRelation,
  condition: EngineCondition,
  positive: boolean,
): string {
  const ref = resolveColumnRef(relation, condition.column);
  refuseSecretFilter(
    relation.name,
    ref.column,
    ref.jsonPath.map((step) => step.key),
  );
  // Nothing is in an empty list; the column is not rendered, or its JSON keys would be bound unused.
  if (condition.operator === 'in' && condition.value.length === 0)
    return condition.negated ? 'NOT (false)' : 'false';
  if (positive && !condition.negated && condition.operator === 'eq') {
    const contained = jsonKeyEqualsSql(sql, alias, ref, condition.value);
    if (contained) return `(${contained})`;
  }
  const expr = columnExpr(sql, alias, ref);
  let out: string;
  switch (condition.operator) {
    case 'like':
    case 'ilike': {
      // PostgREST lets `*` stand for `%` so URLs need no percent-encoding of the wildcard; an
      // escaped `\*` stays a literal star (LIKE reads `\x` as x), as api-client's likeContaining writes it.
      const pattern = sql.bind(
        condition.value.replace(/\\[\s\S]|\*/g, (token) => (token === '*' ? '%' : token)),
      );
      const folded = ref.jsonPath.length === 0 ? relation.folded?.get(ref.column.name) : undefined;
      out =
        condition.operator === 'like'
          ? `${expr}::text LIKE ${pattern}`
          : folded
            ? // The stored lower(column), as ILIKE itself compares (see CaseFolded).
              `${alias}.${quoteIdent(folded)} LIKE lower(${pattern}::text)`
            : `${expr}::text ILIKE ${pattern}`;
      break;
    }
    case 'in':
      out = `${expr} IN (${condition.value.map((value) => bindFor(sql, ref, value)).join(', ')})`;
      break;
    case 'is':
      out = `${expr} IS ${{ null: 'NULL', true: 'TRUE', false: 'FALSE', unknown: 'UNKNOWN' }[condition.value]}`;
      break;
    case 'cs':
    case 'cd':
    case 'ov':
      out = containmentSql(sql, ref, expr, condition.operator, condition.value);
      break;
    case 'fts':
    case 'plfts':
    case 'phfts':
    case 'wfts':
      out = textSearchSql(sql, ref, expr, condition);
      break;
    case 'match':
    case 'imatch':
      out = `${expr}::text ${condition.operator === 'match' ? '~' : '~*'} ${sql.bind(condition.value)}`;
      break;
    case 'isdistinct':
      out = `${expr} IS DISTINCT FROM ${bindFor(sql, ref, condition.value)}`;
      break;
    default:
      out = `${expr} ${comparison[condition.operator]} ${bindFor(sql, ref, condition.value)}`;
  }
  return condition.negated ? `NOT (${out})` : out;
}

// What a column (or its JSON path) holds: jsonb where `->` ends the path or the column is JSON.
function holdsJson(ref: ColumnRef): boolean {
  const last = ref.jsonPath.at(-1);
  return last ? last.arrow === '->' : isJson(ref.column);
}

const invalidJson = (value: string) =>
  new PostgrestError(400, '22P02', `invalid input syntax for type json: "${value.slice(0, 80)}"`);

/** The items of a Postgres array literal `{a,"b c"}` (one level), or undefined if it is not one. */
function arrayLiteralItems(value: string): string[] | undefined {
  const text = value.trim();
  if (!text.startsWith('{') || !text.endsWith('}')) return undefined;
  const body = text.slice(1, -1);
  const items: string[] = [];
  if (body.trim() === '') return items;
  const item = /\s*(?:"((?:[^"\\]|\\.)*)"|([^,"{}]*?))\s*(,|$)/gy;
  let match: RegExpExecArray | null;
  while (item.lastIndex < body.length && (match = item.exec(body)) !== null) {
    items.push(match[1] !== undefined ? match[1].replace(/\\(.)/g, '$1') : (match[2] ?? ''));
    if (match[3] === '') break;
  }
  return item.lastIndex >= body.length ? items : undefined;
}

/**
 * `cs` (@>), `cd` (<@), `ov` (&&). On arrays and ranges the value is read as the column's type, as
 * PostgREST leaves it to Postgres. On jsonb (labels, tags) a JSON value is compared as jsonb, and
 * `ov` means "shares a key/value pair or an element"; a Postgres array literal (`{a,b}`, what
 * postgrest-js writes for a list) names keys or string elements: all of them (`cs`), any (`ov`).
 */
function containmentSql(
  sql: SqlBuilder,
  ref: ColumnRef,
  expr: string,
  operator: 'cs' | 'cd' | 'ov',
  value: string,
): string {
  if (!holdsJson(ref)) {
    const type = ref.jsonPath.length > 0 ? 'text' : ref.column.type;
    const op = { cs: '@>', cd: '<@', ov: '&&' }[operator];
    return `${expr} ${op} ${sql.bind(value)}::text::${type}`;
  }
  const lhs = ref.jsonPath.length === 0 && ref.column.udt === 'json' ? `${expr}::jsonb` : expr;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    const items = arrayLiteralItems(value);
    if (!items) throw invalidJson(value);
    const list = `${sql.bind(JSON.stringify(items))}::text::jsonb`;
    const keys = `ARRAY(SELECT jsonb_array_elements_text(${list}))`;
    if (operator === 'cs') return `${lhs} ?& ${keys}`;
    if (operator === 'ov') return `${lhs} ?| ${keys}`;
    return `${lhs} <@ ${list}`;
  }
  const bound = `${sql.bind(value)}::text::jsonb`;
  if (operator === 'cs') return `${lhs} @> ${bound}`;
  if (operator === 'cd') return `${lhs} <@ ${bound}`;
  if (Array.isArray(parsed))
    return `EXISTS (SELECT 1 FROM jsonb_array_elements(${bound}) AS ov(value) WHERE ${lhs} @> jsonb_build_array(ov.value))`;
  if (parsed !== null && typeof parsed === 'object')
    return `EXISTS (SELECT 1 FROM jsonb_each(${bound}) AS ov(key, value) WHERE ${lhs} @> jsonb_build_object(ov.key, ov.value))`;
  return `${lhs} @> ${bound}`;
}

const tsQuery = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
} as const;

/** `col @@ to_tsquery([config,] value)`; a column that is not a tsvector is read with to_tsvector. */
function textSearchSql(
  sql: SqlBuilder,
  ref: ColumnRef,
  expr: string,
  condition: Extract<EngineCondition, { operator: keyof typeof tsQuery }>,
): string {
  const config = () =>
    condition.language === undefined ? '' : `${sql.bind(condition.language)}::regconfig, `;
  let vector: string;
  if (ref.jsonPath.length === 0 && ref.column.udt === 'tsvector') vector = expr;
  else if (holdsJson(ref)) vector = `to_tsvector(${config()}${expr}::jsonb)`;
  else vector = `to_tsvector(${config()}${expr}::text)`;
  return `${vector} @@ ${tsQuery[condition.operator]}(${config()}${sql.bind(condition.value)})`;
}

/**
 * One filter (a condition or an `or`/`and` tree) as a boolean SQL expression of a WHERE clause.
 * `positive`: no NOT is above it, so a condition's NULL and false select the same rows.
 */
export function filterSql(
  sql: SqlBuilder,
  alias: string,
  relation: CatalogRelation,
  filter: EngineFilter,
  depth = 0,
  positive = true,
): string {
  if (filter.kind === 'condition') return conditionSql(sql, alias, relation, filter, positive);
  if (depth >= maxLogicDepth)
    throw parseError(`Logic trees may nest at most ${maxLogicDepth} levels`);
  const joined = filter.items
    .map((item) => filterSql(sql, alias, relation, item, depth + 1, positive && !filter.negated))
    .join(filter.kind === 'and' ? ' AND ' : ' OR ');
  return filter.negated ? `NOT (${joined})` : `(${joined})`;
}

const intervalUnits: Record<string, string> = {
  s: 'seconds',
  m: 'minutes',
  h: 'hours',
  d: 'days',
  w: 'weeks',
  M: 'months',
  y: 'years',
};

/** `now`, `now-1h`, `now-1d+2h` as `now() + '<interval>'`; anything else is bound as it is. */
function dateMathSql(sql: SqlBuilder, ref: ColumnRef, value: string): string {
  const match = /^now((?:[+-]\d{1,6}[smhdwMy])*)$/.exec(value.trim());
  if (!match) return bindFor(sql, ref, value);
  const steps = [...(match[1] ?? '').matchAll(/([+-])(\d+)([smhdwMy])/g)];
  if (steps.length === 0) return 'now()';
  const interval = steps
    .map(([, sign, amount, unit]) => `${sign}${amount} ${intervalUnits[unit ?? 's']}`)
    .join(' ');
  return `(now() + ${sql.bind(interval)}::interval)`;
}

function isJson(column: CatalogColumn): boolean {
  return column.udt === 'json' || column.udt === 'jsonb';
}

/**
 * The backend's `{col}.filter=a,!b,>now-1h`: any include matches (OR), every exclude is absent
 * (rows without a value stay), every comparison holds. On a JSON column (labels, tags) an item
 * `key=value` matches that key's value and a bare `key` the key's presence. `*` is a wildcard.
 */
export function extensionSql(
  sql: SqlBuilder,
  alias: string,
  relation: CatalogRelation,
  extension: FilterExtension,
): string {
  const ref = resolveColumnRef(relation, extension.key);
  refuseSecretFilter(
    relation.name,
    ref.column,
    ref.jsonPath.map((step) => step.key),
  );
  const expr = columnExpr(sql, alias, ref);
  const json = ref.jsonPath.length === 0 && isJson(ref.column);
  const matches = (item: string): string => {
    if (json) {
      const eq = item.indexOf('=');
      if (eq < 0) return `(${expr} ->> ${sql.bind(item)}::text) IS NOT NULL`;
      const value = item.slice(eq + 1);
      const lhs = `(${expr} ->> ${sql.bind(item.slice(0, eq))}::text)`;
      return value.includes('*')
        ? `${lhs} ILIKE ${sql.bind(value.replace(/\*/g, '%'))}`
        : `${lhs} = ${sql.bind(value)}`;
    }
    if (item.includes('*')) return `${expr}::text ILIKE ${sql.bind(item.replace(/\*/g, '%'))}`;
    return `${expr} = ${bindFor(sql, ref, item)}`;
  };
  const parts: string[] = [];
  if (extension.include.length > 0) parts.push(`(${extension.include.map(matches).join(' OR ')})`);
  for (const item of extension.exclude) parts.push(`NOT coalesce(${matches(item)}, false)`);
  for (const { comparator, value } of extension.comparisons)
    parts.push(`${expr} ${comparator} ${dateMathSql(sql, ref, value)}`);
  return parts.length === 0 ? 'true' : parts.join(' AND ');
}

/** `col.desc.nullslast` against a relation (embedded to-one columns are handled by the caller). */
export function orderTermSql(expr: string, term: OrderTerm): string {
  const nulls =
    term.nulls === undefined ? '' : term.nulls === 'first' ? ' NULLS FIRST' : ' NULLS LAST';
  return `${expr} ${term.direction === 'desc' ? 'DESC' : 'ASC'}${nulls}`;
}

// Casts a request may ask for in `select` (`col::text`): a fixed list, never a name from the request.
const castTypes: Record<string, string> = {
  text: 'text',
  varchar: 'varchar',
  int: 'integer',
  int4: 'integer',
  integer: 'integer',
  int2: 'smallint',
  smallint: 'smallint',
  int8: 'bigint',
  bigint: 'bigint',
  numeric: 'numeric',
  float: 'double precision',
  float4: 'real',
  real: 'real',
  float8: 'double precision',
  double: 'double precision',
  bool: 'boolean',
  boolean: 'boolean',
  json: 'json',
  jsonb: 'jsonb',
  date: 'date',
  time: 'time',
  timestamp: 'timestamp',
  timestamptz: 'timestamptz',
  interval: 'interval',
  uuid: 'uuid',
};

export function castType(name: string): string {
  const type = Object.hasOwn(castTypes, name.toLowerCase())
    ? castTypes[name.toLowerCase()]
    : undefined;
  if (!type)
    throw new PostgrestError(
      400,
      'PGRST100',
      `Unsupported cast "::${name.slice(0, 40)}"`,
      `Supported: ${Object.keys(castTypes).join(', ')}`,
    );
  return type;
}

/** Converts a JSON value from a request body into the text Postgres parses for `column`. */
export function toParam(type: { udt: string; isArray: boolean }, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (type.udt === 'json' || type.udt === 'jsonb') return JSON.stringify(value);
  if (type.udt === 'bool' && !type.isArray) return booleanParam(value);
  if (type.isArray && Array.isArray(value)) return toArrayLiteral(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function toArrayLiteral(values: unknown[]): string {
  const items = values.map((value) => {
    if (value === null || value === undefined) return 'NULL';
    if (Array.isArray(value)) return toArrayLiteral(value);
    const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
    return `"${text.replace(/["\\]/g, (ch) => `\\${ch}`)}"`;
  });
  return `{${items.join(',')}}`;
}
