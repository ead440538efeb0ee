export { openDatabase, PGliteDatabase, PostgresDatabase, toIsoTimestamp } from './database';
export type { Database, DatabaseEngine, FieldInfo, QueryResult, SqlRunner, OpenDatabaseOptions } from './database';
export { migrate, loadMigrations, migrationsDir } from './migrate';
export type { Migration } from './migrate';
