import { Hono, type Context, type Env } from 'hono';
import type { ContentfulStatusCode, StatusCode } from 'hono/utils/http-status';
import type { Database, SqlRunner } from '../db/database.ts';
import { SECRET_MASK, sealSecretPayload, type SecretColumns } from './secretColumns.ts';
import { CatalogCache, type CaseFolded, type Catalog, type CatalogRelation } from './catalog.ts';
import {
  fromDatabaseError,
  parseError,
  PostgrestError,
  readOnlyRelation,
  unknownColumn,
  unknownRelation,
} from './errors.ts';
import {
  countPlanSql,
  readSql,
  relationsTouched,
  resolveRead,
  type CountMode,
  type ReadNode,
} from './read.ts';
import {
  acceptedShape,
  parsePrefer,
  parseQueryString,
  rangeNotSatisfiable,
  requestedRange,
  type Preferences,
  type ResponseShape,
} from './request.ts';
import {
  argumentsFromBody,
  argumentsFromQuery,
  callSql,
  resolveFunction,
  resultRelation,
  rpcSql,
} from './rpc.ts';
import { SqlBuilder } from './sql.ts';
import {
  conflictingRowsSql,
  deleteSql,
  insertSql,
  matchedRowsSql,
  parseJsonBody,
  updateSql,
  type ServerColumns,
} from './write.ts';

export type { ServerColumns } from './write.ts';

/** The rows one write changes, each with every column, for a decision's `checkRows`. */
export interface WrittenRows {
  table: string;
  method: string;
  /** As they were: the rows a PATCH changes, an upsert overwrites or a DELETE removes. */
  before: Record<string, unknown>[];
  /** As the write leaves them: the rows inserted or updated. */
  after: Record<string, unknown>[];
  /** The write's transaction, for look-ups that must see the same data. */
  tx: SqlRunner;
}

/** What the authorization hook decides; the core's `authorizeTable` result fits as it is. */
export interface AuthorizationDecision {
  allowed: boolean;
  /** Shown in the 403 body. */
  reason?: string;
  /** 403 unless given (401 for "who are you?", 409 for a row not to be changed, 400 for a bad value). */
  status?: 400 | 401 | 403 | 409;
  /**
   * For a write allowed on the table but not on every row: checks the rows it changes inside its
   * transaction, before commit; a refusal rolls the write back. Rows are read only when asked for.
   */
  checkRows?: (rows: WrittenRows) => AuthorizationDecision | Promise<AuthorizationDecision>;
  /**
   * For a read allowed on the table but only on some rows: the read sees only rows whose `column`
   * equals `value` (as if `column=eq.value` were added). An embed of such a relation is refused.
   */
  onlyRows?: {
    column: string;
    value: string;
    /** Or the rows whose `column` is one of `values` (a person's own rows or their teams'). */
    orIn?: { column: string; values: readonly string[] };
  };
  /**
   * For a read allowed on only some rows: those whose `column` is among `ids`, or with `exclude`
   * those whose column is not (as if `column=in.(…)` / `column=not.in.(…)` were added). An embed of
   * such a relation is refused as `onlyRows`'s is.
   */
  rowFilter?: { column: string; ids: readonly string[]; exclude: boolean };
}

/**
 * Called before anything touches data, with the table (or `rpc/{function}`) and HTTP method. A
 * refusal answers 403 and no SQL runs.
 */
export type AuthorizeTable<E extends Env = Env> = (
  table: string,
  method: string,
  c: Context<E>,
) => AuthorizationDecision | Promise<AuthorizationDecision>;

