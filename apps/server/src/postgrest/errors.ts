import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * PostgREST's error body `{code, message, details, hint}`, plus `error` (the same text as `message`)
 * because the console's generic error reader looks at `error` first.
 */
export interface PostgrestErrorBody {
  code: string;
  message: string;
  details: string | null;
  hint: string | null;
  error: string;
}

/** A refusal the engine answers with a 4xx (or 300) and a PostgREST-shaped body. */
export class PostgrestError extends Error {
  override readonly name = 'PostgrestError';
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
  ) {
    super(message);
  }

  toBody(): PostgrestErrorBody {
    return {
      code: this.code,
      message: this.message,
      details: this.details,
      hint: this.hint,
      error: this.message,
    };
  }
}

export const parseError = (message: string, details: string | null = null) =>
  new PostgrestError(400, 'PGRST100', message, details);

export const unknownColumn = (relation: string, column: string) =>
  // What Postgres says (42703) and PostgREST forwards with a 400.
  new PostgrestError(400, '42703', `column ${relation}.${column} does not exist`);

export const unknownPayloadColumn = (relation: string, column: string) =>
  new PostgrestError(
    400,
    'PGRST204',
    `Could not find the '${column}' column of '${relation}' in the schema cache`,
  );

export const unknownRelation = (schema: string, relation: string) =>
  new PostgrestError(
    404,
    'PGRST205',
    `Could not find the table '${schema}.${relation}' in the schema cache`,
  );

export const invalidBody = (message: string) => new PostgrestError(400, 'PGRST102', message);

/** A write a view cannot take; Postgres' own refusal (55000) would be a 500 after the statement ran. */
export const readOnlyRelation = (relation: string, verb: 'insert' | 'update' | 'delete') =>
  new PostgrestError(
    405,
    '55000',
    `cannot ${verb === 'insert' ? 'insert into' : verb === 'update' ? 'update' : 'delete from'} view "${relation}"`,
    `'${relation}' is not automatically updatable and has no INSTEAD OF ${verb.toUpperCase()} trigger.`,
    'Write to the table it reads from.',
  );

interface DriverError {
  code?: unknown;
  message?: unknown;
  detail?: unknown;
  hint?: unknown;
  /** The Postgres source file that raised it (not translated, unlike the message). */
  file?: unknown;
}

/**
 * The HTTP status PostgREST gives a Postgres SQLSTATE, narrowed to what a request to this engine can
 * cause: bad values and constraint violations are the client's (4xx); anything else stays a 500.
 */
function statusOfSqlState(code: string, file?: unknown): ContentfulStatusCode {
  // A syntax error in a tsquery (`fts.a & (b`) is in the caller's bound value, not in our SQL.
  if (code === '42601' && (file === 'tsquery.c' || file === 'tsvector_parser.c')) return 400;
  if (code === '23503' || code === '23505') return 409;
  if (code === '42P01') return 404;
  if (code === '25006') return 405;
  if (code.startsWith('08') || code.startsWith('53')) return code === '53400' ? 500 : 503;
  if (code === '42501') return 403;
  // Class 54 (54001 statement too complex, 54011 too many columns, 54023 too many arguments) comes from
  // the request's shape; PostgREST answers 500, but the client is the one who can change it.
  if (code.startsWith('54')) return 400;
  // Class 22 (data exception: 22P02 invalid input syntax, 22007 bad datetime...), class 23 (integrity:
  // 23502 not null, 23514 check), 42 (a value that makes a type or operator mismatch), P0001 (raise).
  // 42601 (syntax error) is left a 500: every value is bound, so it would be a bug of the engine.
  if (code === '42601') return 500;
  if (/^(22|23|42|2F|P0001)/.test(code)) return 400;
  return 500;
}

/** A Postgres error from a query this engine built, as a PostgREST reply; undefined if it is not one. */
export function fromDatabaseError(error: unknown): PostgrestError | undefined {
  if (error === null || typeof error !== 'object') return undefined;
  const { code, message, detail, hint, file } = error as DriverError;
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code) || typeof message !== 'string')
    return undefined;
  const status = statusOfSqlState(code, file);
  if (status === 500) return undefined;
  return new PostgrestError(
    status,
    code,
    message,
    typeof detail === 'string' ? detail : null,
    typeof hint === 'string' ? hint : null,
  );
}
