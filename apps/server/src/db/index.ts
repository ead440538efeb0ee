export { openDatabase, PGliteDatabase, PostgresDatabase, toIsoTimestamp } from './database';
export type {
  Database,
  DatabaseEngine,
  FieldInfo,
  QueryResult,
  SqlRunner,
  OpenDatabaseOptions,
} from './database';
export { migrate, loadMigrations, servicesRoot, LEGACY_MIGRATIONS } from './migrate';
export type { Migration, MigrateOptions } from './migrate';