export interface PostgrestAppOptions<E extends Env = Env> {
  db: Database;
  authorize: AuthorizeTable<E>;
  /** A shared catalog (to refresh it after migrations); one is made from `db` and `schema` otherwise. */
  catalog?: CatalogCache;
  /** The exposed schema; `public` by default. */
  schema?: string;
  /** Columns with a stored case-folded companion that `ilike` reads (see CaseFolded). */
  caseFolded?: CaseFolded;
  /** Columns holding secrets: masked on read, never filtered on, sealed on write (see SecretColumns). */
  secretColumns?: SecretColumns;
  /**
   * A jsonb column of `relation` that takes a written row's keys naming no column (merged into the
   * row's own value of it) instead of the 400 an unknown column is; undefined: no such column.
   */
  extraKeysInto?: (relation: string) => string | undefined;
  /** Seals one secret value for storage (`context`: `table.column` or `table.column.key`). */
  sealSecret?: (context: string, value: string) => string;
  /**
   * The columns the server sets itself on a write to `relation` (authorship, timestamps), whatever the
   * body says; called for every insert, upsert and PATCH of every relation.
   */
  serverColumns?: (relation: CatalogRelation, c: Context<E>) => ServerColumns | undefined;
  /**
   * Told after a write to a table commits (an insert or upsert, an update, a delete), before the
   * reply goes out; the reply waits for it. Not called for reads, refused or rolled back writes.
   */
  onWritten?: (event: TableWritten) => void | Promise<void>;
  /**
   * True for an rpc function that may write (not declared read-only): its call runs in a
   * transaction of its own, so that the actor's setting reaches its writes.
   */
  functionWrites?: (name: string) => boolean;
  /**
   * The most rows one read answers (PostgREST's db-max-rows): a larger `limit`, or none, is cut to
   * it and Content-Range tells what came back. Also the threshold of `Prefer: count=estimated`:
   * exact up to it, the planner's estimate above. 10,000 unless given.
   */
  maxRows?: number;
}

/** The default of `maxRows`, as documented in the README's /api/db section. */
const defaultMaxRows = 10_000;

/** One committed write through the engine. */
export interface TableWritten {
  table: string;
  action: 'insert' | 'update' | 'delete';
}

const jsonType = 'application/json; charset=utf-8';
const objectType = 'application/vnd.pgrst.object+json; charset=utf-8';
const csvType = 'text/csv; charset=utf-8';
const contentTypes: Record<ResponseShape, string> = {
  array: jsonType,
  object: objectType,
  csv: csvType,
};

function errorResponse(c: Context, error: PostgrestError): Response {
  return c.json(error.toBody(), error.status);
}

// Reads tolerate a row count of `string` from drivers that keep big integers exact.
function toCount(value: unknown): number {
  return typeof value === 'number' ? value : Number(value ?? 0);
}

// The top plan's row estimate from `EXPLAIN (FORMAT JSON)`, which drivers give parsed or as text.
function plannedRows(plan: unknown): number {
  const parsed: unknown = typeof plan === 'string' ? JSON.parse(plan) : plan;
  const top = Array.isArray(parsed)
    ? (parsed[0] as { Plan?: { 'Plan Rows'?: unknown } })
    : undefined;
  const rows = Number(top?.Plan?.['Plan Rows']);
  return Number.isFinite(rows) ? Math.max(0, Math.round(rows)) : 0;
}

function contentRange(offset: number, rows: number, total: number | undefined): string {
  const totalText = total === undefined ? '*' : String(total);
  return rows === 0 ? `*/${totalText}` : `${offset}-${offset + rows - 1}/${totalText}`;
}

// One row as `{...}` from the `[{...}]` json_agg gives; anything else is PostgREST's 406.
function singular(body: string, rows: number): string {
  if (rows !== 1) {
    throw new PostgrestError(
      406,
      'PGRST116',
      'JSON object requested, multiple (or no) rows returned',
      `The result contains ${rows} rows`,
    );
  }
  return body.slice(1, -1).trim();
}

function hasFilter(query: { filters: unknown[]; extensions: unknown[] }): boolean {
  return query.filters.length > 0 || query.extensions.length > 0;
}

function preferenceApplied(
  preferences: Preferences,
  keys: (keyof Preferences)[],
): string | undefined {
  const applied = keys
    .filter((key) => preferences[key] !== undefined)
    .map((key) => `${key}=${preferences[key]}`);
  return applied.length > 0 ? applied.join(', ') : undefined;
}

/**
 * The PostgREST-compatible engine for `/api/db`: tables and views of the catalog under `/{name}`,
 * functions under `/rpc/{name}`. Mount it with `app.route('/api/db', createPostgrestApp(...))`.
 */
