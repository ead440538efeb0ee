import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { jsonNestsDeeperThan, MAX_JSON_DEPTH } from './jsonDepth.ts';

/** The backend's error body: `{error, message?}`. */
export function errorBody(error: string, message?: string) {
  return message ? { error, message } : { error };
}

/** A client mistake or refusal that becomes a 4xx `{error, message}` reply. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly error: string,
    message?: string,
  ) {
    super(message ?? error);
  }
}

export const badRequest = (message: string) => new ApiError(400, 'invalid', message);
export const notFound = (message: string) => new ApiError(404, 'not found', message);
export const forbidden = (message: string) => new ApiError(403, 'forbidden', message);

/** Reads a JSON body; an empty body is `{}`, a malformed or too deeply nested one a 400. */
export async function readJsonBody(c: Context): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  if (jsonNestsDeeperThan(text))
    throw badRequest(`request body nests more than ${MAX_JSON_DEPTH} levels deep`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest('request body is not valid JSON');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw badRequest('request body must be a JSON object');
  return value as Record<string, unknown>;
}

/**
 * What a request body is checked against: a zod schema (@opsdeck/api-client exports one per
 * contract, which its calls use too), described by the one method used here.
 */
export interface BodySchema<T> {
  safeParse(
    value: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: readonly BodyIssue[] } };
}

/** A zod issue, as much of it as the 400's message uses. */
interface BodyIssue {
  path: PropertyKey[];
  message: string;
  /** The type wanted (invalid_type). */
  expected?: string;
  /** The values allowed (invalid_value). */
  values?: readonly unknown[];
}

// zod/mini ships no messages ("Invalid input"), so the message names what was expected.
function describeIssue(issue: BodyIssue): string {
  const field = issue.path.map(String).join('.') || 'body';
  const expected = issue.values
    ? `one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`
    : issue.expected;
  return `${field}: ${issue.message}${expected ? ` (expected ${expected})` : ''}`;
}

/** Reads a JSON object body (as readJsonBody) and validates it; a mismatch is a 400 naming the field. */
export async function readValidBody<T>(c: Context, schema: BodySchema<T>): Promise<T> {
  const result = schema.safeParse(await readJsonBody(c));
  if (result.success) return result.data;
  throw badRequest(result.error.issues.map(describeIssue).join('; '));
}

export function handleError(
  error: Error,
  c: Context,
  log: (entry: Record<string, unknown>) => void,
) {
  if (error instanceof ApiError) return c.json(errorBody(error.error, error.message), error.status);
  if (error instanceof HTTPException) {
    const status = error.status as ContentfulStatusCode;
    return c.json(
      errorBody(status === 401 ? 'unauthorized' : 'invalid', error.message || undefined),
      status,
    );
  }
  // Postgres errors a request's input causes: class 22 (a value it cannot parse or hold: bad uuid,
  // timestamp out of range, bad json) and class 54 (a program limit: statement too complex, too many
  // columns or arguments). A client sending them again gets the same answer, so it is a 400.
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && /^(22|54)/.test(code))
    return c.json(errorBody('invalid', error.message), 400);
  log({ level: 'error', msg: 'unhandled error', error: error.message, stack: error.stack });
  return c.json(errorBody('internal', 'internal error'), 500);
}
