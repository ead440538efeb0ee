import { jsonNestsDeeperThan, MAX_JSON_DEPTH } from '../http/jsonDepth';
import type { CatalogColumn, CatalogRelation } from './catalog';
import { invalidBody, PostgrestError, unknownPayloadColumn } from './errors';
import { selectListSql, whereSql, type ReadNode } from './read';
import type { Preferences } from './request';
import { quoteIdent, toParam, type SqlBuilder } from './sql';

type Row = Record<string, unknown>;

/** Reads a JSON body; empty, malformed or nested too deep is a 400 (PGRST102) as in PostgREST. */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') throw invalidBody('Empty or invalid json');
  if (jsonNestsDeeperThan(text)) throw invalidBody(`JSON nested more than ${MAX_JSON_DEPTH} levels deep`);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw invalidBody('Empty or invalid json');
  }
}

function isRow(value: unknown): value is Row {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function payloadColumns(relation: CatalogRelation, row: Row): CatalogColumn[] {
  return Object.keys(row).map((key) => {
    const column = relation.columnsByName.get(key);
    if (!column) throw unknownPayloadColumn(relation.name, key);
    return column;
  });
}

/** `WITH w AS (<write> RETURNING *) SELECT n, body` reading the written rows as `node` selects them. */
function returningSql(sql: SqlBuilder, write: string, node: ReadNode, representation: boolean): string {
  if (!representation) return `WITH pgrst_write AS (${write} RETURNING 1) SELECT count(*) AS n, '[]' AS body FROM pgrst_write`;
  const alias = sql.alias();
  const list = selectListSql(sql, node, alias);
  return `WITH pgrst_write AS (${write} RETURNING *) SELECT count(*) AS n, coalesce(json_agg(p), '[]'::json)::text AS body FROM (SELECT ${list} FROM pgrst_write AS ${alias}) AS p`;
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
): string | undefined {
  const relation = node.relation;
  const rows = Array.isArray(payload) ? payload : [payload];
  if (!rows.every(isRow)) throw invalidBody('The body must be a JSON object or an array of JSON objects');
  const first = rows[0];
  if (!first) return undefined;
  const columns = payloadColumns(relation, first);
  const keys = columns.map((column) => column.name).sort().join('\0');
  for (const row of rows) {
    if (Object.keys(row).sort().join('\0') !== keys) throw invalidBody('All object keys must match');
  }
  const target = sql.qualified(relation.name);
  let write: string;
  if (columns.length === 0) {
    if (rows.length > 1) throw invalidBody('Inserting several rows needs at least one column');
    write = `INSERT INTO ${target} DEFAULT VALUES`;
  } else {
    const values = rows.map(
      (row) => `(${columns.map((column) => `${sql.bind(toParam(column, row[column.name]))}::${column.type}`).join(', ')})`,
    );
    write = `INSERT INTO ${target} (${columns.map((column) => quoteIdent(column.name)).join(', ')}) VALUES ${values.join(', ')}`;
  }
  if (preferences.resolution) {
    const conflict = onConflict ?? relation.primaryKey;
    if (conflict.length === 0) throw new PostgrestError(400, 'PGRST100', `'${relation.name}' has no primary key to resolve duplicates on; use on_conflict`);
    const update = columns.filter((column) => !conflict.includes(column.name));
    const action =
      preferences.resolution === 'ignore-duplicates' || update.length === 0
        ? 'DO NOTHING'
        : `DO UPDATE SET ${update.map((column) => `${quoteIdent(column.name)} = EXCLUDED.${quoteIdent(column.name)}`).join(', ')}`;
    write += ` ON CONFLICT (${conflict.map(quoteIdent).join(', ')}) ${action}`;
  }
  return returningSql(sql, write, node, preferences.return === 'representation');
}

/** UPDATE of the filtered rows; the caller has made sure there is a filter. */
export function updateSql(sql: SqlBuilder, node: ReadNode, payload: unknown, preferences: Preferences): string | undefined {
  if (!isRow(payload)) throw invalidBody('The body of a PATCH must be a JSON object');
  const columns = payloadColumns(node.relation, payload);
  if (columns.length === 0) return undefined;
  const alias = sql.alias();
  const set = columns.map((column) => `${quoteIdent(column.name)} = ${sql.bind(toParam(column, payload[column.name]))}::${column.type}`);
  const where = whereSql(sql, node, alias);
  const write = `UPDATE ${sql.qualified(node.relation.name)} AS ${alias} SET ${set.join(', ')} WHERE ${where.join(' AND ')}`;
  return returningSql(sql, write, node, preferences.return === 'representation');
}

/** DELETE of the filtered rows; the caller has made sure there is a filter. */
export function deleteSql(sql: SqlBuilder, node: ReadNode, preferences: Preferences): string {
  const alias = sql.alias();
  const where = whereSql(sql, node, alias);
  const write = `DELETE FROM ${sql.qualified(node.relation.name)} AS ${alias} WHERE ${where.join(' AND ')}`;
  return returningSql(sql, write, node, preferences.return === 'representation');
}