export function createPostgrestApp<E extends Env = Env>(options: PostgrestAppOptions<E>): Hono<E> {
  const { db } = options;
  const catalogCache =
    options.catalog ??
    new CatalogCache(db, options.schema ?? 'public', options.caseFolded, options.secretColumns);
  const app = new Hono<E>();

  app.onError((error, c) => {
    const known = error instanceof PostgrestError ? error : fromDatabaseError(error);
    if (known) return errorResponse(c, known);
    throw error;
  });

  // Secret columns are sealed before they reach SQL; a plain insert has no stored value to keep.
  const sealSecrets = (relation: CatalogRelation, body: unknown, plainInsert: boolean) => {
    // Secrets at json paths are stored as written: the table's write guard gives a mask its stored
    // value back, or refuses it naming the path (restoreMaskedPaths); columns and keys are sealed.
    if (!body || !relation.columns.some((column) => column.secret && !column.secret.paths))
      return body;
    if (plainInsert && JSON.stringify(body).includes(`"${SECRET_MASK}"`))
      throw new PostgrestError(
        400,
        'PGRST102',
        `A new row of '${relation.name}' cannot hold the secret mask ${SECRET_MASK}: give the secret itself`,
        null,
      );
    const seal = options.sealSecret;
    if (!seal)
      throw new PostgrestError(
        500,
        'PGRST000',
        `'${relation.name}' holds secrets and no key seals them`,
        null,
      );
    return sealSecretPayload(relation.name, relation.columnsByName, body, seal);
  };

  const refuse = (c: Context<E>, table: string, decision: AuthorizationDecision): void => {
    if (decision.allowed) return;
    const status = decision.status ?? 403;
    const message = decision.reason ?? `${c.req.method} on ${table} is not allowed`;
    // SQLSTATEs of the same meaning: integrity (409), invalid value (400), privilege (403).
    const code = { 400: '22023', 401: 'PGRST301', 403: '42501', 409: '23000' }[status];
    throw new PostgrestError(status, code, message);
  };
  const authorize = async (
    c: Context<E>,
    table: string,
    method = c.req.method,
  ): Promise<AuthorizationDecision> => {
    const decision = await options.authorize(table, method, c);
    refuse(c, table, decision);
    return decision;
  };

  const maxRows = options.maxRows ?? defaultMaxRows;

  /**
   * A read of `node` (a relation, or the rows of a function call given as `source`) as PostgREST
   * answers it: the window of Range/limit/offset cut to `maxRows`, the total `Prefer: count` asks
   * for in Content-Range, and the body as a JSON array, one object or CSV.
   */
  const answerRead = async (
    c: Context<E>,
    catalog: Catalog,
    node: ReadNode,
    request: {
      preferences: Preferences;
      shape: ResponseShape;
      limit: number | undefined;
      offset: number | undefined;
      source?: (sql: SqlBuilder) => string;
      /** Where the SQL runs (a writing function's transaction); `db` unless given. */
      runner?: SqlRunner;
    },
  ): Promise<Response> => {
    const { preferences, shape, source, runner = db } = request;
    const range = requestedRange(c.req.header('Range'), request.limit, request.offset);
    const limit = Math.min(range.limit ?? maxRows, maxRows);
    const counting = preferences.count;
    // The planner's estimate of the filtered rows: cheap at any size. For count=estimated it comes
    // first, as in PostgREST: above maxRows it is the answer and no row is counted (at 100k configs
    // a broad search spent longer counting 10,001 rows than reading its page); at or below, the
    // rows are counted, at most maxRows + 1 of them should the estimate have been low.
    let planned: number | undefined;
    if (counting === 'planned' || counting === 'estimated') {
      const planSql = new SqlBuilder(catalog);
      const planFrom = source?.(planSql);
      const plan = await runner.query<Record<string, unknown>>(
        countPlanSql(planSql, node, planFrom),
        planSql.params,
      );
      planned = plannedRows(Object.values(plan.rows[0] ?? {})[0]);
    }
    const countMode: CountMode =
      counting === 'exact'
        ? { kind: 'exact' }
        : counting === 'estimated' && (planned ?? 0) <= maxRows
          ? { kind: 'bounded', bound: maxRows }
          : { kind: 'none' };
    const sql = new SqlBuilder(catalog);
    const from = source?.(sql);
    const text = readSql(sql, node, {
      count: countMode,
      offset: range.offset,
      limit,
      csv: shape === 'csv',
      ...(from === undefined ? {} : { source: from }),
    });
    const { rows } = await runner.query<{ total: unknown; n: unknown; body: string }>(
      text,
      sql.params,
    );
    const row = rows[0];
    const n = toCount(row?.n);
    let total: number | undefined;
    let exact = false;
    const known = range.offset + n;
    if (counting === 'exact' || (countMode.kind === 'bounded' && toCount(row?.total) <= maxRows)) {
      total = toCount(row?.total);
      exact = true;
    } else if (counting === 'estimated' && n < limit && (n > 0 || range.offset === 0)) {
      // A page that is not full ends the rows: an estimate above them would page into nothing.
      total = known;
      exact = true;
    } else if (planned !== undefined) {
      // Never below what is known to exist: this page, or more than maxRows for a count that
      // got there.
      total = Math.max(planned, known, countMode.kind === 'bounded' ? maxRows + 1 : 0);
    }
    let status: StatusCode = 200;
    if (total !== undefined) {
      if (exact && range.offset > total && !(range.offset === 0 && total === 0)) {
        const error = rangeNotSatisfiable(
          `An offset of ${range.offset} was requested, but there are only ${total} rows.`,
        );
        return c.json(error.toBody(), 416, { 'Content-Range': `*/${total}` });
      }
      if (n < total) status = 206;
    }
    const headers: Record<string, string> = {
      'Content-Type': contentTypes[shape],
      'Content-Range': contentRange(range.offset, n, total),
      'Range-Unit': 'items',
    };
    const applied = preferenceApplied(preferences, ['count']);
    if (applied) headers['Preference-Applied'] = applied;
    const body = shape === 'object' ? singular(row?.body ?? '[]', n) : (row?.body ?? '[]');
    // A single object is never a "partial" range. Hono drops the body of a HEAD reply itself.
    return c.body(body, shape === 'object' ? 200 : status, headers);
  };

  app.on(['GET', 'HEAD', 'POST'], '/rpc/:name', async (c) => {
    const catalog = await catalogCache.get();
    const name = c.req.param('name');
    const method = c.req.method;
    // Before the lookup: a caller refused the name must not learn whether the function exists.
    await authorize(c, `rpc/${name}`);
    const shape = acceptedShape(c.req.header('Accept'));
    const preferences = parsePrefer(c.req.header('Prefer'));
    const searchParams = new URL(c.req.url).searchParams;
    // GET carries the arguments in the query string; POST in a JSON object body, its query string
    // then shaping the rows only (select, filters, order, limit), as in PostgREST.
    const { args, rest } =
      method === 'POST'
        ? { args: argumentsFromBody(await readBody(c)), rest: searchParams }
        : argumentsFromQuery(searchParams, catalog.functions.get(name));
    const fn = resolveFunction(catalog, name, Object.keys(args));
    const relation = resultRelation(catalog, fn);
    // A call of a function that writes is a statement of its own transaction, which carries the
    // caller as the actor of what it writes (a plain SELECT would be recorded as the server's).
    const call = <T>(run: (runner: SqlRunner) => Promise<T>): Promise<T> =>
      options.functionWrites?.(name) ? db.transaction(run) : run(db);
    if (relation) {
      const { query, embedded } = parseQueryString(rest);
      const node = resolveRead(catalog, relation, query.select, query, embedded);
      for (const touched of relationsTouched(catalog, node)) await authorize(c, touched, 'GET');
      return call((runner) =>
        answerRead(c, catalog, node, {
          preferences,
          shape,
          limit: query.limit,
          offset: query.offset,
          source: (sql) => callSql(sql, fn, args),
          runner,
        }),
      );
    }
    if (shape === 'csv') {
      throw new PostgrestError(
        406,
        'PGRST107',
        `${name} does not return rows; text/csv is available for functions that return a set of rows`,
      );
    }
    const sql = new SqlBuilder(catalog);
    const text = rpcSql(sql, fn, args);
    const { rows } = await call((runner) =>
      runner.query<{ body: string | null }>(text, sql.params),
    );
    if (fn.returnsVoid) return c.body(null, 204);
    const body = rows[0]?.body ?? 'null';
    return c.body(body, 200, { 'Content-Type': jsonType });
  });
  app.all('/rpc/:name', (c) =>
    errorResponse(
      c,
      new PostgrestError(405, 'PGRST101', 'Only GET and POST are allowed for functions'),
    ),
  );

  app.on(['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'], '/:table', async (c) => {
    const catalog = await catalogCache.get();
    const tableName = c.req.param('table');
    // Before the lookup: a caller refused the name must not learn whether the table exists (403, not 404).
    const decision = await authorize(c, tableName);
    const relation = catalog.relations.get(tableName);
    if (!relation) throw unknownRelation(catalog.schema, tableName);

    const method = c.req.method;
    const url = new URL(c.req.url);
    const preferences = parsePrefer(c.req.header('Prefer'));
    const shape = acceptedShape(c.req.header('Accept'));
    const ignored = new Set(method === 'POST' ? ['columns', 'on_conflict'] : []);
    // A read limited to some rows filters on them like any other filter (ANDed, bound as a value).
    if (decision.onlyRows && (method === 'GET' || method === 'HEAD')) {
      const { column, value, orIn } = decision.onlyRows;
      if (orIn?.values.length)
        url.searchParams.append(
          'or',
          `(${column}.eq.${quoteValue(value)},${orIn.column}.in.(${orIn.values.map(quoteValue).join(',')}))`,
        );
      else url.searchParams.append(column, `eq.${value}`);
    }
    if (decision.rowFilter && (method === 'GET' || method === 'HEAD')) {
      const { column, ids, exclude } = decision.rowFilter;
      const list = ids.map((id) => quoteValue(id)).join(',');
      url.searchParams.append(column, `${exclude ? 'not.' : ''}in.(${list})`);
    }
    const { query, embedded } = parseQueryString(url.searchParams, ignored);
    const node = resolveRead(catalog, relation, query.select, query, embedded);
    // Embedded relations are read too: each needs the read right, or the embed would bypass the hook.
    for (const touched of relationsTouched(catalog, node)) {
      if (touched === tableName && method === 'GET') continue;
      const embed = await authorize(c, touched, 'GET');
      // An embed is not filtered by the hook's row limit: it must be read on its own.
      if ((embed.onlyRows || embed.rowFilter) && touched !== tableName)
        refuse(c, touched, {
          allowed: false,
          reason: `${touched} may only be read on its own (only some of its rows are yours)`,
        });
    }

    if (method === 'GET' || method === 'HEAD') {
      return answerRead(c, catalog, node, {
        preferences,
        shape,
        limit: query.limit,
        offset: query.offset,
      });
    }

    if ((method === 'PATCH' || method === 'DELETE') && !hasFilter(query)) {
      throw new PostgrestError(
        400,
        '21000',
        `${method === 'PATCH' ? 'UPDATE' : 'DELETE'} requires a WHERE clause`,
        null,
        'Add a filter (e.g. ?id=eq.{id}) to choose the rows; this server refuses to change every row.',
      );
    }
    if (method === 'POST' && (query.filters.length > 0 || query.extensions.length > 0)) {
      throw parseError(
        'Filters are not allowed on POST',
        'Use PATCH to change rows that match a filter.',
      );
    }

    const verb = method === 'POST' ? 'insert' : method === 'PATCH' ? 'update' : 'delete';
    if (!relation.writable[verb]) throw readOnlyRelation(relation.name, verb);
    const parsed = method === 'DELETE' ? undefined : parseJsonBody(await c.req.text());
    const columnsParam = method === 'POST' ? url.searchParams.get('columns') : null;
    const extraInto = columnsParam === null ? options.extraKeysInto?.(relation.name) : undefined;
    const payload = sealSecrets(
      relation,
      extraInto ? foldExtraKeys(relation, parsed, extraInto) : parsed,
      method === 'POST' && !preferences.resolution,
    );
    const onConflict = url.searchParams.get('on_conflict');
    const conflictColumns = onConflict
      ? onConflict.split(',').map((name) => {
          const column = relation.columnsByName.get(name.trim());
          if (!column) throw unknownColumn(relation.name, name.trim());
          return column.name;
        })
      : undefined;
    const checkRows = decision.checkRows;
    const server = method === 'DELETE' ? undefined : options.serverColumns?.(relation, c);
    const sql = new SqlBuilder(catalog);
    const write = {
      server,
      images: checkRows !== undefined,
      csv: shape === 'csv',
      // `columns=a,"b"` (postgrest-js quotes each name).
      columns:
        columnsParam === null
          ? undefined
          : columnsParam.split(',').map((name) => name.trim().replace(/^"(.*)"$/, '$1')),
    };
    const text =
      method === 'POST'
        ? insertSql(sql, node, payload, preferences, conflictColumns, write)
        : method === 'PATCH'
          ? updateSql(sql, node, payload, preferences, write)
          : deleteSql(sql, node, preferences, write);
    // A checked write's rows as they were, read (and locked) in its transaction first: those a PATCH
    // or an upsert is about to change. A DELETE's come back from the write itself.
    const beforeSql = new SqlBuilder(catalog);
    const beforeText =
      checkRows && text
        ? method === 'PATCH'
          ? matchedRowsSql(beforeSql, node)
          : method === 'POST'
            ? conflictingRowsSql(beforeSql, node, payload, preferences, conflictColumns, server)
            : undefined
        : undefined;

    const representation = preferences.return === 'representation';
    let n = 0;
    let body = '[]';
    if (text) {
      // One transaction, so a singular request that matched several rows changes nothing (406).
      const result = await db.transaction(async (tx: SqlRunner) => {
        const before = beforeText
          ? images(
              (await tx.query<{ images: string }>(beforeText, beforeSql.params)).rows[0]?.images,
            )
          : [];
        const { rows } = await tx.query<{ n: unknown; body: string; images?: string }>(
          text,
          sql.params,
        );
        const written = { n: toCount(rows[0]?.n), body: rows[0]?.body ?? '[]' };
        if (checkRows) {
          const changed = images(rows[0]?.images);
          const deleted = method === 'DELETE';
          refuse(
            c,
            tableName,
            await checkRows({
              table: tableName,
              method,
              before: deleted ? changed : before,
              after: deleted ? [] : changed,
              tx,
            }),
          );
        }
        if (shape === 'object' && written.n !== 1) singular(written.body, written.n);
        return written;
      });
      n = result.n;
      body = result.body;
      await options.onWritten?.({ table: tableName, action: verb });
    } else if (shape === 'object') {
      singular(body, 0);
    }

    const headers: Record<string, string> = { 'Content-Range': contentRange(0, n, undefined) };
    const applied = preferenceApplied(preferences, ['return', 'resolution']);
    if (applied) headers['Preference-Applied'] = applied;
    const status: ContentfulStatusCode = method === 'POST' ? 201 : 200;
    if (!representation) return c.body(null, method === 'POST' ? 201 : 204, headers);
    headers['Content-Type'] = contentTypes[shape];
    return c.body(shape === 'object' ? singular(body, n) : body, status, headers);
  });

  app.all('/:table', (c) =>
    errorResponse(
      c,
      new PostgrestError(405, 'PGRST117', `Unsupported HTTP method: ${c.req.method}`),
    ),
  );
  app.all('*', (c) =>
    errorResponse(
      c,
      new PostgrestError(404, 'PGRST125', `Invalid path specified in request URL: ${c.req.path}`),
    ),
  );
  return app;
}

