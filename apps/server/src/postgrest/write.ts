import { jsonNestsDeeperThan, MAX_JSON_DEPTH } from '../http/jsonDepth.ts';
import type { CatalogColumn, CatalogRelation } from './catalog.ts';
import { invalidBody, PostgrestError, unknownPayloadColumn } from './errors.ts';
import { csvSql, outputNames, selectListSql, whereSql, type ReadNode } from './read.ts';
import type { Preferences } from './request.ts';
import { keptSecretSql } from './secretColumns.ts';
import { quoteIdent, toParam, type SqlBuilder } from './sql.ts';

type Row = Record<string, unknown>;

/** Reads a JSON body; empty, malformed or nested too deep is a 400 (PGRST102) as in PostgREST. */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') throw invalidBody('Empty or invalid json');
  if (jsonNestsDeeperThan(text))
    throw invalidBody(`JSON nested more than ${MAX_JSON_DEPTH} levels deep`);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw invalidBody('Empty or invalid json');
  }
}

function isRow(value: unknown): value is Row {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A value the server writes into a column, whatever a body says: bound as given, or the database's clock. */
export type ServerValue = { readonly value: unknown } | { readonly now: true };

/**
 * Columns the server owns on writes to one relation (the app's `serverColumns` hook). A body's values
 * for them are ignored; one set on insert and not on update is never changed after the insert.
 */
export interface ServerColumns {
  /** Set on every insert, an upsert's too. */
  insert?: Readonly<Record<string, ServerValue>>;
  /** Set on every update: a PATCH, and an upsert that meets an existing row. */
  update?: Readonly<Record<string, ServerValue>>;
}

/** What the app adds to a write: the server's columns, and the written rows as JSON (`images`) for a check. */
export interface WriteOptions {
  server?: ServerColumns | undefined;
  images?: boolean;
  /** The representation as CSV text (`Accept: text/csv`) instead of a JSON array. */
  csv?: boolean;
  /**
   * An insert's `columns=` parameter: the columns written, whatever keys each row has (a key not
   * listed is ignored; a listed one a row lacks is NULL, or the column's default with
   * `Prefer: missing=default`).
   */
  columns?: string[] | undefined;
}

function serverOwned(server: ServerColumns | undefined): Set<string> {
  return new Set([...Object.keys(server?.insert ?? {}), ...Object.keys(server?.update ?? {})]);
}

/** `values` for the columns `relation` has, each as SQL; call it only where the values are used (it binds). */
function serverSql(
  sql: SqlBuilder,
  relation: CatalogRelation,
  values: ServerColumns['insert'],
): { column: CatalogColumn; sql: string }[] {
  return Object.entries(values ?? {}).flatMap(([name, value]) => {
    const column = relation.columnsByName.get(name);
    if (!column) return [];
    return [
      {
        column,
        sql:
          'now' in value
            ? `now()::${column.type}`
            : `${sql.bind(toParam(column, value.value))}::${column.type}`,
      },
    ];
  });
}

function payloadColumns(relation: CatalogRelation, row: Row): CatalogColumn[] {
  return Object.keys(row).map((key) => {
    const column = relation.columnsByName.get(key);
    if (!column) throw unknownPayloadColumn(relation.name, key);
    return column;
  });
}

/**
 * `WITH w AS (<write> RETURNING *) SELECT n, body` reading the written rows as `node` selects them;
 * with `images`, every column of each written row too.
 */
function returningSql(
  sql: SqlBuilder,
  write: string,
  node: ReadNode,
  representation: boolean,
  options: WriteOptions,
): string {
  const images = options.images ?? false;
  const imagesSql = images
    ? `, (SELECT coalesce(json_agg(pgrst_image.*), '[]'::json)::text FROM pgrst_write AS pgrst_image) AS images`
    : '';
  if (!representation) {
    return `WITH pgrst_write AS (${write} RETURNING ${images ? '*' : '1'}) SELECT count(*) AS n, '[]' AS body${imagesSql} FROM pgrst_write`;
  }
  const alias = sql.alias();
  const list = selectListSql(sql, node, alias);
  const body = options.csv
    ? csvSql(sql, 'p', outputNames(node))
    : `coalesce(json_agg(p.*), '[]'::json)::text`;
  return `WITH pgrst_write AS (${write} RETURNING *) SELECT count(*) AS n, ${body} AS body${imagesSql} FROM (SELECT ${list} FROM pgrst_write AS ${alias}) AS p`;
}

// Rows as JSON images, locked for the rest of the transaction where the relation is a table.
function imagesSql(
  sql: SqlBuilder,
  relation: CatalogRelation,
  alias: string,
  where: string[],
): string {
  const lock = relation.kind === 'table' ? ` FOR UPDATE OF ${alias}` : '';
  return `SELECT coalesce(json_agg(pgrst_rows.*), '[]'::json)::text AS images FROM (SELECT ${alias}.* FROM ${sql.qualified(relation.name)} AS ${alias} WHERE ${where.join(' AND ')}${lock}) AS pgrst_rows`;
}

/** The rows a PATCH's filter selects, as they are before it (`images`), for a check of what it changes. */
export function matchedRowsSql(sql: SqlBuilder, node: ReadNode): string {
  const alias = sql.alias();
  return imagesSql(sql, node.relation, alias, whereSql(sql, node, alias));
}

/**
 * The existing rows an upsert would overwrite, as they are before it (`images`), for a check of what
 * it changes; undefined when it overwrites nothing (a plain insert, ignore-duplicates). Each conflict
 * column must come with the body (or the server): a default could meet a row nobody can name here.
 */
export function conflictingRowsSql(
  sql: SqlBuilder,
  node: ReadNode,
  payload: unknown,
  preferences: Preferences,
  onConflict: string[] | undefined,
  server?: ServerColumns,
): string | undefined {
  if (preferences.resolution !== 'merge-duplicates') return undefined;
  const relation = node.relation;
  const rows = (Array.isArray(payload) ? payload : [payload]).filter(isRow);
  const conflict = onConflict ?? relation.primaryKey;
  if (rows.length === 0 || conflict.length === 0) return undefined;
  const owned = serverOwned(server);
  const fromServer = new Map<string, string | undefined>();
  const serverValue = (name: string) => {
    const value = server?.insert?.[name];
    if (!fromServer.has(name))
      fromServer.set(name, value && serverSql(sql, relation, { [name]: value })[0]?.sql);
    return fromServer.get(name);
  };
  const tuples = rows.map((row) => {
    const values = conflict.map((name) => {
      const column = relation.columnsByName.get(name);
      if (column && !owned.has(name) && Object.hasOwn(row, name))
        return `${sql.bind(toParam(column, row[name]))}::${column.type}`;
      const value = serverValue(name);
      if (value === undefined) {
        throw new PostgrestError(
          400,
          'PGRST100',
          `An upsert of '${relation.name}' must give every conflict column in the body`,
          `'${name}' is missing`,
        );
      }
      return value;
    });
    return `(${values.join(', ')})`;
  });
  const alias = sql.alias();
  const key = `(${conflict.map((name) => `${alias}.${quoteIdent(name)}`).join(', ')})`;
  return imagesSql(sql, relation, alias, [`${key} IN (${tuples.join(', ')})`]);
}

/**
 * INSERT of one object or an array of objects with the same keys (PostgREST requires that). Values
 * are bound and cast to the catalog type of their column; `Prefer: resolution=...` makes it an upsert
 * on `onConflict` (or the primary key).
 */
export function insertSql(
  sql: SqlBuilder,
  node: ReadNode,
  payload: unknown,
  preferences: Preferences,
  onConflict: string[] | undefined,
  options: WriteOptions = {},
): string | undefined {
  const relation = node.relation;
  const rows = Array.isArray(payload) ? payload : [payload];
  if (!rows.every(isRow))
    throw invalidBody('The body must be a JSON object or an array of JSON objects');
  const first = rows[0];
  if (!first) return undefined;
  const owned = serverOwned(options.server);
  const listed = options.columns;
  const columns = (
    listed === undefined
      ? payloadColumns(relation, first)
      : listed.map((name) => {
          const column = relation.columnsByName.get(name);
          if (!column) throw unknownPayloadColumn(relation.name, name);
          return column;
        })
  ).filter((column) => !owned.has(column.name));
  if (listed === undefined) {
    const keys = Object.keys(first).sort().join('\0');
    for (const row of rows) {
      if (Object.keys(row).sort().join('\0') !== keys)
        throw invalidBody('All object keys must match');
    }
  }
  const missing = preferences.missing === 'default' ? 'DEFAULT' : 'NULL';
  // The server's values are bound once and shared by every row.
  const inserted = serverSql(sql, relation, options.server?.insert);
  const target = sql.qualified(relation.name);
  let write: string;
  if (columns.length + inserted.length === 0) {
    if (rows.length > 1) throw invalidBody('Inserting several rows needs at least one column');
    write = `INSERT INTO ${target} DEFAULT VALUES`;
  } else {
    const values = rows.map((row) => {
      const given = columns.map((column) =>
        Object.hasOwn(row, column.name)
          ? `${sql.bind(toParam(column, row[column.name]))}::${column.type}`
          : missing === 'NULL'
            ? `NULL::${column.type}`
            : missing,
      );
      return `(${[...given, ...inserted.map((value) => value.sql)].join(', ')})`;
    });
    const names = [...columns, ...inserted.map((value) => value.column)].map((column) =>
      quoteIdent(column.name),
    );
    write = `INSERT INTO ${target} (${names.join(', ')}) VALUES ${values.join(', ')}`;
  }
  if (preferences.resolution) {
    const conflict = onConflict ?? relation.primaryKey;
    if (conflict.length === 0)
      throw new PostgrestError(
        400,
        'PGRST100',
        `'${relation.name}' has no primary key to resolve duplicates on; use on_conflict`,
      );
    const update = columns.filter((column) => !conflict.includes(column.name));
    let action = 'DO NOTHING';
    if (preferences.resolution !== 'ignore-duplicates' && update.length > 0) {
      // Columns the server sets on insert only (authorship, creation time) keep the stored row's value.
      const set = [
        ...update.map((column) => {
          const incoming = `EXCLUDED.${quoteIdent(column.name)}`;
          // A secret written back as its mask keeps the stored value.
          return `${quoteIdent(column.name)} = ${
            column.secret
              ? keptSecretSql(incoming, `${target}.${quoteIdent(column.name)}`, column)
              : incoming
          }`;
        }),
        ...serverSql(sql, relation, options.server?.update).map(
          (value) => `${quoteIdent(value.column.name)} = ${value.sql}`,
        ),
      ];
      action = `DO UPDATE SET ${set.join(', ')}`;
    }
    write += ` ON CONFLICT (${conflict.map(quoteIdent).join(', ')}) ${action}`;
  }
  return returningSql(sql, write, node, preferences.return === 'representation', options);
}

/** UPDATE of the filtered rows; the caller has made sure there is a filter. */
export function updateSql(
  sql: SqlBuilder,
  node: ReadNode,
  payload: unknown,
  preferences: Preferences,
  options: WriteOptions = {},
): string | undefined {
  if (!isRow(payload)) throw invalidBody('The body of a PATCH must be a JSON object');
  // A body naming only the server's columns changes nothing: no write at all.
  const owned = serverOwned(options.server);
  const columns = payloadColumns(node.relation, payload).filter(
    (column) => !owned.has(column.name),
  );
  if (columns.length === 0) return undefined;
  const alias = sql.alias();
  const set = columns.map((column) => {
    const incoming = `${sql.bind(toParam(column, payload[column.name]))}::${column.type}`;
    // A secret written back as its mask keeps the stored value.
    return `${quoteIdent(column.name)} = ${
      column.secret
        ? keptSecretSql(incoming, `${alias}.${quoteIdent(column.name)}`, column)
        : incoming
    }`;
  });
  for (const value of serverSql(sql, node.relation, options.server?.update))
    set.push(`${quoteIdent(value.column.name)} = ${value.sql}`);
  const where = whereSql(sql, node, alias);
  const write = `UPDATE ${sql.qualified(node.relation.name)} AS ${alias} SET ${set.join(', ')} WHERE ${where.join(' AND ')}`;
  return returningSql(sql, write, node, preferences.return === 'representation', options);
}

/** DELETE of the filtered rows; the caller has made sure there is a filter. */
export function deleteSql(
  sql: SqlBuilder,
  node: ReadNode,
  preferences: Preferences,
  options: WriteOptions = {},
): string {
  const alias = sql.alias();
  const where = whereSql(sql, node, alias);
  const write = `DELETE FROM ${sql.qualified(node.relation.name)} AS ${alias} WHERE ${where.join(' AND ')}`;
  return returningSql(sql, write, node, preferences.return === 'representation', options);
}
