import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { lockDataDir, type DataDirLock } from './dataDirLock.ts';

/** A column of a result, as both engines describe it. */
export interface FieldInfo {
  name: string;
  dataTypeID: number;
}

export interface QueryResult<T> {
  rows: T[];
  fields: FieldInfo[];
  /** Rows touched by INSERT/UPDATE/DELETE (0 for SELECT on PGlite when unknown). */
  rowCount: number;
}

/** What runs SQL: the database itself, or one transaction of it. */
export interface SqlRunner {
  /** One statement, `$1..$n` bind parameters. */
  query<T = Record<string, unknown>>(
    sql: string,
    params?: readonly unknown[],
  ): Promise<QueryResult<T>>;
  /** Several statements separated by `;`, no parameters (migrations, seed scripts). */
  exec(sql: string): Promise<void>;
}

export type DatabaseEngine = 'pglite' | 'postgres';

/**
 * The storage every module of the server talks to. Two engines answer the same SQL and give the same
 * JS values: int8/numeric as numbers, timestamps as ISO-8601 strings (microseconds kept, UTC),
 * json/jsonb parsed, uuid as string.
 */
export interface Database extends SqlRunner {
  readonly engine: DatabaseEngine;
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: SqlRunner) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const OID = {
  INT8: 20,
  NUMERIC: 1700,
  TIMESTAMP: 1114,
  TIMESTAMPTZ: 1184,
  DATE: 1082,
} as const;

// Postgres prints "2024-01-02 03:04:05.123456+00"; ISO-8601 wants the T and a "+00:00" offset.
export function toIsoTimestamp(text: string): string {
  const withT = text.replace(' ', 'T');
  if (/[+-]\d\d$/.test(withT)) return `${withT}:00`;
  if (/[+-]\d\d:\d\d$/.test(withT) || withT.endsWith('Z')) return withT;
  return withT;
}

function toNumber(text: string): number | string {
  const value = Number(text);
  // Keep exact text for values a double cannot hold rather than silently rounding them.
  return Number.isSafeInteger(value) || !/^-?\d+$/.test(text) ? value : text;
}

const textParsers: Record<number, (value: string) => unknown> = {
  [OID.INT8]: toNumber,
  [OID.NUMERIC]: (value) => Number(value),
  [OID.TIMESTAMP]: toIsoTimestamp,
  [OID.TIMESTAMPTZ]: toIsoTimestamp,
  [OID.DATE]: (value) => value,
};

// ---------------------------------------------------------------- PGlite

export interface PGliteDatabaseOptions {
  /** A data directory, locked for this process while open; omitted means in memory. */
  dataDir?: string;
  /** A tarball from another PGlite's dumpDataDir(), to start from a copy. */
  loadDataDir?: Blob | File;
}

type PGliteRunner = Pick<PGlite, 'query' | 'exec'>;

function pgliteRunner(db: PGliteRunner): SqlRunner {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const result = await db.query<T>(sql, params as unknown[]);
      return {
        rows: result.rows,
        fields: result.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
        rowCount: result.affectedRows ?? result.rows.length,
      };
    },
    async exec(sql: string) {
      await db.exec(sql);
    },
  };
}

export class PGliteDatabase implements Database {
  readonly engine = 'pglite' as const;
  private readonly runner: SqlRunner;

  private constructor(
    readonly pglite: PGlite,
    private readonly lock?: DataDirLock,
  ) {
    this.runner = pgliteRunner(pglite);
  }

  /** Throws DataDirLockedError when another live process has `dataDir` open. */
  static async open(options: PGliteDatabaseOptions = {}): Promise<PGliteDatabase> {
    const parsers = Object.fromEntries(
      Object.entries(textParsers).map(([oid, parse]) => [oid, (value: string) => parse(value)]),
    );
    // PGlite itself lets two processes open one directory, and the second one's writes are lost.
    const lock = options.dataDir ? await lockDataDir(options.dataDir) : undefined;
    let pglite: PGlite | undefined;
    try {
      pglite = await PGlite.create({
        ...(options.dataDir ? { dataDir: options.dataDir } : {}),
        ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
        parsers,
        // The catalog's search indexes (catalog/003): the extension's files must be given here
        // for CREATE EXTENSION to find them, and on every later open of the same data.
        extensions: { pg_trgm },
      });
      await pglite.exec("SET TIME ZONE 'UTC'");
    } catch (error) {
      await pglite?.close().catch(() => undefined);
      lock?.release();
      throw error;
    }
    return new PGliteDatabase(pglite, lock);
  }

  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]) {
    return this.runner.query<T>(sql, params);
  }

  exec(sql: string) {
    return this.runner.exec(sql);
  }

  transaction<T>(fn: (tx: SqlRunner) => Promise<T>): Promise<T> {
    return this.pglite.transaction((tx) => fn(pgliteRunner(tx)));
  }

  /** A copy of the whole data directory, to clone this database into another PGlite. */
  dump(): Promise<File | Blob> {
    return this.pglite.dumpDataDir('none');
  }

  async close() {
    try {
      if (!this.pglite.closed) await this.pglite.close();
    } finally {
      // Only once PGlite has written everything out may another process open the directory.
      this.lock?.release();
    }
  }
}

// ---------------------------------------------------------------- node-postgres

const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    const parse = textParsers[oid];
    if (parse && format !== 'binary') return parse;
    return pg.types.getTypeParser(oid, format ?? 'text');
  },
} as pg.CustomTypesConfig;

function pgRunner(client: pg.Pool | pg.PoolClient): SqlRunner {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const result = await client.query({ text: sql, values: params as unknown[], types: pgTypes });
      return {
        rows: result.rows as T[],
        fields: result.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
        rowCount: result.rowCount ?? 0,
      };
    },
    async exec(sql: string) {
      // The simple protocol (no values) accepts several statements in one round trip.
      await client.query(sql);
    },
  };
}

export interface PostgresDatabaseOptions {
  url: string;
  /** Pool size; defaults to 10. */
  max?: number;
}

export class PostgresDatabase implements Database {
  readonly engine = 'postgres' as const;
  private readonly runner: SqlRunner;

  private constructor(readonly pool: pg.Pool) {
    this.runner = pgRunner(pool);
  }

  static async open(options: PostgresDatabaseOptions): Promise<PostgresDatabase> {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.max ?? 10,
      connectionTimeoutMillis: 5000,
      options: '-c TimeZone=UTC',
    });
    // An idle client losing its connection must not crash the process.
    pool.on('error', () => undefined);
    const db = new PostgresDatabase(pool);
    try {
      await db.query('SELECT 1');
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw error;
    }
    return db;
  }

  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]) {
    return this.runner.query<T>(sql, params);
  }

  exec(sql: string) {
    return this.runner.exec(sql);
  }

  async transaction<T>(fn: (tx: SqlRunner) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const result = await fn(pgRunner(client));
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  async close() {
    await this.pool.end();
  }
}

// ---------------------------------------------------------------- opening

export interface OpenDatabaseOptions {
  /** A postgres:// URL: node-postgres. Otherwise PGlite. */
  url?: string;
  /** PGlite data directory; ignored with `url` or `memory`. */
  dataDir?: string;
  memory?: boolean;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.url) return PostgresDatabase.open({ url: options.url });
  return PGliteDatabase.open(
    options.memory || !options.dataDir ? {} : { dataDir: options.dataDir },
  );
}