/** A value in PostgREST's grammar, double-quoted so no character of it is read as syntax. */
function quoteValue(value: string): string {
  return `"${value.replace(/[\\"]/g, (ch) => `\\${ch}`)}"`;
}

/**
 * A body's rows with each key that names no column of `relation` moved into the jsonb `column`
 * (merged over what the row gives for it, the row's own keys there winning). A body that is not a
 * row or rows, or a column value that is not an object, is left for the write to refuse.
 */
function foldExtraKeys(relation: CatalogRelation, body: unknown, column: string): unknown {
  const isRecord = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value);
  const fold = (row: unknown): unknown => {
    if (!isRecord(row)) return row;
    const extra = Object.keys(row).filter((key) => !relation.columnsByName.has(key));
    const own = row[column];
    if (extra.length === 0 || (own !== undefined && own !== null && !isRecord(own))) return row;
    const kept: Record<string, unknown> = {};
    const moved: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(row)) {
      if (extra.includes(key)) moved[key] = value;
      else kept[key] = value;
    }
    return { ...kept, [column]: { ...moved, ...(isRecord(own) ? own : {}) } };
  };
  return Array.isArray(body) ? body.map(fold) : fold(body);
}

function images(text: string | undefined): Record<string, unknown>[] {
  return text ? (JSON.parse(text) as Record<string, unknown>[]) : [];
}

async function readBody(c: Context): Promise<unknown> {
  const text = await c.req.text();
  return text.trim() === '' ? undefined : parseJsonBody(text);
}
