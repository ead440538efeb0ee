// Walking a FormDescription against a value: paths, conditions, defaults. Plain functions, no React.
import type {
  FieldCondition,
  FieldDescription,
  FormDescription,
  InferredChoice,
  ListItemDescription,
} from './description.ts';
import { buildUrl } from './url.ts';

export type FormValues = Record<string, unknown>;

/** A field with no children, with its name resolved from the form's root. */
export type LeafField = Exclude<FieldDescription, { kind: 'group' }> & { path: string };

export function joinPath(prefix: string, name: string | undefined): string {
  if (!name) return prefix;
  return prefix ? `${prefix}.${name}` : name;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value at a dotted path; numeric keys step into a list's items (`http.0.url`). */
export function getPath(values: unknown, path: string): unknown {
  if (!path) return values;
  let current: unknown = values;
  for (const key of path.split('.')) {
    if (Array.isArray(current) && /^\d+$/.test(key)) current = current[Number(key)];
    else if (isRecord(current)) current = current[key];
    else return undefined;
  }
  return current;
}

/** A copy of `values` with `path` set; records on the way are copied, never mutated. */
export function setPath(values: FormValues, path: string, value: unknown): FormValues {
  const [head, ...rest] = path.split('.');
  if (head === undefined) return values;
  if (rest.length === 0) return { ...values, [head]: value };
  const child = isRecord(values[head]) ? values[head] : {};
  return { ...values, [head]: setPath(child, rest.join('.'), value) };
}

/** A copy of `values` without `path` (and without records the removal left empty). */
export function removePath(values: FormValues, path: string): FormValues {
  const [head, ...rest] = path.split('.');
  if (head === undefined || !(head in values)) return values;
  const { [head]: child, ...others } = values;
  if (rest.length === 0) return others;
  if (!isRecord(child)) return values;
  const next = removePath(child, rest.join('.'));
  return Object.keys(next).length === 0 ? others : { ...others, [head]: next };
}

function isSet(value: unknown): boolean {
  if (value === undefined || value === null || value === '' || value === false) return false;
  return !isRecord(value) || Object.keys(value).length > 0;
}

export function conditionHolds(condition: FieldCondition, values: FormValues): boolean {
  if ('anyOf' in condition)
    return condition.anyOf.some((alternative) => conditionHolds(alternative, values));
  const value = getPath(values, condition.name);
  if (condition.equals !== undefined) return value === condition.equals;
  if (condition.oneOf !== undefined) return condition.oneOf.some((allowed) => allowed === value);
  if (condition.isSet !== undefined) return isSet(value) === condition.isSet;
  return true;
}

function allHold(
  when: FieldCondition | readonly FieldCondition[] | undefined,
  values: FormValues,
): boolean {
  if (!when) return true;
  const conditions: readonly FieldCondition[] = Array.isArray(when)
    ? when
    : [when as FieldCondition];
  return conditions.every((condition) => conditionHolds(condition, values));
}

/** `values` are the form's (or, inside a list, the item's): condition names are paths from there. */
export function isShown(field: FieldDescription, values: FormValues): boolean {
  return allHold(field.when, values);
}

/**
 * The leaf fields under `fields` with their full paths. Given values, fields hidden by a condition
 * (or inside a hidden group) are left out.
 */
export function leafFields(
  fields: readonly FieldDescription[],
  values?: FormValues,
  prefix = '',
): LeafField[] {
  const leaves: LeafField[] = [];
  for (const field of fields) {
    if (values && !isShown(field, values)) continue;
    if (field.kind === 'group')
      leaves.push(...leafFields(field.fields, values, joinPath(prefix, field.name)));
    else leaves.push({ ...field, path: joinPath(prefix, field.name) });
  }
  return leaves;
}

/** What a new item of a list holds: a group item's defaults, or the item field's empty value. */
export function itemDefault(item: ListItemDescription): unknown {
  if (item.kind === 'group') return fieldDefaults(item.fields, {});
  return emptyValue({ ...item, name: '', path: '' } as LeafField);
}

/** What a field holds before anything is typed, when the description gives no default. */
export function emptyValue(field: LeafField): unknown {
  switch (field.kind) {
    case 'list':
      return (
        field.default ?? Array.from({ length: field.minItems ?? 0 }, () => itemDefault(field.item))
      );
    case 'text':
    case 'code':
      return field.default ?? '';
    case 'checkbox':
    case 'switch':
      return field.default ?? false;
    case 'secret-or-reference':
      return field.default ?? { value: '' };
    case 'key-value':
      return field.default ?? {};
    case 'number':
    case 'select':
      return field.default;
  }
}

function inferred(field: LeafField, initial: FormValues): unknown {
  const choices: readonly InferredChoice<unknown>[] | undefined =
    'infer' in field ? field.infer : undefined;
  return choices?.find((choice) => allHold(choice.when, initial))?.value;
}

function fieldDefaults(fields: readonly FieldDescription[], initial: FormValues): FormValues {
  let values = initial;
  for (const field of leafFields(fields)) {
    const current = getPath(values, field.path);
    // An edited record's items get their fields' defaults (and inferred choices) as new ones do.
    if (field.kind === 'list' && field.item.kind === 'group' && Array.isArray(current)) {
      const { fields: itemFields } = field.item;
      values = setPath(
        values,
        field.path,
        current.map((item) => (isRecord(item) ? fieldDefaults(itemFields, item) : item)),
      );
      continue;
    }
    if (current !== undefined) continue;
    // A choice is read from the record as it came, before defaults fill in what it lacks.
    const value = inferred(field, initial) ?? emptyValue(field);
    if (value !== undefined) values = setPath(values, field.path, value);
  }
  return values;
}

/** Initial values: every field's default, under whatever `initial` already holds (an edited record). */
export function defaultValues(description: FormDescription, initial: FormValues = {}): FormValues {
  return fieldDefaults(description.fields, initial);
}

function submittedItem(item: ListItemDescription, value: unknown): unknown {
  return item.kind === 'group' && isRecord(value) ? submittedFields(item.fields, value) : value;
}

function submittedFields(fields: readonly FieldDescription[], values: FormValues): FormValues {
  const shown = new Set(leafFields(fields, values).map((field) => field.path));
  let result = values;
  for (const field of leafFields(fields)) {
    if (!shown.has(field.path) || field.transient) result = removePath(result, field.path);
    else if (field.kind === 'list') {
      const items = getPath(result, field.path);
      if (Array.isArray(items))
        result = setPath(
          result,
          field.path,
          items.map((item) => submittedItem(field.item, item)),
        );
    }
  }
  return result;
}

/**
 * The value to submit: fields hidden by a condition (also inside a list's items) and transient
 * choices are dropped, so a switched-off choice does not send its stale inputs; a description with
 * a `url` template gets its url built. Keys the description does not know (typed in the Code tab)
 * are kept.
 */
export function submittedValues(description: FormDescription, values: FormValues): FormValues {
  const result = submittedFields(description.fields, values);
  return description.url === undefined
    ? result
    : { ...result, url: buildUrl(description.url, result) };
}
