import { builtInAdmin, type AuthUser } from './user.ts';

/** A value the server writes into a column: the PostgREST engine's `ServerValue`. */
export type ServerValue = { readonly value: unknown } | { readonly now: true };

/** The columns the server sets on insert and on update: the PostgREST engine's `ServerColumns`. */
export interface AuthorshipColumns {
  insert: Record<string, ServerValue>;
  update: Record<string, ServerValue>;
}

const databaseNow: ServerValue = { now: true };

/**
 * Server-set authorship, the rule of every relation written through /api/db, decided by its columns
 * rather than a list of tables: `created_by` is the session's person and `created_at` the database's
 * clock, both on insert only, so no upsert or PATCH moves them; `updated_at` and `updated_by` follow
 * every write; a personal table's person column (TableDeclaration.personal) is the session's person
 * on insert too. Whatever a body says for these columns is ignored.
 */
export function authorshipColumns(
  user: AuthUser,
  relation: { columns: readonly { name: string }[] },
  /** The column naming whose row it is, of a table of rows each person keeps (set on insert). */
  personal?: string,
): AuthorshipColumns {
  const names = new Set(relation.columns.map((column) => column.name));
  // The in-memory admin of `--auth disabled` is nobody in `people`: its rows have no author.
  const person: ServerValue = { value: user.id === builtInAdmin.id ? null : user.id };
  const insert: Record<string, ServerValue> = {};
  const update: Record<string, ServerValue> = {};
  if (personal && names.has(personal)) insert[personal] = person;
  if (names.has('created_by')) insert.created_by = person;
  if (names.has('created_at')) insert.created_at = databaseNow;
  if (names.has('updated_at')) insert.updated_at = update.updated_at = databaseNow;
  if (names.has('updated_by')) insert.updated_by = update.updated_by = person;
  return { insert, update };
}
