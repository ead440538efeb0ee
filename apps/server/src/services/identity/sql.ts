// The identity module talks SQL through the smallest surface PGlite, node-postgres and the core
// Database all share, so it can run on any of them without knowing which.
export interface SqlExecutor {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}
