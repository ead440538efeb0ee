// Validation derived from the description, as yup: the fields are formik + yup already, so the
// description compiles to the same rules (validation.ts) hand-written forms use, not a second system.
import * as yup from 'yup';
import { parseDocument } from './parse.ts';
import { DNS1123_MESSAGE, integer, isDns1123, REQUIRED_MESSAGE, text } from './validation.ts';
import { valueSource } from './valueSource.ts';
import type { FieldDescription, FormDescription, ListFieldDescription } from './description.ts';
import { leafFields, type FormValues, type LeafField } from './model.ts';

export const KEY_VALUE_MESSAGE = 'Must be a map of text values';
export const LIST_MESSAGE = 'Must be a list';

export function listMinMessage(min: number): string {
  return `Add at least ${min}`;
}

export function listMaxMessage(max: number): string {
  return `At most ${max} allowed`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A list's rule: its bounds, and each item's rules (a group item's conditions read the item). */
function listRule(field: ListFieldDescription): yup.ISchema<unknown> {
  const { item } = field;
  const itemRule =
    item.kind === 'group'
      ? yup.lazy((value: unknown) =>
          rulesForFields(item.fields, isRecord(value) ? value : {}).typeError(
            'Must be a map of fields',
          ),
        )
      : fieldRule({ ...item, name: '', path: '' } as LeafField);
  let rule = yup.array().typeError(LIST_MESSAGE).of(itemRule);
  if (field.minItems !== undefined && field.minItems > 0)
    rule = rule.min(field.minItems, listMinMessage(field.minItems));
  if (field.maxItems !== undefined) rule = rule.max(field.maxItems, listMaxMessage(field.maxItems));
  return rule as yup.ISchema<unknown>;
}

/** The yup rule of one field. */
export function fieldRule(field: LeafField): yup.ISchema<unknown> {
  switch (field.kind) {
    case 'list':
      return listRule(field);
    case 'text': {
      const { required = false, minLength, maxLength, pattern } = field;
      const rule = text({
        required,
        minLength,
        maxLength,
        regex: pattern === undefined ? undefined : new RegExp(`^(?:${pattern})$`),
      });
      // A test rather than concat(dns1123()): concat would take that rule's optional() over required.
      return field.format === 'dns1123'
        ? rule.test('dns1123', DNS1123_MESSAGE, (value) => !value || isDns1123(value))
        : rule;
    }
    case 'number':
      return integer({ required: field.required, min: field.min, max: field.max });
    case 'checkbox':
    case 'switch':
      return yup.boolean();
    case 'select': {
      const allowed = field.options.map((option) => option.value);
      const rule = yup.string().oneOf(allowed, `Must be one of: ${allowed.join(', ')}`);
      return field.required ? rule.required(REQUIRED_MESSAGE) : rule;
    }
    case 'secret-or-reference':
      return valueSource({ required: field.required });
    case 'key-value':
      // The Code tab can put anything here; the form's rows only ever make a map of strings.
      return yup
        .mixed()
        .test(
          'key-value',
          KEY_VALUE_MESSAGE,
          (value) =>
            value === undefined ||
            (isRecord(value) && Object.values(value).every((item) => typeof item === 'string')),
        );
    case 'code': {
      const language = field.language ?? 'text';
      let rule = yup.string().test('parses', (value, context) => {
        if (!value || language === 'text') return true;
        const parsed = parseDocument(value, language);
        return parsed.ok || context.createError({ message: parsed.problem.message });
      });
      if (field.required) rule = rule.required(REQUIRED_MESSAGE);
      return rule;
    }
  }
}

type RuleTree = { [key: string]: RuleTree | yup.ISchema<unknown> };

function toObjectSchema(tree: RuleTree): yup.AnyObjectSchema {
  const shape: Record<string, yup.ISchema<unknown>> = {};
  for (const [key, node] of Object.entries(tree))
    shape[key] = yup.isSchema(node)
      ? (node as yup.ISchema<unknown>)
      : toObjectSchema(node as RuleTree);
  return yup.object(shape);
}

function rulesForFields(
  fields: readonly FieldDescription[],
  values: FormValues,
): yup.AnyObjectSchema {
  const tree: RuleTree = {};
  for (const field of leafFields(fields, values)) {
    const keys = field.path.split('.');
    const last = keys.pop();
    if (last === undefined) continue;
    let node = tree;
    for (const key of keys) {
      const next = node[key];
      if (next === undefined || yup.isSchema(next)) node = node[key] = {};
      else node = next as RuleTree;
    }
    node[last] = fieldRule(field);
  }
  return toObjectSchema(tree);
}

/** The object rule of the fields shown for `values` (hidden fields are not checked). */
export function rulesFor(description: FormDescription, values: FormValues): yup.AnyObjectSchema {
  return rulesForFields(description.fields, values);
}

/** A formik `validationSchema`: the rules follow the conditions as the value changes. */
export function validationSchemaOf(description: FormDescription) {
  return yup.lazy((values: FormValues | undefined) => rulesFor(description, values ?? {}));
}
