import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import {
  currentActor,
  inActorTransaction,
  inTransactionScope,
  mayWrite,
  SET_ACTOR_SQL,
} from './actor.ts';
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
  /**
   * Calls `handler` on each NOTIFY of `channel` (from any session, any instance on PostgreSQL);
   * resolves once listening, to a function that stops.
   */
  listen(channel: string, handler: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/**
 * The write runs under the current actor (db/actor.ts): a transaction sets it first, and a
 * standalone write is put in a transaction of its own to carry it. Without an actor, as given.
 */
async function asActor<T>(
  sql: string,
  run: () => Promise<T>,
  transaction: (fn: (tx: SqlRunner) => Promise<T>) => Promise<T>,
  inner: (tx: SqlRunner) => Promise<T>,
): Promise<T> {
  if (currentActor() === undefined || inActorTransaction() || !mayWrite(sql)) return run();
  return transaction(inner);
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
    return asActor(
      sql,
      () => this.runner.query<T>(sql, params),
      (fn) => this.transaction(fn),
      (tx) => tx.query<T>(sql, params),
    );
  }

  exec(sql: string) {
    return asActor(
      sql,
      () => this.runner.exec(sql),
      (fn) => this.transaction(fn),
      (tx) => tx.exec(sql),
    );
  }

  transaction<T>(fn: (tx: SqlRunner) => Promise<T>): Promise<T> {
    const actor = currentActor();
    return this.pglite.transaction(async (tx) => {
      const runner = pgliteRunner(tx);
      if (actor === undefined) return fn(runner);
      await runner.query(SET_ACTOR_SQL, [actor]);
      return inTransactionScope(() => fn(runner));
    });
  }

  async listen(channel: string, handler: () => void): Promise<() => Promise<void>> {
    const stop = await this.pglite.listen(channel, () => handler());
    return async () => {
      if (!this.pglite.closed) await stop();
    };
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

  private constructor(
    readonly pool: pg.Pool,
    private readonly url: string,
  ) {
    this.runner = pgRunner(pool);
  }

  static async open(options: PostgresDatabaseOptions): Promise<PostgresDatabase> {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.max ?? 10,
      connectionTimeoutMillis: 5000,
      options: '-c TimeZone=UTC',
      // A statement whose client has died (an instance killed -9 mid-seed) stops within a second
      // rather than holding its locks until it ends on its own. PostgreSQL 14+; older ones refuse
      // the setting, which changes nothing else on the session. Awaited before the client is used.
      onConnect: async (client) => {
        await client.query('SET client_connection_check_interval = 1000').catch(() => undefined);
      },
    });
    // An idle client losing its connection must not crash the process.
    pool.on('error', () => undefined);
    const db = new PostgresDatabase(pool, options.url);
    try {
      await db.query('SELECT 1');
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw error;
    }
    return db;
  }

  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]) {
    return asActor(
      sql,
      () => this.runner.query<T>(sql, params),
      (fn) => this.transaction(fn),
      (tx) => tx.query<T>(sql, params),
    );
  }

  exec(sql: string) {
    return asActor(
      sql,
      () => this.runner.exec(sql),
      (fn) => this.transaction(fn),
      (tx) => tx.exec(sql),
    );
  }

  async transaction<T>(fn: (tx: SqlRunner) => Promise<T>): Promise<T> {
    const actor = currentActor();
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const runner = pgRunner(client);
      if (actor !== undefined) await runner.query(SET_ACTOR_SQL, [actor]);
      const result = await fn(runner);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /**
   * A connection of its own for LISTEN (a pooled one would be handed to others); when it is lost,
   * it reconnects after a second and calls `handler` once, as changes may have been missed.
   */
  async listen(channel: string, handler: () => void): Promise<() => Promise<void>> {
    let stopped = false;
    let client: pg.Client | undefined;
    let retry: NodeJS.Timeout | undefined;
    const reconnectLater = () => {
      retry = setTimeout(() => {
        connect().then(handler).catch(reconnectLater);
      }, 1000);
      retry.unref();
    };
    const connect = async (): Promise<void> => {
      const next = new pg.Client({ connectionString: this.url, connectionTimeoutMillis: 5000 });
      next.on('notification', (message) => {
        if (message.channel === channel) handler();
      });
      next.on('error', () => {
        if (stopped || client !== next) return;
        client = undefined;
        next.end().catch(() => undefined);
        reconnectLater();
      });
      try {
        await next.connect();
        await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      } catch (error) {
        await next.end().catch(() => undefined);
        throw error;
      }
      if (stopped) {
        await next.end();
        return;
      }
      client = next;
    };
    await connect();
    return async () => {
      stopped = true;
      clearTimeout(retry);
      await client?.end().catch(() => undefined);
      client = undefined;
    };
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

let memoryTemplate: Blob | undefined;

/**
 * For tests, which start many in-memory servers: each in-memory database opened from here on is a
 * copy of `template` (a dump of a migrated cluster, see src/testing/setup.ts) rather than a new
 * cluster, which spares PGlite's initdb and the migrations' work (seconds of CPU a start). The
 * start still runs the migrations against it, each then a no-op. Undefined: new clusters again.
 */
export function copyMemoryDatabasesFrom(template: Blob | undefined): void {
  memoryTemplate = template;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.url) return PostgresDatabase.open({ url: options.url });
  if (options.memory || !options.dataDir)
    return PGliteDatabase.open(memoryTemplate ? { loadDataDir: memoryTemplate } : {});
  return PGliteDatabase.open({ dataDir: options.dataDir });
}
