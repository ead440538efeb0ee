// An existing notification connection's `url` read back into its form's fields (settings spec §3:
// the editor parses the url it built on submit), by the same template the url was built from.
import type { FormDescription } from '../form/description.ts';
import { leafFields, setPath, type FormValues } from '../form/model.ts';
import { parseUrl } from '../form/url.ts';

/**
 * `values` with the fields `url` was built from filled in from it (lists split, numbers as
 * numbers); unchanged when the type builds no url or the url does not have its shape.
 */
export function connectionFieldsFromUrl(
  description: FormDescription,
  url: string,
  values: FormValues = {},
): FormValues {
  if (!description.url) return values;
  const fields = leafFields(description.fields);
  const lists = new Set(fields.filter((field) => field.kind === 'list').map((field) => field.path));
  const parsed = parseUrl(description.url, url, lists);
  if (!parsed) return values;
  let next = values;
  for (const [path, value] of Object.entries(parsed)) {
    const field = fields.find((candidate) => candidate.path === path);
    const typed =
      field?.kind === 'number' && typeof value === 'string' && value.trim() !== ''
        ? Number(value)
        : value;
    next = setPath(next, path, typed);
  }
  return next;
}
