// A form description as a contract's check: the yup rules the editor runs (rules.ts), on the values
// the editor would open (defaults filled in, choices inferred), with each problem's path as the
// editor's field has it. The server's write checks call this too, so editor and server agree.
import { ValidationError } from 'yup';
import type { ContractIssue } from '../contract.ts';
import type { FormDescription } from './description.ts';
import { defaultValues, leafFields, type FormValues } from './model.ts';
import { rulesFor } from './rules.ts';

export const FIELDS_MESSAGE = 'Must be a map of fields';

function isRecord(value: unknown): value is FormValues {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `headers[0].name` or `a["b.c"]` → `['headers', 0, 'name']`, `['a', 'b.c']`. */
export function parsePath(path: string): (string | number)[] {
  const keys: (string | number)[] = [];
  const part = /([^.[\]]+)|\[(\d+)\]|\["((?:[^"\\]|\\.)*)"\]/g;
  for (const match of path.matchAll(part)) {
    if (match[1] !== undefined) keys.push(match[1]);
    else if (match[2] !== undefined) keys.push(Number(match[2]));
    else if (match[3] !== undefined) keys.push(match[3]);
  }
  return keys;
}

/** The values a form opens for `record`: its defaults under what the record holds. */
export function formValuesOf(description: FormDescription, record: unknown): FormValues {
  return defaultValues(description, isRecord(record) ? record : {});
}

/**
 * What the form's rules refuse in `record`, as it would open in the editor. Paths are from the
 * record (`url`, `headers[0].name`); a record that is not a map is refused whole.
 */
export function formIssues(description: FormDescription, record: unknown): ContractIssue[] {
  if (!isRecord(record)) return [{ path: '', message: FIELDS_MESSAGE }];
  const values = formValuesOf(description, record);
  try {
    rulesFor(description, values).validateSync(values, { abortEarly: false });
    return [];
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const errors = error.inner.length > 0 ? error.inner : [error];
    const issues = errors.map((inner) => ({ path: inner.path ?? '', message: inner.message }));
    // yup lists an object's problems in its own order: put them in the form's, top to bottom.
    const order = leafFields(description.fields, values).map((field) => field.path);
    const rank = (path: string) => {
      const index = order.findIndex(
        (field) => path === field || path.startsWith(`${field}.`) || path.startsWith(`${field}[`),
      );
      return index === -1 ? order.length : index;
    };
    return issues.sort((a, b) => rank(a.path) - rank(b.path));
  }
}

/**
 * For a map's own refinement (its check lists): run it even when a field of the map already failed
 * (zod skips refinements after such a problem), so every problem is listed at once.
 */
export const everyProblem = {
  when: (payload: { value: unknown }) => isRecord(payload.value),
};
