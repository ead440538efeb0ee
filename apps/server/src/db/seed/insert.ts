import type { SqlRunner } from '../database.ts';

/** A value for a Postgres text[] column (JSON arrays go to jsonb columns as they are). */
export class PgArray {
  constructor(readonly items: readonly string[]) {}
  toString() {
    return `{${this.items.map((item) => `"${item.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
  }
}

function toParam(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof PgArray) return value.toString();
  if (value instanceof Date) return value.toISOString();
  if (value !== null && typeof value === 'object') return JSON.stringify(value);
  return value;
}

// Postgres accepts at most 65535 bind parameters per statement.
const MAX_PARAMS = 30_000;

/** Multi-row INSERTs in as few statements as the parameter limit allows. */
export async function insertRows(
  db: SqlRunner,
  table: string,
  rows: readonly Record<string, unknown>[],
): Promise<void> {
  if (rows.length === 0) return;
  // The union of every row's keys: a key missing from a row takes the column's DEFAULT there.
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const perStatement = Math.max(1, Math.floor(MAX_PARAMS / columns.length));
  const columnList = columns.map((column) => `"${column}"`).join(', ');
  for (let start = 0; start < rows.length; start += perStatement) {
    const chunk = rows.slice(start, start + perStatement);
    const params: unknown[] = [];
    const tuples = chunk.map((row) => {
      const placeholders = columns.map((column) => {
        if (!Object.hasOwn(row, column)) return 'DEFAULT';
        params.push(toParam(row[column]));
        return `$${params.length}`;
      });
      return `(${placeholders.join(', ')})`;
    });
    await db.query(`INSERT INTO ${table} (${columnList}) VALUES ${tuples.join(', ')}`, params);
  }
}
